import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { forgetSignedOutUser } from "../messages/live-stream";
import { AccountSuspendedNotice, rememberSuspension } from "./account-suspended-notice";

describe("AccountSuspendedNotice (issue 41)", () => {
  it("shows nothing until the live stream says the account was suspended; then why and whom to write to, until closed", async () => {
    const queryClient = new QueryClient();
    render(
      <QueryClientProvider client={queryClient}>
        <AccountSuspendedNotice />
      </QueryClientProvider>,
    );
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    const message = "This account is suspended. The reason: Repeated no-shows. If you think this is a mistake, write to help@example.test.";
    // As the live stream does: the signed-in data is forgotten, then the explanation kept.
    act(() => {
      forgetSignedOutUser(queryClient);
      rememberSuspension(queryClient, message);
    });
    const dialog = await screen.findByRole("dialog", { name: "Your account is suspended" });
    expect(dialog).toHaveTextContent("The reason: Repeated no-shows.");
    expect(dialog).toHaveTextContent("write to help@example.test");
    await userEvent.click(screen.getByRole("button", { name: "OK" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
