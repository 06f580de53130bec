import { describe, expect, it } from "vitest";
import { allocateCredit, owedCents, voidCreditNotice } from "./family-credit.rules";

describe("allocateCredit", () => {
  it("pays the oldest invoices first, each up to its balance, until the credit runs out", () => {
    const open = [
      { id: "a", balanceCents: 3000 },
      { id: "b", balanceCents: 5000 },
      { id: "c", balanceCents: 2000 },
    ];
    expect(allocateCredit(6000, open)).toEqual([
      { invoiceId: "a", amountCents: 3000 },
      { invoiceId: "b", amountCents: 3000 },
    ]);
  });

  it("never spends more than the credit nor more than is owed", () => {
    expect(allocateCredit(10_000, [{ id: "a", balanceCents: 2500 }])).toEqual([{ invoiceId: "a", amountCents: 2500 }]);
    expect(allocateCredit(0, [{ id: "a", balanceCents: 2500 }])).toEqual([]);
    expect(allocateCredit(-500, [{ id: "a", balanceCents: 2500 }])).toEqual([]);
    expect(allocateCredit(1000, [{ id: "paid", balanceCents: 0 }, { id: "b", balanceCents: 400 }])).toEqual([{ invoiceId: "b", amountCents: 400 }]);
  });
});

describe("owedCents", () => {
  it("is invoiced − paid − credit, never below zero", () => {
    expect(owedCents([6000, 1500], 0)).toBe(7500);
    expect(owedCents([6000], 6000)).toBe(0);
    expect(owedCents([6000], 2500)).toBe(3500);
    expect(owedCents([], 2500)).toBe(0);
  });
});

describe("voidCreditNotice", () => {
  it("says what happens to the payments, and nothing when there are none", () => {
    expect(voidCreditNotice(6000)).toBe("$60.00 USD received will be kept as credit and applied to the replacement.");
    expect(voidCreditNotice(0)).toBeNull();
  });
});
