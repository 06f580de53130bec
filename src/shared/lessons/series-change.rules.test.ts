import { describe, expect, it } from "vitest";
import { affectedLessons, seriesWeeksTakenMessage, seriesChangeIsNoop, seriesChangeSchema, seriesMoves, SERIES_TIME_MESSAGE, SERIES_WEEKDAY_MESSAGE } from "./series-change.rules";

const NY = "America/New_York";
const H = 3_600_000;
const lesson = (id: string, iso: string, status = "accepted") => ({ id, status, startsAt: new Date(iso), endsAt: new Date(new Date(iso).getTime() + H) });
const iso = (moves: { startsAt: Date }[]) => moves.map((m) => m.startsAt.toISOString());

describe("affectedLessons: the chosen lesson and the later live ones", () => {
  const series = [
    lesson("l1", "2026-10-08T20:00:00Z"),
    lesson("l2", "2026-10-15T20:00:00Z", "cancelled"),
    lesson("l3", "2026-10-22T20:00:00Z"),
    lesson("l5", "2026-11-05T21:00:00Z", "pending"),
    lesson("l4", "2026-10-29T20:00:00Z"),
    lesson("l6", "2026-11-12T21:00:00Z", "cancelled"),
  ];
  it.each([
    ["l1", ["l1", "l3", "l4", "l5"]],
    ["l3", ["l3", "l4", "l5"]],
    ["l5", ["l5"]],
    // A cancelled lesson chosen: only the live lessons from its date on.
    ["l2", ["l3", "l4", "l5"]],
    ["nope", []],
  ])("from %s", (chosen, ids) => {
    expect(affectedLessons(series, chosen).map((l) => l.id)).toEqual(ids);
  });
});

describe("seriesMoves: the chosen weekday of each lesson's own week, at the local time, across DST", () => {
  it("Thursdays 16:00 to Wednesdays 17:00 in New York across the end of summer time (Nov 1, 2026)", () => {
    const moves = seriesMoves({
      lessons: [lesson("a", "2026-10-29T20:00:00Z"), lesson("b", "2026-11-05T21:00:00Z"), lesson("c", "2026-11-12T21:00:00Z")],
      weekday: 3,
      time: "17:00",
      timeZone: NY,
    });
    expect(moves.map((m) => m.date)).toEqual(["2026-10-28", "2026-11-04", "2026-11-11"]);
    // 17:00 EDT is 21:00Z; 17:00 EST is 22:00Z.
    expect(iso(moves)).toEqual(["2026-10-28T21:00:00.000Z", "2026-11-04T22:00:00.000Z", "2026-11-11T22:00:00.000Z"]);
    expect(moves.map((m) => m.endsAt.getTime() - m.startsAt.getTime())).toEqual([H, H, H]);
    expect(moves[1]).toMatchObject({ id: "b", from: new Date("2026-11-05T21:00:00Z") });
  });

  it("across the start of summer time (Mar 8, 2026): 16:00 stays 16:00, a skipped 02:30 reads 03:30", () => {
    const moves = seriesMoves({ lessons: [lesson("a", "2026-03-03T21:00:00Z"), lesson("b", "2026-03-10T20:00:00Z")], weekday: 5, time: "16:00", timeZone: NY });
    expect(iso(moves)).toEqual(["2026-03-06T21:00:00.000Z", "2026-03-13T20:00:00.000Z"]);
    const night = seriesMoves({ lessons: [lesson("a", "2026-03-03T21:00:00Z"), lesson("b", "2026-03-10T20:00:00Z")], weekday: 0, time: "02:30", timeZone: NY });
    expect(night.map((m) => m.date)).toEqual(["2026-03-08", "2026-03-15"]);
    expect(iso(night)).toEqual(["2026-03-08T07:30:00.000Z", "2026-03-15T06:30:00.000Z"]);
  });

  it("a week runs Monday to Sunday: Monday to Sunday goes 6 days later, Sunday to Monday 6 days earlier", () => {
    const monday = seriesMoves({ lessons: [lesson("a", "2026-10-19T14:00:00Z")], weekday: 0, time: "10:00", timeZone: NY });
    expect(monday[0]!.date).toBe("2026-10-25");
    const sunday = seriesMoves({ lessons: [lesson("a", "2026-10-25T14:00:00Z")], weekday: 1, time: "10:00", timeZone: NY });
    expect(sunday[0]!.date).toBe("2026-10-19");
  });

  it("reads the lesson's weekday on the teacher's clock, not in UTC (Thursday 21:30 New York is Friday in UTC)", () => {
    const moves = seriesMoves({ lessons: [lesson("a", "2026-10-23T01:30:00Z")], weekday: 3, time: "21:30", timeZone: NY });
    expect(moves[0]!.date).toBe("2026-10-21");
  });
});

describe("seriesChangeIsNoop", () => {
  const moves = seriesMoves({ lessons: [lesson("a", "2026-10-29T20:00:00Z")], weekday: 4, time: "16:00", timeZone: NY });
  it("same time and format is no change; another format or time is", () => {
    expect(seriesChangeIsNoop(moves, [{ current: "online", next: "online" }])).toBe(true);
    expect(seriesChangeIsNoop(moves, [{ current: "online", next: "in_person" }])).toBe(false);
    const later = seriesMoves({ lessons: [lesson("a", "2026-10-29T20:00:00Z")], weekday: 4, time: "16:30", timeZone: NY });
    expect(seriesChangeIsNoop(later, [{ current: "online", next: "online" }])).toBe(false);
  });
});

describe("seriesChangeSchema", () => {
  it.each([
    [{ weekday: 3, time: "16:00" }, true],
    [{ weekday: 0, time: "00:00", format: "online" }, true],
    [{ weekday: 7, time: "16:00" }, SERIES_WEEKDAY_MESSAGE],
    [{ weekday: 2.5, time: "16:00" }, SERIES_WEEKDAY_MESSAGE],
    [{ weekday: "3", time: "16:00" }, SERIES_WEEKDAY_MESSAGE],
    [{ weekday: 3, time: "24:00" }, SERIES_TIME_MESSAGE],
    [{ weekday: 3, time: "4pm" }, SERIES_TIME_MESSAGE],
    [{ weekday: 3 }, SERIES_TIME_MESSAGE],
  ])("%j", (body, expected) => {
    const parsed = seriesChangeSchema.safeParse(body);
    if (expected === true) expect(parsed.success).toBe(true);
    else expect(parsed.error?.issues[0]?.message).toBe(expected);
  });
});

describe("seriesWeeksTakenMessage", () => {
  it.each([
    [1, 1, "The lesson cannot move to that day and time, so nothing was changed. Choose another day or time."],
    [2, 3, "2 of the 3 lessons cannot move to that day and time, so nothing was changed. Choose another day or time."],
    [3, 3, "None of the 3 lessons can move to that day and time, so nothing was changed. Choose another day or time."],
  ])("%i of %i", (taken, total, message) => {
    expect(seriesWeeksTakenMessage(taken, total)).toBe(message);
  });
});
