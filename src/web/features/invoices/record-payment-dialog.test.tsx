import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { InvoiceDTO } from "../../../shared/invoices/invoices.schemas";
import { RecordPaymentDialog } from "./invoice-dialogs";

const invoice: InvoiceDTO = {
  id: "9b1c2d3e-0000-4000-8000-000000000009",
  number: "CK-2026-0007",
  status: "sent",
  state: "partly_paid",
  teacherId: "t1",
  teacherName: "Casey Keys",
  teacherLeft: false,
    teacherLeftContact: null,
  parentId: "p1",
  familyName: "Jordan Rivera",
  guardianId: null,
  guardianName: null,
  shareNote: null,
  issueDate: "2026-11-02",
  dueDate: "2026-11-16",
  periodFrom: "2026-10-01",
  periodTo: "2026-10-31",
  totalCents: 15_550,
  paidCents: 10_000,
  balanceCents: 5_550,
  currency: "USD",
  sentAt: "2026-11-02T15:00:00.000Z",
  note: "",
  teacherEmail: "casey@example.test",
  teacherPhone: "",
  paymentInstructions: "",
  familyEmail: "jordan@example.test",
  guardianEmail: null,
  otherShares: [],
  recipients: [],
  voidReason: null,
  voidedAt: null,
  replacesInvoiceId: null,
  lines: [],
  payments: [],
};

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function show(answer: Response) {
  const posted: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const body = input instanceof Request ? await input.clone().text() : typeof init?.body === "string" ? init.body : "";
      posted.push(JSON.parse(body));
      return answer.clone();
    }),
  );
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <RecordPaymentDialog invoice={invoice} open onOpenChange={onOpenChange} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { posted, onOpenChange };
}

afterEach(() => vi.unstubAllGlobals());

describe("Record payment (issue 28)", () => {
  it("offers the balance, and sends the dollars typed as cents", async () => {
    const { posted, onOpenChange } = show(json(invoice));
    const user = userEvent.setup();
    const amount = screen.getByLabelText("Amount ($)");
    expect(amount).toHaveValue("55.50");
    await user.clear(amount);
    await user.type(amount, "$20.05");
    await user.selectOptions(screen.getByLabelText("Method"), "check");
    await user.clear(screen.getByLabelText("Date received"));
    await user.type(screen.getByLabelText("Date received"), "2026-11-20");
    await user.click(screen.getByRole("button", { name: "Record payment" }));
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(posted).toEqual([{ amountCents: 2005, paidOn: "2026-11-20", method: "check", note: "" }]);
  });

  it("a payment over the balance, refused by the server, is named beside the amount", async () => {
    const message = "The balance is $55.50 USD: a payment can be at most that.";
    const { onOpenChange } = show(json({ error: { code: "validation", message, fields: { amountCents: message } } }, 400));
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText("Amount ($)"));
    await user.type(screen.getByLabelText("Amount ($)"), "60");
    await user.click(screen.getByRole("button", { name: "Record payment" }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText("Amount ($)")).toHaveAttribute("aria-invalid", "true");
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it("an amount of nothing is refused before anything is sent", async () => {
    const { posted } = show(json(invoice));
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText("Amount ($)"));
    await user.type(screen.getByLabelText("Amount ($)"), "0");
    await user.click(screen.getByRole("button", { name: "Record payment" }));
    expect(await screen.findByText("Amount must be more than $0 and at most $100,000")).toBeInTheDocument();
    expect(posted).toEqual([]);
  });
});
