import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { invoiceState } from "../../../shared/invoices/invoice-state.rules";
import { InvoiceStateBadge } from "./invoice-state-badge";

describe("an invoice's state badge says its state in words", () => {
  it.each([
    [{ status: "draft", totalCents: 5000, paidCents: 0, overdueAt: null }, "Draft"],
    [{ status: "sent", totalCents: 5000, paidCents: 0, overdueAt: null }, "Sent"],
    [{ status: "sent", totalCents: 5000, paidCents: 2000, overdueAt: null }, "Partly paid"],
    [{ status: "sent", totalCents: 5000, paidCents: 2000, overdueAt: "2026-11-20T05:00:00.000Z" }, "Overdue"],
    [{ status: "sent", totalCents: 5000, paidCents: 5000, overdueAt: "2026-11-20T05:00:00.000Z" }, "Paid"],
    [{ status: "void", totalCents: 5000, paidCents: 0, overdueAt: null }, "Void"],
  ] as const)("%o → %s", (invoice, label) => {
    render(<InvoiceStateBadge state={invoiceState(invoice)} />);
    expect(screen.getByTestId("invoice-state")).toHaveTextContent(label);
  });

  it("overdue is red and paid is green, beside the word", () => {
    render(
      <>
        <InvoiceStateBadge state="overdue" />
        <InvoiceStateBadge state="paid" />
      </>,
    );
    const [overdue, paid] = screen.getAllByTestId("invoice-state");
    expect(overdue!.className).toContain("text-red-800");
    expect(paid!.className).toContain("text-emerald-800");
  });
});
