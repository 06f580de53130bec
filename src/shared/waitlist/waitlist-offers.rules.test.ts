import { describe, expect, it } from "vitest";
import { entryExpiresAt, holdLeftLabel, offerEmailDue, offerExpiresAt, offerOrder } from "./waitlist-offers.rules";

const at = (iso: string) => new Date(iso);

describe("offerOrder", () => {
  it("credit holders first, then by the time they joined; the id breaks a tie", () => {
    const entries = [
      { entryId: "a", holdsCredit: false, joinedAt: at("2026-01-01T00:00:00Z") },
      { entryId: "b", holdsCredit: true, joinedAt: at("2026-03-01T00:00:00Z") },
      { entryId: "c", holdsCredit: false, joinedAt: at("2025-12-01T00:00:00Z") },
      { entryId: "d", holdsCredit: true, joinedAt: at("2026-02-01T00:00:00Z") },
      { entryId: "e", holdsCredit: false, joinedAt: at("2025-12-01T00:00:00Z") },
    ];
    expect(offerOrder(entries).map((e) => e.entryId)).toEqual(["d", "b", "c", "e", "a"]);
  });

  it("does not change its input", () => {
    const entries = [
      { entryId: "a", holdsCredit: false, joinedAt: at("2026-01-02T00:00:00Z") },
      { entryId: "b", holdsCredit: false, joinedAt: at("2026-01-01T00:00:00Z") },
    ];
    offerOrder(entries);
    expect(entries.map((e) => e.entryId)).toEqual(["a", "b"]);
  });
});

describe("timing", () => {
  it("an entry lasts 90 days; an offer its hold", () => {
    expect(entryExpiresAt(at("2026-01-01T00:00:00Z")).toISOString()).toBe("2026-04-01T00:00:00.000Z");
    expect(offerExpiresAt(at("2026-01-01T10:00:00Z"), 120).toISOString()).toBe("2026-01-01T12:00:00.000Z");
  });

  it.each([
    [null, true],
    ["2026-01-01T10:00:00Z", false],
    ["2025-12-31T10:00:01Z", false],
    ["2025-12-31T10:00:00Z", true],
  ])("last offer email %s -> another one due: %s", (last, expected) => {
    expect(offerEmailDue(last ? at(last) : null, at("2026-01-01T10:00:00Z"))).toBe(expected);
  });

  it.each([
    ["2026-01-01T12:00:00Z", "2 h 0 min"],
    ["2026-01-01T11:59:00Z", "1 h 59 min"],
    ["2026-01-01T10:12:30Z", "12 min"],
    ["2026-01-01T10:00:30Z", "less than a minute"],
    ["2026-01-01T09:00:00Z", "less than a minute"],
  ])("held until %s: %s left", (expiresAt, label) => {
    expect(holdLeftLabel(at(expiresAt), at("2026-01-01T10:00:00Z"))).toBe(label);
  });
});
