import { describe, expect, it } from "vitest";
import {
  availableCredits,
  creditExpiresAt,
  creditStateAfter,
  creditStatus,
  creditSummary,
  creditToUse,
  creditTransition,
  CREDIT_ALREADY_SPENT_MESSAGE,
  CREDIT_NOT_SPENT_MESSAGE,
  CREDIT_USED_MESSAGE,
  CREDIT_VOIDED_MESSAGE,
  type CreditChange,
  type CreditReturnReason,
  type CreditState,
  type MakeUpCredit,
} from "./credits.rules";

const DAY = 86_400_000;
const NOW = new Date("2026-11-22T12:00:00.000Z");
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);
const credit = (id: string, issuedDaysAgo: number, usedDaysAgo: number | null = null): MakeUpCredit => ({
  id,
  issuedAt: daysAgo(issuedDaysAgo),
  usedAt: usedDaysAgo === null ? null : daysAgo(usedDaysAgo),
});

describe("creditExpiresAt", () => {
  it.each([
    ["2026-11-22T12:00:00.000Z", "2027-03-22T12:00:00.000Z"],
    // 120 days of 24 h even across a DST change: the same instant of day in UTC
    ["2026-10-01T04:00:00.000Z", "2027-01-29T04:00:00.000Z"],
    ["2028-01-01T00:00:00.000Z", "2028-04-30T00:00:00.000Z"], // leap year
  ])("%s → %s", (issued, expires) => {
    expect(creditExpiresAt(new Date(issued)).toISOString()).toBe(expires);
  });
});

describe("creditStatus", () => {
  it.each([
    ["fresh", credit("a", 0), "available"],
    ["119 days old", credit("a", 119), "available"],
    ["1 ms before expiry", { id: "a", issuedAt: new Date(NOW.getTime() - 120 * DAY + 1), usedAt: null }, "available"],
    ["exactly 120 days old", credit("a", 120), "expired"],
    ["200 days old", credit("a", 200), "expired"],
    ["used", credit("a", 30, 10), "used"],
    ["used before expiring, now past expiry", credit("a", 200, 150), "used"],
    ["use dated in the future", credit("a", 30, -1), "available"],
    ["voided", { ...credit("a", 10), voidedAt: daysAgo(1) }, "voided"],
    ["voided after being used", { ...credit("a", 10, 5), voidedAt: daysAgo(1) }, "voided"],
    ["voided and past expiry", { ...credit("a", 200), voidedAt: daysAgo(150) }, "voided"],
    ["void dated in the future", { ...credit("a", 10), voidedAt: daysAgo(-1) }, "available"],
  ])("%s → %s", (_name, c, expected) => {
    expect(creditStatus(c, NOW)).toBe(expected);
  });
});

describe("ledger", () => {
  const ledger = [
    credit("newest", 5),
    credit("used", 60, 20),
    credit("expired", 130),
    credit("oldest-usable", 100),
    credit("middle", 40),
    credit("not-yet-issued", -3),
  ];

  it("lists usable credits oldest first", () => {
    expect(availableCredits(ledger, NOW).map((c) => c.id)).toEqual(["oldest-usable", "middle", "newest"]);
  });

  it("uses the oldest unexpired credit first", () => {
    expect(creditToUse(ledger, NOW)?.id).toBe("oldest-usable");
    // 21 days later the oldest has expired; the next one is used
    expect(creditToUse(ledger, new Date(NOW.getTime() + 21 * DAY))?.id).toBe("middle");
    expect(creditToUse([credit("x", 10, 1)], NOW)).toBeNull();
    expect(creditToUse([], NOW)).toBeNull();
  });

  it("breaks a tie on issue time by id, so the choice is stable", () => {
    expect(creditToUse([credit("b", 10), credit("a", 10)], NOW)?.id).toBe("a");
  });

  it.each([
    [NOW, { issued: 5, used: 1, expired: 1, voided: 0, available: 3 }],
    [new Date(NOW.getTime() + 21 * DAY), { issued: 6, used: 1, expired: 2, voided: 0, available: 3 }],
    [daysAgo(50), { issued: 3, used: 0, expired: 0, voided: 0, available: 3 }],
  ])("summarises the ledger at %s", (now, expected) => {
    expect(creditSummary(ledger, now)).toEqual(expected);
  });

  it("a voided credit is counted as voided and never offered", () => {
    const withVoided = [...ledger, { ...credit("gone", 3), voidedAt: daysAgo(1) }];
    expect(creditSummary(withVoided, NOW)).toEqual({ issued: 6, used: 1, expired: 1, voided: 1, available: 3 });
    expect(availableCredits(withVoided, NOW).map((c) => c.id)).not.toContain("gone");
  });
});

describe("creditTransition: the state machine", () => {
  const spend: CreditChange = { kind: "spend" };
  const back = (reason: CreditReturnReason): CreditChange => ({ kind: "return", reason });
  const voidIt: CreditChange = { kind: "void" };

  // The third column is the state reached, or the refusal's message.
  it.each<[CreditState, CreditChange, string]>([
    ["issued", spend, "spent"],
    ["returned", spend, "spent"],
    ["spent", spend, CREDIT_ALREADY_SPENT_MESSAGE],
    ["voided", spend, CREDIT_VOIDED_MESSAGE],
    ["spent", back("declined"), "returned"],
    ["spent", back("withdrawn"), "returned"],
    ["spent", back("expired"), "returned"],
    ["spent", back("teacher_cancelled"), "returned"],
    ["spent", back("teacher_left"), "returned"],
    // Never twice: a credit already back (or never spent) has nothing to return.
    ["returned", back("declined"), CREDIT_NOT_SPENT_MESSAGE],
    ["issued", back("declined"), CREDIT_NOT_SPENT_MESSAGE],
    ["voided", back("declined"), CREDIT_VOIDED_MESSAGE],
    ["issued", voidIt, "voided"],
    ["returned", voidIt, "voided"],
    ["spent", voidIt, CREDIT_USED_MESSAGE],
    ["voided", voidIt, CREDIT_VOIDED_MESSAGE],
  ])("%s + %o → %s", (state, change, expected) => {
    const result = creditTransition(state, change);
    if (result.ok) expect(result.state).toBe(expected);
    else expect(result.message).toBe(expected);
  });

  it("records the step with its reason", () => {
    expect(creditTransition("spent", back("expired"))).toEqual({ ok: true, state: "returned", event: { kind: "returned", reason: "expired" } });
    expect(creditTransition("issued", voidIt)).toEqual({ ok: true, state: "voided", event: { kind: "voided", reason: "teacher_left" } });
    expect(creditTransition("returned", spend)).toEqual({ ok: true, state: "spent", event: { kind: "spent", reason: null } });
  });
});

describe("creditStateAfter: replaying a stored history", () => {
  const step = (kind: "issued" | "spent" | "returned" | "voided", reason: "declined" | "teacher_left" | null = null) => ({ kind, reason });
  it.each([
    ["issued only", [step("issued")], "issued"],
    ["spent", [step("issued"), step("spent")], "spent"],
    ["spent, declined, spent again", [step("issued"), step("spent"), step("returned", "declined"), step("spent")], "spent"],
    ["returned, then voided", [step("issued"), step("spent"), step("returned", "teacher_left"), step("voided", "teacher_left")], "voided"],
    ["returned twice (never possible)", [step("issued"), step("spent"), step("returned", "declined"), step("returned", "declined")], null],
    ["spent twice in a row", [step("issued"), step("spent"), step("spent")], null],
    ["voided while paying for a lesson", [step("issued"), step("spent"), step("voided", "teacher_left")], null],
    ["anything after voided", [step("issued"), step("voided", "teacher_left"), step("spent")], null],
    ["not starting with issued", [step("spent")], null],
    ["empty", [], null],
  ] as const)("%s → %s", (_name, history, expected) => {
    expect(creditStateAfter(history)).toBe(expected);
  });
});
