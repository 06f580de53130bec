import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
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
});
