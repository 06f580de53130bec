import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { InvoiceDTO } from "../../../shared/invoices/invoices.schemas";
import { VoidInvoiceDialog } from "./invoice-dialogs";

const invoice = {
  id: "9b1c2d3e-0000-4000-8000-000000000009",
  number: "CK-2026-0007",
  status: "sent",
  state: "sent",
  parentId: "4f1c2d3e-0000-4000-8000-000000000001",
  familyName: "Jordan Rivera",
  periodFrom: "2026-10-01",
  periodTo: "2026-10-31",
  totalCents: 5_000,
  paidCents: 0,
  balanceCents: 5_000,
} as InvoiceDTO;

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function show(shown: InvoiceDTO = invoice) {
  const posted: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      posted.push(JSON.parse(input instanceof Request ? await input.clone().text() : typeof init?.body === "string" ? init.body : ""));
      return new Response(JSON.stringify({ ...invoice, status: "void", state: "void" }), { headers: { "content-type": "application/json" } });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={["/teacher/invoices/x"]}>
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
        <VoidInvoiceDialog invoice={shown} open onOpenChange={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return posted;
}

afterEach(() => vi.unstubAllGlobals());

describe("Void (issue 28)", () => {
  it("says what happens to the payments already received (issue 40), and nothing about payments when there are none", () => {
    show({ ...invoice, paidCents: 6_000, balanceCents: 0, state: "paid" });
    expect(screen.getByTestId("void-credit-notice")).toHaveTextContent("$60.00 USD received will be kept as credit and applied to the replacement.");
  });

  it("shows no credit notice for an unpaid invoice", () => {
    show();
    expect(screen.queryByTestId("void-credit-notice")).not.toBeInTheDocument();
  });

  it("needs a reason", async () => {
    const posted = show();
    await userEvent.setup().click(screen.getByRole("button", { name: "Void" }));
    expect(await screen.findByText("Reason is required")).toBeInTheDocument();
    expect(posted).toEqual([]);
  });

  it("Void and replace voids with the reason, then opens New invoice for the same family and dates", async () => {
    const posted = show();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Reason"), "Wrong lesson date");
    await user.click(screen.getByRole("button", { name: "Void and replace" }));
    await vi.waitFor(() =>
      expect(screen.getByTestId("where")).toHaveTextContent(
        `/teacher/invoices/new?parentId=${invoice.parentId}&replaces=${invoice.id}&from=2026-10-01&to=2026-10-31`,
      ),
    );
    expect(posted).toEqual([{ reason: "Wrong lesson date" }]);
  });
});
