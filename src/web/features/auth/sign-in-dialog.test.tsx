import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SignInDialog } from "./sign-in-dialog";

const handoffs = { onOpenChange: vi.fn(), onCreateAccount: vi.fn(), onForgotPassword: vi.fn(), onUnconfirmedEmail: vi.fn() };

function renderSignIn(prefill?: { role?: "teacher" | "parent"; email?: string }) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <SignInDialog open next={null} prefill={prefill} {...handoffs} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("SignInDialog", () => {
  it("right after a teacher applied, starts as Teacher with the address they applied with", () => {
    renderSignIn({ role: "teacher", email: "casey@example.test" });
    expect(screen.getByRole("radio", { name: "Teacher" })).toHaveAttribute("aria-checked", "true");
    expect(screen.getByRole("radio", { name: "Parent" })).toHaveAttribute("aria-checked", "false");
    expect(screen.getByLabelText("Email")).toHaveValue("casey@example.test");
  });

  it("otherwise starts with no role and no address", () => {
    renderSignIn();
    expect(screen.getByRole("radio", { name: "Teacher" })).toHaveAttribute("aria-checked", "false");
    expect(screen.getByLabelText("Email")).toHaveValue("");
  });

  it("a suspended account reads why it cannot sign in and where to write (issue 27)", async () => {
    const message = "This account is suspended. If you think this is a mistake, write to support@example.test.";
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.resolve(new Response(JSON.stringify({ error: { code: "forbidden", message, reason: "account_suspended" } }), { status: 403, headers: { "content-type": "application/json" } }))),
    );
    renderSignIn({ role: "parent", email: "casey@example.test" });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Password"), "correct-horse-battery");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    await waitFor(() => expect(screen.getByText(message)).toBeInTheDocument());
    // Not the wrong-password answer with its Create an Account offer.
    expect(screen.queryByText("Incorrect email or password.")).toBeNull();
  });
});

afterEach(() => vi.unstubAllGlobals());
