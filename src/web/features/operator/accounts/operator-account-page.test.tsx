import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { OPERATOR_REASON_MESSAGE } from "../../../../shared/operator/operator.schemas";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type OperatorAccountDTO } from "../../../../shared/operator/accounts.schemas";
import { Component as OperatorAccountPage } from "./operator-account-page";

const ACCOUNT: OperatorAccountDTO = {
  userId: "u1",
  name: "Terry Teacher",
  email: "terry@example.test",
  roles: ["teacher"],
  teacherId: "t1",
  teacherListed: true,
  createdAt: "2026-01-05T10:00:00.000Z",
  suspension: null,
  reports: [{ id: "r1", targetKind: "message", reason: "harassment", details: "Rude messages at night", status: "open", createdAt: "2026-11-20T10:00:00.000Z" }],
  actions: [],
};

/** A fake API: the account page, and Suspend answering with the suspended account. */
function fakeApi(page: OperatorAccountDTO | null) {
  const posted: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(new URL(String(input), "http://localhost"), init);
      const url = new URL(request.url);
      const headers = { "content-type": "application/json" };
      if (!page) return new Response(JSON.stringify({ error: { code: "not_found", message: "No account found with that id." } }), { status: 404, headers });
      if (request.method === "POST" && url.pathname === "/api/operator/accounts/u1/suspend") {
        const body = (await request.json()) as { reason: string };
        posted.push(body);
        const suspended: OperatorAccountDTO = {
          ...page,
          teacherListed: false,
          suspension: { reason: body.reason, suspendedAt: "2026-11-27T08:00:00.000Z", by: "olive@example.test" },
          actions: [{ id: 1, action: "suspend", targetKind: "account", targetId: "u1", operatorEmail: "olive@example.test", reason: body.reason, createdAt: "2026-11-27T08:00:00.000Z" }],
        };
        return new Response(JSON.stringify(suspended), { headers });
      }
      return new Response(JSON.stringify(page), { headers });
    }),
  );
  return posted;
}

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={["/operator/accounts/u1"]}>
        <Routes>
          <Route path="/operator/accounts/:userId" element={<OperatorAccountPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

afterEach(() => vi.unstubAllGlobals());

describe("the operator's account page", () => {
  it("shows the account and the reports about it; Suspend asks for a reason, then shows the suspension and the action", async () => {
    const posted = fakeApi(ACCOUNT);
    const user = renderPage();
    expect(await screen.findByRole("heading", { level: 1, name: "Terry Teacher" })).toBeInTheDocument();
    expect(screen.getByText(/Teacher · joined .* · listed in search/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Harassment" })).toHaveAttribute("href", "/operator/reports/r1");
    expect(screen.getByText("Rude messages at night")).toBeInTheDocument();
    expect(screen.getByText("No actions yet.")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Suspend" }));
    const dialog = await screen.findByRole("dialog", { name: "Suspend account" });
    expect(within(dialog).getByText(/pending requests are declined/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Suspend" }));
    expect(await within(dialog).findByText(OPERATOR_REASON_MESSAGE)).toBeInTheDocument();
    expect(posted).toEqual([]);

    await user.type(within(dialog).getByLabelText("Reason (required)"), "Harassment confirmed (report r1)");
    await user.click(within(dialog).getByRole("button", { name: "Suspend" }));
    expect(await screen.findByText(/^Suspended .* by olive@example.test\.$/)).toBeInTheDocument();
    expect(posted).toEqual([{ reason: "Harassment confirmed (report r1)" }]);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByRole("button", { name: "Reinstate" })).toBeInTheDocument();
    expect(screen.getByText(/not listed in search/)).toBeInTheDocument();
    expect(within(screen.getByRole("region", { name: "Operator actions" })).getByText("Suspended")).toBeInTheDocument();
  });

  it("an unknown id (or a visitor who is no operator: the API answers 404) reads as not found, with the find form", async () => {
    fakeApi(null);
    renderPage();
    expect(await screen.findByRole("heading", { level: 1, name: "Account not found" })).toBeInTheDocument();
    expect(screen.getByLabelText("Find an account by email (required)")).toBeInTheDocument();
  });
});
