import { describe, expect, it } from "vitest";
import {
  expandWeeklySeries,
  expandWeeklySeriesFrom,
  SERIES_CHOOSE_MESSAGE,
  SERIES_NOT_BOTH_MESSAGE,
  SERIES_TOO_LONG_MESSAGE,
  SERIES_TOO_SHORT_MESSAGE,
  SERIES_UNTIL_BEFORE_MESSAGE,
  SERIES_UNTIL_MESSAGE,
  SERIES_WEEKS_MESSAGE,
  seriesLength,
  seriesRepeatSchema,
  type SeriesResult,
} from "./series.rules";
import { addLocalDays, localDateTime } from "../calendar/calendar-views.rules";

const NY = "America/New_York";
const LONDON = "Europe/London";
const starts = (result: SeriesResult) => (result.ok ? result.occurrences.map((o) => o.startsAt.toISOString()) : result.message);

describe("expandWeeklySeries keeps the local time across DST", () => {
  it.each([
    // zone, first date, time, weeks, UTC starts
    [NY, "2026-10-20", "16:00", 4, ["2026-10-20T20:00:00.000Z", "2026-10-27T20:00:00.000Z", "2026-11-03T21:00:00.000Z", "2026-11-10T21:00:00.000Z"]],
    [NY, "2026-03-03", "16:00", 3, ["2026-03-03T21:00:00.000Z", "2026-03-10T20:00:00.000Z", "2026-03-17T20:00:00.000Z"]],
    [LONDON, "2026-03-24", "17:00", 2, ["2026-03-24T17:00:00.000Z", "2026-03-31T16:00:00.000Z"]],
    [LONDON, "2026-10-20", "17:00", 2, ["2026-10-20T16:00:00.000Z", "2026-10-27T17:00:00.000Z"]],
    // a Sunday 02:30 series meets the skipped hour on 2026-03-08 and moves to 03:30 that week only
    [NY, "2026-03-01", "02:30", 3, ["2026-03-01T07:30:00.000Z", "2026-03-08T07:30:00.000Z", "2026-03-15T06:30:00.000Z"]],
    // a Sunday 01:30 series takes the first 01:30 on 2026-11-01 (still summer time)
    [NY, "2026-10-25", "01:30", 3, ["2026-10-25T05:30:00.000Z", "2026-11-01T05:30:00.000Z", "2026-11-08T06:30:00.000Z"]],
  ])("%s from %s at %s for %i weeks", (timeZone, firstDate, startTime, weeks, expected) => {
    expect(starts(expandWeeklySeries({ firstDate, startTime, durationMinutes: 60, timeZone, repeat: { weeks } }))).toEqual(expected);
  });

  it.each([
    // zone, first date, UTC hour before the autumn change, after it, after the spring change
    [NY, "2026-10-06", "16:00", [20, 21, 20], ["2026-11-03", "2027-03-16"]],
    [LONDON, "2026-10-06", "17:00", [16, 17, 16], ["2026-10-27", "2027-03-30"]],
  ])("a 26-week %s series from %s at %s crosses both changes at the same local time", (timeZone, firstDate, startTime, hours, changes) => {
    const result = expandWeeklySeries({ firstDate, startTime, durationMinutes: 60, timeZone, repeat: { weeks: 26 } });
    if (!result.ok) throw new Error(result.message);
    expect(result.occurrences).toHaveLength(26);
    expect(new Set(result.occurrences.map((o) => localDateTime(o.startsAt, timeZone).time))).toEqual(new Set([startTime]));
    const hourOn = (date: string) => result.occurrences.find((o) => o.date === date)!.startsAt.getUTCHours();
    // The week before each change, and the first week after it.
    expect([hourOn(firstDate), hourOn(changes[0]!), hourOn(changes[1]!)]).toEqual(hours);
    expect(result.occurrences.at(-1)!.date).toBe(addLocalDays(firstDate, 25 * 7));
  });

  it("runs until a date across the spring change in London, inclusive", () => {
    const result = expandWeeklySeries({ firstDate: "2027-03-16", startTime: "17:00", durationMinutes: 60, timeZone: LONDON, repeat: { until: "2027-04-06" } });
    expect(starts(result)).toEqual(["2027-03-16T17:00:00.000Z", "2027-03-23T17:00:00.000Z", "2027-03-30T16:00:00.000Z", "2027-04-06T16:00:00.000Z"]);
  });

  it("gives every lesson its exact length and local date", () => {
    const result = expandWeeklySeries({ firstDate: "2026-10-25", startTime: "01:30", durationMinutes: 45, timeZone: NY, repeat: { weeks: 2 } });
    expect(result.ok && result.occurrences.map((o) => [o.date, (o.endsAt.getTime() - o.startsAt.getTime()) / 60_000])).toEqual([
      ["2026-10-25", 45],
      ["2026-11-01", 45],
    ]);
  });

  it("expands from the first lesson's instant in the teacher's zone", () => {
    const result = expandWeeklySeriesFrom({ firstStartsAt: new Date("2026-10-27T20:00:00Z"), durationMinutes: 60, timeZone: NY, repeat: { weeks: 2 } });
    expect(starts(result)).toEqual(["2026-10-27T20:00:00.000Z", "2026-11-03T21:00:00.000Z"]);
  });

  it("runs until a date, inclusive", () => {
    const base = { firstDate: "2026-11-03", startTime: "16:00", durationMinutes: 60, timeZone: NY };
    expect(expandWeeklySeries({ ...base, repeat: { until: "2026-11-24" } })).toMatchObject({ ok: true, occurrences: { length: 4 } });
    expect(expandWeeklySeries({ ...base, repeat: { until: "2026-11-23" } })).toMatchObject({ ok: true, occurrences: { length: 3 } });
    expect(expandWeeklySeries({ ...base, repeat: { until: "2026-11-09" } })).toEqual({ ok: false, message: SERIES_TOO_SHORT_MESSAGE });
  });
});

describe("seriesLength", () => {
  it.each([
    [{ weeks: 2 }, { ok: true, count: 2 }],
    [{ weeks: 26 }, { ok: true, count: 26 }],
    [{ weeks: 1 }, { ok: false, message: SERIES_WEEKS_MESSAGE }],
    [{ weeks: 27 }, { ok: false, message: SERIES_WEEKS_MESSAGE }],
    [{ until: "2026-01-13" }, { ok: true, count: 2 }],
    [{ until: "2026-01-12" }, { ok: false, message: SERIES_TOO_SHORT_MESSAGE }],
    [{ until: "2026-01-06" }, { ok: false, message: SERIES_TOO_SHORT_MESSAGE }],
    [{ until: "2026-01-05" }, { ok: false, message: SERIES_UNTIL_BEFORE_MESSAGE }],
    [{ until: "2026-06-30" }, { ok: true, count: 26 }],
    [{ until: "2026-07-06" }, { ok: true, count: 26 }],
    [{ until: "2026-07-07" }, { ok: false, message: SERIES_TOO_LONG_MESSAGE }],
  ])("from 2026-01-06 with %o → %o", (repeat, expected) => {
    expect(seriesLength("2026-01-06", repeat as never)).toEqual(expected);
  });
});

describe("seriesRepeatSchema", () => {
  const first = (input: unknown) => {
    const result = seriesRepeatSchema.safeParse(input);
    return result.success ? result.data : `${result.error.issues[0]!.path.join(".")}: ${result.error.issues[0]!.message}`;
  };
  it.each([
    [{ weeks: 10 }, { weeks: 10, until: undefined }],
    [{ until: "2026-12-15" }, { weeks: undefined, until: "2026-12-15" }],
    [{ weeks: 10, until: "" }, { weeks: 10, until: undefined }],
    [{ weeks: 1 }, `weeks: ${SERIES_WEEKS_MESSAGE}`],
    [{ weeks: 27 }, `weeks: ${SERIES_WEEKS_MESSAGE}`],
    [{ weeks: 2.5 }, `weeks: ${SERIES_WEEKS_MESSAGE}`],
    [{ weeks: "4" }, `weeks: ${SERIES_WEEKS_MESSAGE}`],
    [{ until: "2026-02-30" }, `until: ${SERIES_UNTIL_MESSAGE}`],
    [{ until: 20261215 }, `until: ${SERIES_UNTIL_MESSAGE}`],
    [{ weeks: 4, until: "2026-12-15" }, `until: ${SERIES_NOT_BOTH_MESSAGE}`],
    [{}, `weeks: ${SERIES_CHOOSE_MESSAGE}`],
    [{ until: "" }, `weeks: ${SERIES_CHOOSE_MESSAGE}`],
  ])("%o → %o", (input, expected) => {
    expect(first(input)).toEqual(expected);
  });
});
