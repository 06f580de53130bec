import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { FamilyBalanceDTO } from "../../../shared/invoices/family-balance.schemas";
import { FamilyBalanceView } from "./family-balance-view";

const balance: FamilyBalanceDTO = {
  teacherId: "t1",
  teacherName: "Casey Keys",
  parentId: "p1",
  familyName: "Jordan Rivera",
  creditCents: 2500,
  currency: "USD",
  packages: [
    { id: "k2", lessons: 4, priceCents: 20_000, lessonsUsed: 2, lessonsLeft: 2, validUntil: "2027-05-28", paidOn: "2026-11-29", method: "bank_transfer", note: "", state: "active" },
    { id: "k1", lessons: 1, priceCents: 5_000, lessonsUsed: 1, lessonsLeft: 0, validUntil: "2026-12-31", paidOn: "2026-10-01", method: "cash", note: "", state: "used_up" },
  ],
  history: [
    { id: "h2", kind: "package_lesson", at: "2026-11-29T12:00:00.000Z", day: "2026-11-29", text: "Package lesson 2 of 4 used: Full Lesson.", creditCents: 0, receivedCents: 0, invoiceId: null, invoiceNumber: null, packageId: "k2" },
    { id: "h1", kind: "payment_on_account", at: "2026-11-28T12:00:00.000Z", day: "2026-11-28", text: "Payment received on account (Cash).", creditCents: 2500, receivedCents: 2500, invoiceId: null, invoiceNumber: null, packageId: null },
    { id: "h0", kind: "credit_applied", at: "2026-11-27T12:00:00.000Z", day: "2026-11-27", text: "Credit applied to invoice CK-2026-0002.", creditCents: -1000, receivedCents: 0, invoiceId: "i", invoiceNumber: "CK-2026-0002", packageId: null },
  ],
};

describe("a family's balance with a teacher (issue 40)", () => {
  it("shows the credit, each package with what is left and its state, and the history with signed amounts", () => {
    render(<FamilyBalanceView balance={balance} />);
    expect(screen.getByTestId("balance-credit")).toHaveTextContent("$25.00 USD");
    const [active, usedUp] = screen.getAllByTestId("lesson-package");
    expect(active).toHaveTextContent("4 lessons for $200.00 USD");
    expect(within(active!).getByTestId("package-lessons-left")).toHaveTextContent("2 lessons left");
    expect(within(active!).getByRole("meter", { name: "Lessons used" })).toHaveAttribute("aria-valuetext", "2 of 4 lessons used");
    expect(active).toHaveTextContent("paid Nov 29, 2026 · valid until May 28, 2027");
    expect(active).toHaveTextContent("Active");
    expect(usedUp).toHaveTextContent("0 lessons left");
    expect(usedUp).toHaveTextContent("Used up");
    const rows = within(screen.getByTestId("balance-history")).getAllByRole("listitem");
    expect(rows.map((row) => row.textContent)).toEqual([
      "Nov 29, 2026Package lesson 2 of 4 used: Full Lesson.",
      "Nov 28, 2026Payment received on account (Cash).+$25.00 USD",
      "Nov 27, 2026Credit applied to invoice CK-2026-0002.-$10.00 USD",
    ]);
  });

  it("says so when nothing happened yet", () => {
    render(<FamilyBalanceView balance={{ ...balance, creditCents: 0, packages: [], history: [] }} />);
    expect(screen.queryByText("Lesson packages")).not.toBeInTheDocument();
    expect(screen.getByText("No payments on account, credit or packages yet.")).toBeInTheDocument();
  });
});
