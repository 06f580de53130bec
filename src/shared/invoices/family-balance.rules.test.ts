import { describe, expect, it } from "vitest";
import { balanceEntryText } from "./family-balance.rules";

describe("balance history texts (issue 40)", () => {
  it("cites the invoice, the payment, the package or the lesson behind each entry", () => {
    expect(balanceEntryText({ kind: "void_credit", invoiceNumber: "CK-2026-0003" })).toBe("Payments of void invoice CK-2026-0003 kept as credit.");
    expect(balanceEntryText({ kind: "credit_applied", invoiceNumber: "CK-2026-0004" })).toBe("Credit applied to invoice CK-2026-0004.");
    expect(balanceEntryText({ kind: "payment_on_account", method: "check", note: "" })).toBe("Payment received on account (Check).");
    expect(balanceEntryText({ kind: "payment_on_account", method: "cash", note: "for December." })).toBe("Payment received on account (Cash). Note: for December.");
    expect(balanceEntryText({ kind: "package_sold", lessons: 4, priceCents: 20_000, method: "bank_transfer", validUntil: "2027-03-31", note: "" })).toBe(
      "Lesson package paid: 4 lessons for $200.00 USD (Bank transfer), valid until Mar 31, 2027.",
    );
    expect(balanceEntryText({ kind: "package_lesson", lessonNumber: 2, lessons: 4, lesson: "Full Lesson · Tue, Dec 1, 2026 · 4:00 PM EST · Mia Rivera", lateCancel: false })).toBe(
      "Package lesson 2 of 4 used: Full Lesson · Tue, Dec 1, 2026 · 4:00 PM EST · Mia Rivera.",
    );
    expect(balanceEntryText({ kind: "package_lesson", lessonNumber: 1, lessons: 1, lesson: "Full Lesson · Tue, Dec 1, 2026", lateCancel: true })).toContain("used: late cancellation, Full Lesson");
  });
});
