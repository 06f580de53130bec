import { describe, expect, it } from "vitest";
import {
  BUFFER_MESSAGE,
  bufferMinutesSchema,
  filterOpenSlots,
  type Interval,
  TIME_OFF_LENGTH_MESSAGE,
  TIME_OFF_ORDER_MESSAGE,
  timeOffInterval,
  timeOffRangeSchema,
} from "./time-off.rules";

const NY = "America/New_York";
const at = (iso: string) => new Date(iso);
const span = (start: string, end: string): Interval => ({ startsAt: at(start), endsAt: at(end) });
/** Hourly slots starting at each given UTC hour of 2026-12-01. */
const hourSlots = (...hours: number[]) =>
  hours.map((h) => ({ id: `h${h}`, startsAt: new Date(Date.UTC(2026, 11, 1, h)), endsAt: new Date(Date.UTC(2026, 11, 1, h + 1)) }));
const ids = (slots: { id: string }[]) => slots.map((s) => s.id);

describe("timeOffInterval", () => {
  it.each([
    [{ startDate: "2026-12-24", endDate: "2026-12-26" }, NY, "2026-12-24T05:00:00.000Z", "2026-12-27T05:00:00.000Z"],
    [{ startDate: "2026-03-08", endDate: "2026-03-08" }, NY, "2026-03-08T05:00:00.000Z", "2026-03-09T04:00:00.000Z"],
    [{ startDate: "2026-10-31", endDate: "2026-11-01" }, NY, "2026-10-31T04:00:00.000Z", "2026-11-02T05:00:00.000Z"],
    [{ startDate: "2026-12-24", endDate: "2026-12-24" }, "Asia/Tokyo", "2026-12-23T15:00:00.000Z", "2026-12-24T15:00:00.000Z"],
  ])("%o in %s", (range, zone, from, to) => {
    const interval = timeOffInterval(range, zone);
    expect([interval.startsAt.toISOString(), interval.endsAt.toISOString()]).toEqual([from, to]);
  });
});

describe("filterOpenSlots", () => {
  const none = { timeOff: [], timeZone: NY, lessons: [], bufferMinutes: 0 };

  it.each([
    ["nothing blocks", {}, [14, 15, 16, 17]],
    ["a lesson removes its own hour only", { lessons: [span("2026-12-01T15:00Z", "2026-12-01T16:00Z")] }, [14, 16, 17]],
    ["a partly overlapping lesson", { lessons: [span("2026-12-01T15:30Z", "2026-12-01T16:30Z")] }, [14, 17]],
    [
      "a 15-minute buffer closes the neighbours",
      { lessons: [span("2026-12-01T15:00Z", "2026-12-01T16:00Z")], bufferMinutes: 15 },
      [17],
    ],
    [
      "a buffer that only reaches the neighbour's edge leaves it open",
      { lessons: [span("2026-12-01T15:15Z", "2026-12-01T15:45Z")], bufferMinutes: 15 },
      [14, 16, 17],
    ],
    [
      "a buffer one minute larger closes it",
      { lessons: [span("2026-12-01T15:15Z", "2026-12-01T15:45Z")], bufferMinutes: 16 },
      [17],
    ],
    ["the teacher's day off (New York) covers 05:00Z onward", { timeOff: [{ startDate: "2026-12-01", endDate: "2026-12-01" }] }, []],
    [
      // 2026-11-30 in New York ends at 2026-12-01T05:00Z: the 04:00Z slot is still on the day off
      "the day before ends at local midnight",
      { timeOff: [{ startDate: "2026-11-30", endDate: "2026-11-30" }] },
      [5, 14, 15, 16, 17],
      [4, 5, 14, 15, 16, 17],
    ],
    [
      "time off in a zone east of UTC",
      { timeOff: [{ startDate: "2026-12-02", endDate: "2026-12-05" }], timeZone: "Asia/Tokyo" },
      [4, 5, 14],
      [4, 5, 14, 15, 16, 17],
    ],
  ])("%s", (_name, blockers, expected, hours = [14, 15, 16, 17]) => {
    expect(ids(filterOpenSlots(hourSlots(...hours), { ...none, ...blockers }))).toEqual(expected.map((h) => `h${h}`));
  });

  it("keeps the slots' own order and objects", () => {
    const slots = hourSlots(17, 14, 16, 15);
    const open = filterOpenSlots(slots, { ...none, lessons: [span("2026-12-01T16:00Z", "2026-12-01T17:00Z")] });
    expect(ids(open)).toEqual(["h17", "h14", "h15"]);
    expect(open[0]).toBe(slots[0]);
  });

  it("agrees with the plain pairwise check on random data", () => {
    let seed = 42;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const base = Date.UTC(2026, 11, 1);
    const minutes = (m: number) => new Date(base + m * 60_000);
    for (let round = 0; round < 20; round++) {
      const slots = Array.from({ length: 200 }, (_, i) => {
        const start = rand(20_000);
        return { id: String(i), startsAt: minutes(start), endsAt: minutes(start + 15 + rand(60)) };
      });
      const lessons = Array.from({ length: 30 }, () => {
        const start = rand(20_000);
        return { startsAt: minutes(start), endsAt: minutes(start + 30 + rand(60)) };
      });
      const bufferMinutes = rand(31);
      const buffer = bufferMinutes * 60_000;
      const expected = slots.filter((s) =>
        lessons.every((l) => !(s.startsAt.getTime() - buffer < l.endsAt.getTime() && l.startsAt.getTime() < s.endsAt.getTime() + buffer)),
      );
      expect(ids(filterOpenSlots(slots, { timeOff: [], timeZone: NY, lessons, bufferMinutes }))).toEqual(ids(expected));
    }
  });

  it("handles thousands of slots and lessons without pairwise work", () => {
    const base = Date.UTC(2026, 0, 1);
    const slots = Array.from({ length: 20_000 }, (_, i) => ({ startsAt: new Date(base + i * 900_000), endsAt: new Date(base + i * 900_000 + 3_600_000) }));
    const lessons = Array.from({ length: 5_000 }, (_, i) => ({ startsAt: new Date(base + i * 7_200_000), endsAt: new Date(base + i * 7_200_000 + 3_600_000) }));
    const started = performance.now();
    const open = filterOpenSlots(slots, { timeOff: [], timeZone: NY, lessons, bufferMinutes: 0 });
    expect(performance.now() - started).toBeLessThan(1000);
    // every lesson hour closes the 4 slots starting inside it and the 3 before it; 1 slot in 8 stays open
    expect(open.length).toBe(2_500);
  });
});

describe("timeOffRangeSchema", () => {
  const first = (input: unknown) => {
    const result = timeOffRangeSchema.safeParse(input);
    return result.success ? "ok" : `${result.error.issues[0]!.path.join(".")}: ${result.error.issues[0]!.message}`;
  };
  it.each([
    [{ startDate: "2026-12-24", endDate: "2026-12-24" }, "ok"],
    [{ startDate: "2026-12-24", endDate: "2027-01-02", note: "Holidays" }, "ok"],
    [{ startDate: "2026-01-01", endDate: "2026-12-31" }, "ok"],
    [{ startDate: "2026-01-01", endDate: "2027-01-01" }, `endDate: ${TIME_OFF_LENGTH_MESSAGE}`],
    [{ startDate: "2028-02-29", endDate: "2029-02-28" }, "ok"],
    [{ startDate: "2028-02-29", endDate: "2029-03-01" }, `endDate: ${TIME_OFF_LENGTH_MESSAGE}`],
    [{ startDate: "2026-12-24", endDate: "2026-12-23" }, `endDate: ${TIME_OFF_ORDER_MESSAGE}`],
    [{ endDate: "2026-12-23" }, "startDate: First day off is required"],
    [{ startDate: "2026-02-30", endDate: "2026-03-02" }, "startDate: First day off must be a date like 2026-12-24"],
    [{ startDate: "2026-12-24", endDate: "2026-12-25", note: "x".repeat(201) }, "note: Note must be at most 200 characters"],
  ])("%o → %s", (input, expected) => {
    expect(first(input)).toBe(expected);
  });
});

describe("bufferMinutesSchema", () => {
  it.each([
    [undefined, 0],
    [0, 0],
    [15, 15],
    [30, 30],
    [31, BUFFER_MESSAGE],
    [-5, BUFFER_MESSAGE],
    [7.5, BUFFER_MESSAGE],
    ["10", BUFFER_MESSAGE],
  ])("%o → %o", (input, expected) => {
    const result = bufferMinutesSchema.safeParse(input);
    expect(result.success ? result.data : result.error.issues[0]!.message).toBe(expected);
  });
});
