import { describe, expect, it } from "vitest";
import { appleCalendar, busyYearCalendar, CALENDAR_FIXTURES, FIXTURE_TEACHER_ZONE, googleCalendar, outlookCalendar } from "../../../tests/fixtures/calendar-fixtures";
import { busyIntervalsOf, CalendarReadError } from "./ical-busy";

const ZONE = FIXTURE_TEACHER_ZONE;
const iso = (list: { startsAt: Date; endsAt: Date }[]) => list.map((i) => [i.startsAt.toISOString(), i.endsAt.toISOString()]);
const windowAround = (week: string) => ({ from: new Date(`${week}T00:00:00Z`), to: new Date(new Date(`${week}T00:00:00Z`).getTime() + 40 * 86_400_000) });

const calendar = (...events: string[]) =>
  ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", ...events, "END:VCALENDAR"].join("\r\n");
const vevent = (uid: string, ...lines: string[]) => ["BEGIN:VEVENT", `UID:${uid}`, "DTSTAMP:20260101T000000Z", ...lines, "END:VEVENT"].join("\r\n");

describe("busyIntervalsOf: the Google, Apple and Outlook fixtures", () => {
  // A week in winter, and the week of the US change to daylight time (14 March 2027), where a
  // weekly 16:00 moves from 21:00 to 20:00 UTC.
  for (const week of ["2027-01-11", "2027-03-08", "2027-10-25"]) {
    for (const fixture of CALENDAR_FIXTURES) {
      it(`${fixture.name} from ${week}: exactly the expected busy times`, () => {
        const { ics, busy } = fixture(week);
        expect(iso(busyIntervalsOf(ics, { ...windowAround(week), fallbackTimeZone: ZONE }).intervals)).toEqual(busy);
      });
    }
  }

  it("across the change to daylight time: the same wall time is an hour earlier in UTC (literal instants)", () => {
    const google = iso(busyIntervalsOf(googleCalendar("2027-03-08").ics, { ...windowAround("2027-03-08"), fallbackTimeZone: ZONE }).intervals);
    expect(google[0]).toEqual(["2027-03-09T21:00:00.000Z", "2027-03-09T23:00:00.000Z"]);
    expect(google.at(-1)).toEqual(["2027-03-30T20:00:00.000Z", "2027-03-30T22:00:00.000Z"]);
    // Outlook's zone with historical rules: the 2007 rules apply (before 2007 the change was in April).
    const outlook = iso(busyIntervalsOf(outlookCalendar("2027-03-08").ics, { ...windowAround("2027-03-08"), fallbackTimeZone: ZONE }).intervals);
    expect(outlook[0]).toEqual(["2027-03-08T13:00:00.000Z", "2027-03-08T14:00:00.000Z"]);
    expect(outlook).toContainEqual(["2027-03-15T12:00:00.000Z", "2027-03-15T13:00:00.000Z"]);
    // Apple's all-day Wednesday: New York's midnight to midnight.
    const apple = iso(busyIntervalsOf(appleCalendar("2027-03-08").ics, { ...windowAround("2027-03-08"), fallbackTimeZone: ZONE }).intervals);
    expect(apple[0]).toEqual(["2027-03-10T05:00:00.000Z", "2027-03-11T05:00:00.000Z"]);
  });
});

describe("busyIntervalsOf: rules one by one", () => {
  const window = { from: new Date("2027-03-01T00:00:00Z"), to: new Date("2027-04-30T00:00:00Z"), fallbackTimeZone: ZONE };
  const read = (...events: string[]) => iso(busyIntervalsOf(calendar(...events), window).intervals);

  it.each([
    {
      name: "an event across the night clocks go forward lasts 5 hours, not 6",
      events: [vevent("a", "DTSTART;TZID=America/New_York:20270313T220000", "DTEND;TZID=America/New_York:20270314T040000")],
      expected: [["2027-03-14T03:00:00.000Z", "2027-03-14T08:00:00.000Z"]],
    },
    {
      name: "an all-day event on the day clocks go forward is 23 hours",
      events: [vevent("a", "DTSTART;VALUE=DATE:20270314", "DTEND;VALUE=DATE:20270315")],
      expected: [["2027-03-14T05:00:00.000Z", "2027-03-15T04:00:00.000Z"]],
    },
    {
      name: "an all-day event without an end is one day",
      events: [vevent("a", "DTSTART;VALUE=DATE:20270302")],
      expected: [["2027-03-02T05:00:00.000Z", "2027-03-03T05:00:00.000Z"]],
    },
    {
      name: "a floating time is the teacher's wall clock",
      events: [vevent("a", "DTSTART:20270302T170000", "DTEND:20270302T180000")],
      expected: [["2027-03-02T22:00:00.000Z", "2027-03-02T23:00:00.000Z"]],
    },
    {
      name: "a TZID without VTIMEZONE is the IANA zone of that name",
      events: [vevent("a", "DTSTART;TZID=Europe/Berlin:20270302T170000", "DTEND;TZID=Europe/Berlin:20270302T180000")],
      expected: [["2027-03-02T16:00:00.000Z", "2027-03-02T17:00:00.000Z"]],
    },
    {
      name: "an unknown TZID without VTIMEZONE falls back to the teacher's zone",
      events: [vevent("a", "DTSTART;TZID=Somewhere Standard Time:20270302T170000", "DTEND;TZID=Somewhere Standard Time:20270302T180000")],
      expected: [["2027-03-02T22:00:00.000Z", "2027-03-02T23:00:00.000Z"]],
    },
    {
      name: "a time with no end and no duration blocks nothing",
      events: [vevent("a", "DTSTART:20270302T170000Z")],
      expected: [],
    },
    {
      name: "TRANSP:TRANSPARENT and STATUS:CANCELLED do not block",
      events: [
        vevent("a", "DTSTART:20270302T170000Z", "DTEND:20270302T180000Z", "TRANSP:TRANSPARENT"),
        vevent("b", "DTSTART:20270303T170000Z", "DTEND:20270303T180000Z", "STATUS:CANCELLED"),
        vevent("c", "DTSTART:20270304T170000Z", "DTEND:20270304T180000Z", "STATUS:TENTATIVE"),
      ],
      expected: [["2027-03-04T17:00:00.000Z", "2027-03-04T18:00:00.000Z"]],
    },
    {
      name: "a weekly rule with UNTIL in UTC, EXDATE as a list and a DATE EXDATE",
      events: [
        vevent(
          "a",
          "DTSTART;TZID=America/New_York:20270301T090000",
          "DTEND;TZID=America/New_York:20270301T100000",
          "RRULE:FREQ=WEEKLY;UNTIL=20270329T140000Z",
          "EXDATE;TZID=America/New_York:20270308T090000,20270315T090000",
        ),
      ],
      // 29 March 09:00 New York is 13:00 UTC: inside UNTIL.
      expected: [
        ["2027-03-01T14:00:00.000Z", "2027-03-01T15:00:00.000Z"],
        ["2027-03-22T13:00:00.000Z", "2027-03-22T14:00:00.000Z"],
        ["2027-03-29T13:00:00.000Z", "2027-03-29T14:00:00.000Z"],
      ],
    },
    {
      name: "an override moves one instance; another UID's override is not this series'",
      events: [
        vevent("s", "DTSTART:20270301T150000Z", "DTEND:20270301T160000Z", "RRULE:FREQ=DAILY;COUNT=2"),
        vevent("s", "RECURRENCE-ID:20270302T150000Z", "DTSTART:20270302T180000Z", "DTEND:20270302T190000Z"),
        vevent("t", "RECURRENCE-ID:20270301T150000Z", "DTSTART:20270305T100000Z", "DTEND:20270305T110000Z"),
      ],
      expected: [
        ["2027-03-01T15:00:00.000Z", "2027-03-01T16:00:00.000Z"],
        ["2027-03-02T18:00:00.000Z", "2027-03-02T19:00:00.000Z"],
        // An override whose series is not in the file is an event of its own.
        ["2027-03-05T10:00:00.000Z", "2027-03-05T11:00:00.000Z"],
      ],
    },
    {
      name: "a series started years ago reaches the window; one that ended before it gives nothing",
      events: [
        vevent("old", "DTSTART;TZID=America/New_York:20150302T180000", "DTEND;TZID=America/New_York:20150302T190000", "RRULE:FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=2"),
        vevent("over", "DTSTART:20200302T180000Z", "DTEND:20200302T190000Z", "RRULE:FREQ=DAILY;COUNT=30"),
      ],
      expected: [["2027-03-02T23:00:00.000Z", "2027-03-03T00:00:00.000Z"]],
    },
    {
      name: "overlapping events merge; events outside the window are left out",
      events: [
        vevent("a", "DTSTART:20270302T170000Z", "DTEND:20270302T180000Z"),
        vevent("b", "DTSTART:20270302T173000Z", "DTEND:20270302T183000Z"),
        vevent("c", "DTSTART:20270602T170000Z", "DTEND:20270602T180000Z"),
        vevent("d", "DTSTART:20270202T170000Z", "DTEND:20270202T180000Z"),
      ],
      expected: [["2027-03-02T17:00:00.000Z", "2027-03-02T18:30:00.000Z"]],
    },
  ])("$name", ({ events, expected }) => {
    expect(read(...events)).toEqual(expected);
  });

  it("reads folded lines, LF line ends and a byte order mark", () => {
    const text = `\uFEFF${calendar(vevent("a", "SUMMARY:A very long title that a calendar app folded at seventy-five o", " ctets", "DTSTART:20270302T170000Z", "DTEND:20270302T180000Z")).replaceAll("\r\n", "\n")}`;
    expect(iso(busyIntervalsOf(text, window).intervals)).toEqual([["2027-03-02T17:00:00.000Z", "2027-03-02T18:00:00.000Z"]]);
  });

  it.each([
    { name: "an HTML page", text: "<!DOCTYPE html><html><body>Sign in</body></html>", message: "The address gave a web page, not a calendar." },
    { name: "plain text", text: "hello", message: "The address did not give a calendar (iCalendar text)." },
    { name: "broken iCalendar", text: "BEGIN:VCALENDAR\r\nthis is not a property\r\n", message: /^The calendar could not be read/ },
  ])("refuses $name in plain words", ({ text, message }) => {
    expect(() => busyIntervalsOf(text, window)).toThrow(CalendarReadError);
    expect(() => busyIntervalsOf(text, window)).toThrow(message);
  });

  it("keeps at most maxIntervals (the earliest) and says how many it left out", () => {
    const events = Array.from({ length: 10 }, (_, i) => vevent(`e${i}`, `DTSTART:202703${String(i + 1).padStart(2, "0")}T170000Z`, `DTEND:202703${String(i + 1).padStart(2, "0")}T180000Z`));
    const result = busyIntervalsOf(calendar(...events), { ...window, maxIntervals: 4 });
    expect(result.intervals).toHaveLength(4);
    expect(result.intervals[0]!.startsAt.toISOString()).toBe("2027-03-01T17:00:00.000Z");
    expect(result.leftOut).toBe(6);
    expect(result.events).toBe(10);
  });

  it("2,000 events a year expand well within the 2 s of a read (CPU time, cold)", () => {
    const start = new Date("2027-01-01T00:00:00Z");
    const text = busyYearCalendar(start);
    // CPU time: on a machine shared with other test files the wall clock measures them too.
    const began = process.cpuUsage();
    const result = busyIntervalsOf(text, { from: start, to: new Date("2028-01-15T00:00:00Z"), fallbackTimeZone: ZONE });
    const used = process.cpuUsage(began);
    expect(result.events).toBe(2000);
    expect(result.intervals.length).toBeGreaterThan(1500);
    expect((used.user + used.system) / 1000).toBeLessThan(1500);
  });
});
