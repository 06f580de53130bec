import { describe, expect, it } from "vitest";
import { layoutDayEvents } from "./event-layout.rules";

const ev = (id: string, start: string, end: string) => ({ id, startMinute: toMin(start), endMinute: toMin(end) });
function toMin(hhmm: string): number {
  const negative = hhmm.startsWith("-");
  const [h, m] = hhmm.replace("-", "").split(":").map(Number) as [number, number];
  return (negative ? -1 : 1) * (h * 60 + m);
}
/** id → "column/columns" */
const columns = (events: ReturnType<typeof ev>[]) =>
  Object.fromEntries(layoutDayEvents(events).map((e) => [e.id, `${e.column}/${e.columns}`]));

describe("layoutDayEvents columns", () => {
  it.each([
    ["no overlap: each alone", [ev("a", "09:00", "10:00"), ev("b", "10:00", "11:00")], { a: "0/1", b: "0/1" }],
    ["two overlapping side by side", [ev("a", "09:00", "10:30"), ev("b", "10:00", "11:00")], { a: "0/2", b: "1/2" }],
    [
      "three at once",
      [ev("a", "09:00", "10:00"), ev("b", "09:00", "10:00"), ev("c", "09:30", "10:30")],
      { a: "0/3", b: "1/3", c: "2/3" },
    ],
    [
      // a overlaps b and c; b and c do not overlap each other, so c reuses b's column,
      // and all three share the cluster's 2 columns
      "chain reuses a freed column",
      [ev("a", "09:00", "12:00"), ev("b", "09:30", "10:30"), ev("c", "10:30", "11:30")],
      { a: "0/2", b: "1/2", c: "1/2" },
    ],
    [
      // d only touches c's cluster through b: transitively one cluster of 3 columns
      "transitive cluster shares the count",
      [ev("a", "09:00", "10:00"), ev("b", "09:00", "11:00"), ev("c", "09:30", "10:30"), ev("d", "10:45", "11:30")],
      { b: "0/3", a: "1/3", c: "2/3", d: "1/3" },
    ],
    [
      "separate clusters have their own counts",
      [ev("a", "09:00", "10:00"), ev("b", "09:30", "10:00"), ev("c", "13:00", "14:00")],
      { a: "0/2", b: "1/2", c: "0/1" },
    ],
    [
      "equal starts: the longer takes column 0",
      [ev("short", "09:00", "09:30"), ev("long", "09:00", "11:00")],
      { long: "0/2", short: "1/2" },
    ],
  ])("%s", (_name, events, expected) => {
    expect(columns(events)).toEqual(expected);
  });

  it("keeps the input order and the input fields", () => {
    const out = layoutDayEvents([ev("late", "15:00", "16:00"), ev("early", "08:00", "09:00")]);
    expect(out.map((e) => e.id)).toEqual(["late", "early"]);
    expect(out[0]).toMatchObject({ id: "late", startMinute: 900, top: 900, height: 60 });
  });

  it("lays out thousands of events quickly", () => {
    const many = Array.from({ length: 3000 }, (_, i) => ({ id: String(i), startMinute: (i * 7) % 1400, endMinute: ((i * 7) % 1400) + 30 }));
    const out = layoutDayEvents(many);
    expect(out).toHaveLength(3000);
    expect(out.every((e) => e.column < e.columns)).toBe(true);
  });
});

describe("layoutDayEvents clipping and minimum height", () => {
  it.each([
    // name, start, end, options, top, height, before, after
    ["crossing midnight into the day", "-01:00", "01:00", {}, 0, 60, true, false],
    ["crossing midnight out of the day", "23:00", "25:30", {}, 1380, 60, false, true],
    ["spanning the whole day", "-02:00", "26:00", {}, 0, 1440, true, true],
    ["zero length gets the minimum height", "10:00", "10:00", {}, 600, 15, false, false],
    ["five minutes gets the minimum height", "10:00", "10:05", {}, 600, 15, false, false],
    ["custom minimum", "10:00", "10:05", { minEventMinutes: 30 }, 600, 30, false, false],
    ["short at the day's end moves up", "23:55", "24:00", {}, 1425, 15, false, false],
    ["25-hour day keeps its last hour", "24:00", "25:00", { dayMinutes: 1500 }, 1440, 60, false, false],
  ])("%s", (_name, start, end, options, top, height, before, after) => {
    const [out] = layoutDayEvents([ev("x", start, end)], options);
    expect(out).toMatchObject({ top, height, continuesBefore: before, continuesAfter: after });
  });

  it.each([
    ["ended before the day", "-02:00", "-01:00"],
    ["ended at the day's start", "-01:00", "00:00"],
    ["starts at the day's end", "24:00", "25:00"],
    ["point event at the day's end", "24:00", "24:00"],
  ])("leaves out an event that %s", (_name, start, end) => {
    expect(layoutDayEvents([ev("x", start, end)])).toEqual([]);
  });

  it("shows a point event at the day's start", () => {
    expect(layoutDayEvents([ev("x", "00:00", "00:00")])).toHaveLength(1);
  });

  it("uses the visible height for overlap: a reminder 5 minutes before a lesson sits beside it", () => {
    expect(columns([ev("reminder", "09:55", "09:55"), ev("lesson", "10:00", "11:00")])).toEqual({ reminder: "0/2", lesson: "1/2" });
  });
});
