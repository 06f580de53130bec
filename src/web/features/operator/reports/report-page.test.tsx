import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { OPERATOR_REASON_MESSAGE } from "../../../../shared/operator/operator.schemas";
import type { ReportDetail } from "../../../../shared/reports/reports.schemas";
import { Component as ReportPage } from "./report-page";

const REPORT: ReportDetail = {
  id: "7d0c4d1e-0000-4000-8000-0000000000aa",
  status: "open",
  targetKind: "message",
  targetId: "7d0c4d1e-0000-4000-8000-0000000000bb",
  reason: "harassment",
  details: null,
  createdAt: "2026-11-28T17:48:29.339Z",
  reporter: { userId: "u-teacher", name: "Terry Teacher", email: "terry@example.test", role: "teacher", deleted: false, suspended: false },
  reported: { userId: "u-parent", name: "Pat Parent", email: "pat@example.test", role: "parent", deleted: false, suspended: false },
  snapshot: { messageId: "m1", body: "You are useless.", senderName: "Pat Parent", sentAt: "2026-11-28T17:48:29.339Z", conversationId: "c-1234" },
  actions: [],
  actionsTaken: 0,
  resolvedAt: null,
  resolution: null,
  resolvedBy: null,
  target: { exists: true, hidden: false, edited: false, current: null },
  history: { reports: [], actions: [] },
};

/** A fake API: the report, and each action answering with the report as the server would leave it. */
function fakeApi() {
  const posted: { path: string; body: unknown }[] = [];
  let report = REPORT;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(new URL(String(input), "http://localhost"), init);
      const url = new URL(request.url);
      const headers = { "content-type": "application/json" };
      if (request.method === "POST") {
        const body = (await request.json()) as { reason: string; close?: boolean };
        posted.push({ path: url.pathname, body });
        const action = url.pathname.endsWith("/hide-message") ? "hide_message" : url.pathname.endsWith("/warn") ? "warn" : "close_report";
        const entry = { id: report.actions.length + 1, action, reason: body.reason, operatorEmail: "olive@example.test", createdAt: "2026-11-29T15:00:00.000Z" } as const;
        report = {
          ...report,
          actions: [...report.actions, entry],
          target: action === "hide_message" ? { ...report.target, hidden: true } : report.target,
          ...(action === "close_report" || body.close ? { status: "actioned" as const, resolution: `Closed: ${body.reason}`, resolvedBy: "olive@example.test", resolvedAt: entry.createdAt } : {}),
        };
      }
      return new Response(JSON.stringify(report), { headers });
    }),
  );
  return posted;
}

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[`/operator/reports/${REPORT.id}`]}>
        <Routes>
          <Route path="/operator/reports/:reportId" element={<ReportPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

afterEach(() => vi.unstubAllGlobals());

describe("a report on the operator desk (issue 41)", () => {
  it("takes two actions, each with its reason, then closes with Close report; people by name, ids on the details line", async () => {
    const posted = fakeApi();
    const user = renderPage();
    const reason = await screen.findByLabelText("Reason (required)");
    expect(screen.getByText("Pat Parent (pat@example.test, parent)")).toBeInTheDocument();
    expect(screen.getByText("the conversation between Pat Parent and Terry Teacher")).toBeInTheDocument();
    expect(screen.getByTestId("report-ids")).toHaveTextContent("conversation c-1234");
    expect(screen.queryByText(/2026-11-28T17:48/)).toBeNull();
    // Nothing done yet: Dismiss, and a reason is needed first.
    await user.click(screen.getByRole("button", { name: "Remove message" }));
    expect(await screen.findByText(OPERATOR_REASON_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Dismiss" })).toBeInTheDocument();

    await user.type(reason, "Insults a teacher.");
    await user.click(screen.getByRole("button", { name: "Remove message" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Message removed. The report stays open: take another action, or close it.");
    expect(screen.queryByRole("button", { name: "Remove message" })).toBeNull();
    expect(screen.getByLabelText("Reason (required)")).toHaveValue("");

    await user.type(screen.getByLabelText("Reason (required)"), "Please keep messages respectful.");
    await user.click(screen.getByRole("button", { name: "Warn account" }));
    const taken = await screen.findByRole("region", { name: "Actions on this report" });
    expect(await within(taken).findByText("2. Warned the account")).toBeInTheDocument();
    expect(within(taken).getByText("1. Removed the message")).toBeInTheDocument();
    expect(within(taken).getByText("Reason: Please keep messages respectful.")).toBeInTheDocument();

    await user.type(screen.getByLabelText("Reason (required)"), "Handled.");
    await user.click(screen.getByRole("button", { name: "Close report" }));
    expect(await within(taken).findByText("3. Closed the report")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Decide" })).toBeNull();
    expect(posted.map((p) => [p.path.split("/").pop(), p.body])).toEqual([
      ["hide-message", { reason: "Insults a teacher." }],
      ["warn", { reason: "Please keep messages respectful." }],
      ["close", { reason: "Handled." }],
    ]);
  });

  it("the last action may close the report itself", async () => {
    const posted = fakeApi();
    const user = renderPage();
    await user.type(await screen.findByLabelText("Reason (required)"), "Final warning.");
    await user.click(screen.getByLabelText("Also close the report with this action"));
    await user.click(screen.getByRole("button", { name: "Warn account" }));
    expect(await screen.findByText(/Action taken|Closed: Final warning\./)).toBeInTheDocument();
    expect(posted).toEqual([{ path: `/api/operator/reports/${REPORT.id}/warn`, body: { reason: "Final warning.", close: true } }]);
  });
});
