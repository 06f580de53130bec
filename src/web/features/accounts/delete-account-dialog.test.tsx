import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { WRONG_PASSWORD_MESSAGE } from "../../../shared/accounts/accounts.schemas";
import { DeleteAccountDialog, deletionConsequences } from "./delete-account-dialog";

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** The session ("me"), better-auth's session (two-factor on or off), and the answer to DELETE /api/accounts/me. */
function server(options: { profiles: { parent: boolean; teacher: boolean }; twoFactor?: boolean; deleteAnswer?: Response }) {
  const fetchMock = vi.fn((input: string | URL, init?: RequestInit) => {
    const url = input.toString();
    if (url.includes("/api/auth/get-session")) {
      return Promise.resolve(json(200, { session: { id: "s1", createdAt: "", ipAddress: null, userAgent: null }, user: { id: "u1", email: "a@b.c", twoFactorEnabled: options.twoFactor ?? false } }));
    }
    if (url.includes("/api/accounts/me") && init?.method === "DELETE") return Promise.resolve(options.deleteAnswer ?? json(200, { deleted: true }));
    return Promise.resolve(json(200, { user: { id: "u1", email: "a@b.c", name: "A" }, role: "parent", profiles: options.profiles }));
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function open() {
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
        <DeleteAccountDialog open onOpenChange={() => {}} />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("what deleting says, by role (issue 26)", () => {
  it("a parent: lessons cancelled and teachers told, the past kept as Deleted user; nothing about availability", () => {
    const text = deletionConsequences({ parent: true, teacher: false }).join(" ");
    expect(text).toMatch(/future lessons and pending lesson requests are cancelled, and each teacher is emailed/);
    expect(text).toMatch(/Past lessons stay with the teacher.*“Deleted user”/);
    expect(text).not.toMatch(/availability/i);
    expect(text).not.toMatch(/Deleted teacher/);
  });

  it("a teacher: the same for families, credits void, the past kept as Deleted teacher", () => {
    const text = deletionConsequences({ parent: false, teacher: true }).join(" ");
    expect(text).toMatch(/each family is emailed/);
    expect(text).toMatch(/Make-up credits families hold with you become void/);
    expect(text).toMatch(/“Deleted teacher”/);
    // Issue 41: one name everywhere, and what is owed said truthfully.
    expect(text).not.toMatch(/Deleted user/);
    expect(text).toMatch(/no longer payable in the app/);
    expect(text).not.toMatch(/your students/);
  });

  it("an account with both profiles is told both", () => {
    const lines = deletionConsequences({ parent: true, teacher: true });
    expect(lines.some((l) => l.includes("each teacher is emailed"))).toBe(true);
    expect(lines.some((l) => l.includes("each family is emailed"))).toBe(true);
  });
});

describe("Delete Account dialog", () => {
  it("asks for the password and shows a wrong one beside the field", async () => {
    const fetchMock = server({
      profiles: { parent: true, teacher: false },
      deleteAnswer: json(400, { error: { code: "validation", message: WRONG_PASSWORD_MESSAGE, fields: { password: WRONG_PASSWORD_MESSAGE } } }),
    });
    open();
    const list = await screen.findByRole("list", { name: "What deleting your account does" });
    expect(within(list).getByText(/each teacher is emailed/)).toBeInTheDocument();
    const user = userEvent.setup();
    // Nothing is sent without a password.
    await user.click(screen.getByRole("button", { name: "Delete my account" }));
    expect(await screen.findByText("Enter your password to confirm")).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "DELETE")).toBe(false);

    await user.type(screen.getByLabelText("Current password"), "not-my-password");
    await user.click(screen.getByRole("button", { name: "Delete my account" }));
    const field = screen.getByLabelText("Current password");
    expect(await screen.findByText(WRONG_PASSWORD_MESSAGE)).toBeInTheDocument();
    expect(field).toHaveAttribute("aria-invalid", "true");
    const sent = fetchMock.mock.calls.find(([, init]) => init?.method === "DELETE");
    expect(JSON.parse(sent![1]!.body as string)).toEqual({ password: "not-my-password" });
  });

  it("with two-factor sign-in on, asks for the code instead", async () => {
    const fetchMock = server({ profiles: { parent: false, teacher: true }, twoFactor: true });
    open();
    const code = await screen.findByLabelText("Authentication code");
    expect(screen.queryByLabelText("Current password")).not.toBeInTheDocument();
    expect(screen.getByText(/become void/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(code, "123456");
    // A teacher may leave contact details for families who still owe them (issue 41).
    await user.type(screen.getByLabelText("Contact details for families who still owe you (optional)"), "terry@example.net");
    await user.click(screen.getByRole("button", { name: "Delete my account" }));
    await vi.waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === "DELETE")).toBe(true));
    const sent = fetchMock.mock.calls.find(([, init]) => init?.method === "DELETE");
    expect(JSON.parse(sent![1]!.body as string)).toEqual({ code: "123456", contactForFamilies: "terry@example.net" });
  });
});
