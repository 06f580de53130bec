import { describe, expect, it } from "vitest";
import {
  earliestStartMinute,
  initialScrollMinute,
  addLocalDays,
  dayRange,
  eventInstants,
  instantFromLocal,
  isLocalDate,
  localDateTime,
  localDayOfWeek,
  localDaysBetween,
  minutesFrom,
  monthGrid,
  shiftMonth,
  weekRange,
} from "./calendar-views.rules";

const NY = "America/New_York";
const LONDON = "Europe/London";
const TOKYO = "Asia/Tokyo";
const iso = (d: Date) => d.toISOString();

describe("local date helpers", () => {
  it.each([
    ["2026-11-22", true],
    ["2028-02-29", true],
    ["2026-02-29", false],
    ["2026-13-01", false],
    ["2026-1-01", false],
    ["22/11/2026", false],
  ])("isLocalDate(%s) = %s", (value, expected) => {
    expect(isLocalDate(value)).toBe(expected);
  });

  it.each([
    ["2026-11-22", 9, "2026-12-01"],
    ["2026-03-01", -1, "2026-02-28"],
    ["2026-12-31", 1, "2027-01-01"],
    ["2026-03-07", 1, "2026-03-08"],
  ])("addLocalDays(%s, %i) = %s", (date, days, expected) => {
    expect(addLocalDays(date, days)).toBe(expected);
  });

  it("counts calendar days and weekdays (0 = Sunday)", () => {
    expect(localDaysBetween("2026-03-01", "2026-04-01")).toBe(31);
    expect(localDaysBetween("2026-04-01", "2026-03-01")).toBe(-31);
    expect(localDayOfWeek("2026-11-22")).toBe(0);
    expect(localDayOfWeek("2026-11-28")).toBe(6);
  });

  it.each([
    ["2026-11", 1, "2026-12"],
    ["2026-12", 1, "2027-01"],
    ["2026-01", -1, "2025-12"],
    ["2026-05", 14, "2027-07"],
  ])("shiftMonth(%s, %i) = %s", (month, delta, expected) => {
    expect(shiftMonth(month, delta)).toBe(expected);
  });
});

describe("localDateTime", () => {
  it.each([
    ["2026-11-22T15:30:00Z", NY, "2026-11-22", "10:30"],
    ["2026-07-01T03:59:00Z", NY, "2026-06-30", "23:59"],
    ["2026-11-22T15:30:00Z", TOKYO, "2026-11-23", "00:30"],
    ["2026-03-08T06:59:00Z", NY, "2026-03-08", "01:59"],
    ["2026-03-08T07:00:00Z", NY, "2026-03-08", "03:00"],
    ["2026-11-01T05:30:00Z", NY, "2026-11-01", "01:30"],
    ["2026-11-01T06:30:00Z", NY, "2026-11-01", "01:30"],
    ["2026-03-29T01:00:00Z", LONDON, "2026-03-29", "02:00"],
  ])("%s in %s is %s %s", (instant, zone, date, time) => {
    expect(localDateTime(instant, zone)).toEqual({ date, time });
    expect(localDateTime(new Date(instant), zone)).toEqual({ date, time });
  });

  it("refuses an unknown zone", () => {
    expect(() => localDateTime("2026-11-22T15:30:00Z", "Mars/Olympus")).toThrow(RangeError);
    expect(() => localDateTime("not a date", "UTC")).toThrow("Not an instant");
  });
});

describe("instantFromLocal", () => {
  it.each([
    // ordinary times, both sides of the Atlantic
    ["2026-11-22", "10:30", NY, "2026-11-22T15:30:00.000Z"],
    ["2026-07-01", "09:00", NY, "2026-07-01T13:00:00.000Z"],
    ["2026-07-01", "09:00", LONDON, "2026-07-01T08:00:00.000Z"],
    ["2026-11-23", "00:30", TOKYO, "2026-11-22T15:30:00.000Z"],
    // spring forward: 02:00-02:59 do not exist; they move forward by the hour's gap
    ["2026-03-08", "01:59", NY, "2026-03-08T06:59:00.000Z"],
    ["2026-03-08", "02:00", NY, "2026-03-08T07:00:00.000Z"],
    ["2026-03-08", "02:30", NY, "2026-03-08T07:30:00.000Z"],
    ["2026-03-08", "03:00", NY, "2026-03-08T07:00:00.000Z"],
    ["2026-03-29", "01:30", LONDON, "2026-03-29T01:30:00.000Z"],
    // fall back: 01:00-01:59 happen twice; the first (summer time) is taken
    ["2026-11-01", "01:30", NY, "2026-11-01T05:30:00.000Z"],
    ["2026-11-01", "00:59", NY, "2026-11-01T04:59:00.000Z"],
    ["2026-11-01", "02:00", NY, "2026-11-01T07:00:00.000Z"],
    ["2026-10-25", "01:30", LONDON, "2026-10-25T00:30:00.000Z"],
  ])("%s %s in %s is %s", (date, time, zone, expected) => {
    expect(iso(instantFromLocal(date, time, zone))).toBe(expected);
  });

  it("is the inverse of localDateTime for every quarter hour of a week with a DST change", () => {
    for (const zone of [NY, LONDON]) {
      const start = instantFromLocal(zone === NY ? "2026-03-05" : "2026-03-26", "00:00", zone).getTime();
      for (let ms = start; ms < start + 7 * 86_400_000; ms += 15 * 60_000) {
        const { date, time } = localDateTime(new Date(ms), zone);
        const back = instantFromLocal(date, time, zone).getTime();
        expect(back).toBe(ms);
      }
    }
  });

  it("refuses malformed input", () => {
    expect(() => instantFromLocal("2026-02-30", "10:00", NY)).toThrow(RangeError);
    expect(() => instantFromLocal("2026-02-10", "24:00", NY)).toThrow(RangeError);
    expect(() => instantFromLocal("2026-02-10", "10:00", "Nowhere/Land")).toThrow(RangeError);
  });

  it("converts an event's local date and times", () => {
    const { startsAt, endsAt } = eventInstants({ date: "2026-11-01", startTime: "01:30", endTime: "02:30", timeZone: NY });
    expect([iso(startsAt), iso(endsAt)]).toEqual(["2026-11-01T05:30:00.000Z", "2026-11-01T07:30:00.000Z"]);
  });
});

describe("monthGrid", () => {
  it.each([
    // month, first shown, last shown, rows
    ["2026-11", "2026-11-01", "2026-12-05", 5], // starts on a Sunday
    ["2026-05", "2026-04-26", "2026-06-06", 6], // Friday start + 31 days needs 6 rows
    ["2026-08", "2026-07-26", "2026-09-05", 6], // Saturday start
    ["2026-02", "2026-02-01", "2026-03-07", 5], // would fit in 4 rows; padded to 5
    ["2027-12", "2027-11-28", "2028-01-01", 5],
  ])("%s shows %s to %s in %i weeks", (month, first, last, rows) => {
    const grid = monthGrid(month, NY);
    expect(grid.weeks).toHaveLength(rows);
    expect(grid.weeks.every((w) => w.length === 7)).toBe(true);
    expect(grid.weeks[0]![0]!.date).toBe(first);
    expect(grid.weeks.at(-1)!.at(-1)!.date).toBe(last);
    expect(grid.weeks.every((w) => localDayOfWeek(w[0]!.date) === 0)).toBe(true);
  });

  it("marks the days of the month and bounds the fetch in the zone", () => {
    const grid = monthGrid("2026-05", NY);
    const days = grid.weeks.flat();
    expect(days.filter((d) => d.inMonth)).toHaveLength(31);
    expect(days[0]).toEqual({ date: "2026-04-26", inMonth: false });
    expect(iso(grid.from)).toBe("2026-04-26T04:00:00.000Z");
    expect(iso(grid.to)).toBe("2026-06-07T04:00:00.000Z");
  });

  it("spans a DST change by local midnights, not by 24 h steps", () => {
    const grid = monthGrid("2026-11", NY);
    expect(iso(grid.from)).toBe("2026-11-01T04:00:00.000Z"); // EDT midnight
    expect(iso(grid.to)).toBe("2026-12-06T05:00:00.000Z"); // EST midnight
    expect(iso(monthGrid("2026-11", TOKYO).from)).toBe("2026-10-31T15:00:00.000Z");
  });
});

describe("weekRange", () => {
  it.each([
    ["2026-11-22", "2026-11-22"], // a Sunday is its own week's start
    ["2026-11-28", "2026-11-22"], // Saturday
    ["2026-12-02", "2026-11-29"],
    ["2027-01-01", "2026-12-27"],
  ])("the week of %s starts on Sunday %s", (date, sunday) => {
    const week = weekRange(date, NY);
    expect(week.days).toHaveLength(7);
    expect(week.days[0]).toBe(sunday);
    expect(week.days[6]).toBe(addLocalDays(sunday, 6));
  });

  it("is 167 hours long across spring forward, in the zone asked for", () => {
    const week = weekRange("2026-03-10", NY);
    expect(iso(week.from)).toBe("2026-03-08T05:00:00.000Z");
    expect(iso(week.to)).toBe("2026-03-15T04:00:00.000Z");
    expect((week.to.getTime() - week.from.getTime()) / 3_600_000).toBe(167);
    expect(iso(weekRange("2026-03-10", LONDON).from)).toBe("2026-03-08T00:00:00.000Z");
  });
});

describe("dayRange", () => {
  it.each([
    ["2026-11-22", NY, 24, "2026-11-22T05:00:00.000Z", "2026-11-23T05:00:00.000Z"],
    ["2026-03-08", NY, 23, "2026-03-08T05:00:00.000Z", "2026-03-09T04:00:00.000Z"],
    ["2026-11-01", NY, 25, "2026-11-01T04:00:00.000Z", "2026-11-02T05:00:00.000Z"],
    ["2026-03-29", LONDON, 23, "2026-03-29T00:00:00.000Z", "2026-03-29T23:00:00.000Z"],
    ["2026-10-25", LONDON, 25, "2026-10-24T23:00:00.000Z", "2026-10-26T00:00:00.000Z"],
  ])("%s in %s has %i hours", (date, zone, hours, from, to) => {
    const day = dayRange(date, zone);
    expect(day.hours).toHaveLength(hours);
    expect(day.minutes).toBe(hours * 60);
    expect([iso(day.from), iso(day.to)]).toEqual([from, to]);
  });

  it("labels the rows by the local clock: 02:00 skipped in spring, 01:00 twice in autumn", () => {
    expect(dayRange("2026-03-08", NY).hours.slice(0, 4).map((h) => h.time)).toEqual(["00:00", "01:00", "03:00", "04:00"]);
    const autumn = dayRange("2026-11-01", NY).hours;
    expect(autumn.slice(0, 4).map((h) => h.time)).toEqual(["00:00", "01:00", "01:00", "02:00"]);
    expect(autumn.slice(1, 3).map((h) => iso(h.startsAt))).toEqual(["2026-11-01T05:00:00.000Z", "2026-11-01T06:00:00.000Z"]);
    expect(autumn.at(-1)!.time).toBe("23:00");
  });

  it("measures event minutes from the day's start", () => {
    const day = dayRange("2026-11-01", NY);
    expect(minutesFrom(day.from, "2026-11-01T06:30:00Z")).toBe(150); // the second 01:30
    expect(minutesFrom(day.from, "2026-10-31T23:00:00Z")).toBe(-300);
  });
});

describe("initialScrollMinute: week and day views open at the working day, not midnight", () => {
  it.each([
    [[], null, 7 * 60 + 30],
    [[], 9 * 60, 8 * 60 + 30],
    [[6 * 60], 9 * 60, 5 * 60 + 30],
    [[14 * 60, 10 * 60], 9 * 60, 8 * 60 + 30],
    [[15], null, 0],
    [[-120], null, 7 * 60 + 30],
  ])("events at %j, working from %s: %i", (events, work, expected) => {
    expect(initialScrollMinute(events, work)).toBe(expected);
  });

  it("earliestStartMinute reads the earliest window", () => {
    expect(earliestStartMinute([{ startTime: "10:30" }, { startTime: "07:15" }])).toBe(7 * 60 + 15);
    expect(earliestStartMinute([])).toBeNull();
  });
});
