import { describe, expect, it } from "vitest";
import { addDays, balanceCents, invoiceNumber, invoiceState, isPastDue, reminderDates, teacherInitials } from "./invoice-state.rules";

const sent = { status: "sent" as const, totalCents: 10000, paidCents: 0, overdueAt: null };

describe("invoiceState and balance", () => {
  it.each([
    [{ ...sent, status: "draft" as const }, "draft", 0],
    [sent, "sent", 10000],
    [{ ...sent, paidCents: 2500 }, "partly_paid", 7500],
    [{ ...sent, paidCents: 10000 }, "paid", 0],
    [{ ...sent, overdueAt: new Date() }, "overdue", 10000],
    [{ ...sent, overdueAt: new Date(), paidCents: 9999 }, "overdue", 1],
    // Paid after it went overdue: paid.
    [{ ...sent, overdueAt: new Date(), paidCents: 10000 }, "paid", 0],
    // A void invoice owes nothing, even with payments recorded on it.
    [{ ...sent, status: "void" as const, paidCents: 2500 }, "void", 0],
    // A zero total (lessons at $0) is paid as soon as it is sent.
    [{ ...sent, totalCents: 0 }, "paid", 0],
  ])("%j → %s, balance %i", (invoice, state, balance) => {
    expect(invoiceState(invoice)).toBe(state);
    expect(balanceCents(invoice)).toBe(balance);
  });

  it("partial payments add up to the balance", () => {
    let paid = 0;
    for (const payment of [3333, 3333, 3333]) paid += payment;
    expect(balanceCents({ status: "sent", totalCents: 10000, paidCents: paid })).toBe(1);
  });
});

describe("isPastDue", () => {
  const invoice = { status: "sent" as const, totalCents: 100, paidCents: 0, dueDate: "2026-11-30" };
  it("only from the day after the due date, and only while something is owed", () => {
    expect(isPastDue(invoice, "2026-11-30")).toBe(false);
    expect(isPastDue(invoice, "2026-12-01")).toBe(true);
    expect(isPastDue({ ...invoice, paidCents: 100 }, "2026-12-01")).toBe(false);
    expect(isPastDue({ ...invoice, status: "void" }, "2026-12-01")).toBe(false);
    expect(isPastDue({ ...invoice, status: "draft" }, "2026-12-01")).toBe(false);
  });
});

describe("reminder dates", () => {
  it("the day after the due date, then weekly, three in all, across months and years", () => {
    expect(reminderDates("2026-11-30")).toEqual(["2026-12-01", "2026-12-08", "2026-12-15"]);
    expect(reminderDates("2026-12-28")).toEqual(["2026-12-29", "2027-01-05", "2027-01-12"]);
    expect(reminderDates("2028-02-28")).toEqual(["2028-02-29", "2028-03-07", "2028-03-14"]);
  });
  it("addDays is calendar arithmetic with no zone (no daylight-saving shift)", () => {
    expect(addDays("2026-03-07", 1)).toBe("2026-03-08");
    expect(addDays("2026-11-01", 1)).toBe("2026-11-02");
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
  });
});

describe("invoice numbers", () => {
  it.each([
    ["Casey", "Keys", "CK"],
    ["Zoë", "Ørsted", "ZO"],
    ["éva", "de la Cruz", "ED"],
    ["李", "王", "T"],
    ["Ann", "", "A"],
  ])("%s %s → %s", (first, last, initials) => expect(teacherInitials(first, last)).toBe(initials));
  it("pads the year's sequence to four digits", () => {
    expect(invoiceNumber("CK", 2026, 7)).toBe("CK-2026-0007");
    expect(invoiceNumber("CK", 2026, 12345)).toBe("CK-2026-12345");
  });
});
