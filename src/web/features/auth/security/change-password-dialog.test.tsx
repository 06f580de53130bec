import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ChangePasswordDialog } from "./change-password-dialog";

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } })));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

async function submitChange(currentPassword: string) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <ChangePasswordDialog open onOpenChange={() => {}} />
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.type(screen.getByLabelText("Current password"), currentPassword);
  await user.type(screen.getByLabelText("New password"), "another-good-one");
  await user.type(screen.getByLabelText("Confirm new password"), "another-good-one");
  await user.click(screen.getByRole("button", { name: "Change Password" }));
  return user;
}

afterEach(() => vi.unstubAllGlobals());

describe("Change Password", () => {
  it("says beside the current password that it is not correct, instead of better-auth's 'Invalid password'", async () => {
    const fetchMock = answer(400, { code: "INVALID_PASSWORD", message: "Invalid password" });
    const user = await submitChange("not-my-password");
    const current = screen.getByLabelText("Current password");
    expect(await screen.findByText("Your current password is not correct")).toHaveAttribute("id", "cp-current-error");
    expect(current).toHaveAttribute("aria-invalid", "true");
    expect(current).toHaveAccessibleDescription("Your current password is not correct");
    expect(current).toHaveFocus();
    expect(screen.queryByText("Invalid password")).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith("/api/auth/change-password", expect.objectContaining({ method: "POST" }));
    // Typing again clears it.
    await user.type(current, "x");
    expect(screen.queryByText("Your current password is not correct")).not.toBeInTheDocument();
  });

  it("keeps other refusals in the alert below the form", async () => {
    answer(429, { message: "Too many requests. Please try again later." });
    await submitChange("my-password");
    expect(await screen.findByRole("alert")).toHaveTextContent("Too many requests. Please try again later.");
    expect(screen.getByLabelText("Current password")).not.toHaveAttribute("aria-invalid");
  });
});
