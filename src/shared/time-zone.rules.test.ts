import { describe, expect, it } from "vitest";
import { isIanaTimeZone, knownZoneOrUtc, parentClock, zoneChoices, zoneCityLabel } from "./time-zone.rules";

describe("isIanaTimeZone", () => {
  it.each([
    ["America/New_York", true],
    ["Europe/Paris", true],
    ["Asia/Kolkata", true],
    ["Asia/Calcutta", true],
    ["America/Argentina/Buenos_Aires", true],
    ["UTC", true],
    ["Mars/Olympus_Mons", false],
    ["EST", false],
    ["", false],
    ["../../etc/passwd", false],
    ["america/new_york ", false],
  ])("%j → %s", (zone, expected) => {
    expect(isIanaTimeZone(zone)).toBe(expected);
  });
});

describe("isIanaTimeZone, asked again", () => {
  it("gives the same answers the second time (an accepted alias is remembered, an unknown zone never is)", () => {
    for (let i = 0; i < 2; i++) {
      expect(isIanaTimeZone("Asia/Calcutta")).toBe(true);
      expect(isIanaTimeZone("US/Pacific")).toBe(true);
      expect(isIanaTimeZone("Mars/Olympus_Mons")).toBe(false);
    }
  });
});

describe("zoneChoices and zoneCityLabel: a time-zone picker people can read", () => {
  it.each([
    ["America/Argentina/Buenos_Aires", "Buenos Aires (America, Argentina)"],
    ["Europe/London", "London (Europe)"],
    ["UTC", "UTC"],
  ])("%s reads %s", (zone, label) => {
    expect(zoneCityLabel(zone)).toBe(label);
  });

  it("lists the common zones first with their names, then every other zone by its city", () => {
    const { common, others } = zoneChoices(["Europe/London", "America/New_York", "Asia/Tokyo", "Africa/Abidjan"], { "America/New_York": "Eastern Time (New York)" });
    expect(common).toEqual([{ value: "America/New_York", label: "Eastern Time (New York)" }]);
    expect(others.map((c) => c.label)).toEqual(["Abidjan (Africa)", "London (Europe)", "Tokyo (Asia)"]);
  });

  it("keeps the current zone even when the runtime does not list it", () => {
    const { others } = zoneChoices(["Europe/London"], {}, "America/Nuuk");
    expect(others.map((c) => c.value)).toEqual(["Europe/London", "America/Nuuk"].sort((a, b) => zoneCityLabel(a).localeCompare(zoneCityLabel(b))));
  });
});

describe("knownZoneOrUtc (the clock to count someone's days on)", () => {
  it("keeps a zone this runtime knows, an alias included, and counts anything else as UTC", () => {
    expect(knownZoneOrUtc("America/Chicago")).toBe("America/Chicago");
    expect(knownZoneOrUtc("Asia/Calcutta")).toBe("Asia/Calcutta");
    expect(knownZoneOrUtc("Atlantis/Nowhere")).toBe("UTC");
    expect(knownZoneOrUtc("")).toBe("UTC");
    expect(knownZoneOrUtc(null)).toBe("UTC");
  });
});

describe("parentClock (a parent's clock, one rule for emails, reminders, digests, streaks and invoices)", () => {
  const NY = "America/New_York";
  it.each([
    ["the settings zone wins", { timeZone: "America/Denver", reportedTimeZone: NY }, "America/Denver"],
    ["else the zone the browser reported", { timeZone: null, reportedTimeZone: NY }, NY],
    ["else UTC, the one fallback (never another person's zone)", { timeZone: null, reportedTimeZone: null }, "UTC"],
    ["a zone this runtime does not know: UTC", { timeZone: null, reportedTimeZone: "Atlantis/Nowhere" }, "UTC"],
    ["a deleted family: UTC", null, "UTC"],
  ] as const)("%s", (_label, parent, expected) => {
    expect(parentClock(parent)).toBe(expected);
  });
});
