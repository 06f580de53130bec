import { describe, expect, it } from "vitest";
import { busyWindow, fetchStatusLine, mergeIntervals } from "./busy-times.rules";

const at = (hhmm: string) => new Date(`2026-03-02T${hhmm}:00Z`);
const span = (a: string, b: string) => ({ startsAt: at(a), endsAt: at(b) });
const text = (list: { startsAt: Date; endsAt: Date }[]) => list.map((i) => `${i.startsAt.toISOString().slice(11, 16)}-${i.endsAt.toISOString().slice(11, 16)}`);

describe("mergeIntervals", () => {
  it.each([
    { name: "nothing", input: [], expected: [] },
    { name: "one", input: [span("10:00", "11:00")], expected: ["10:00-11:00"] },
    { name: "apart stay apart, sorted", input: [span("12:00", "13:00"), span("10:00", "11:00")], expected: ["10:00-11:00", "12:00-13:00"] },
    { name: "touching join", input: [span("10:00", "11:00"), span("11:00", "12:00")], expected: ["10:00-12:00"] },
    { name: "overlapping join", input: [span("10:00", "11:30"), span("11:00", "12:00")], expected: ["10:00-12:00"] },
    { name: "contained disappears", input: [span("10:00", "14:00"), span("11:00", "12:00")], expected: ["10:00-14:00"] },
    { name: "empty and reversed are dropped", input: [span("10:00", "10:00"), span("12:00", "11:00")], expected: [] },
    { name: "chain of three", input: [span("09:00", "10:00"), span("09:30", "11:00"), span("10:59", "11:30")], expected: ["09:00-11:30"] },
  ])("$name", ({ input, expected }) => {
    expect(text(mergeIntervals(input))).toEqual(expected);
  });
});

describe("busyWindow", () => {
  it("runs from a week back to two days past the horizon", () => {
    const now = new Date("2026-03-10T12:00:00Z");
    const window = busyWindow(now, new Date("2027-03-10T12:00:00Z"));
    expect(window.from.toISOString()).toBe("2026-03-03T12:00:00.000Z");
    expect(window.to.toISOString()).toBe("2027-03-12T12:00:00.000Z");
  });
});

describe("fetchStatusLine", () => {
  const format = (iso: string) => iso.slice(0, 16);
  it.each([
    { calendar: { lastSuccessAt: null, lastAttemptAt: null, pending: true, busyCount: 0 }, expected: "Not read yet: the first read happens within a minute." },
    { calendar: { lastSuccessAt: "2026-03-02T10:00:00Z", lastAttemptAt: "2026-03-02T10:00:00Z", pending: false, busyCount: 1 }, expected: "Last read 2026-03-02T10:00: 1 busy time in the next 12 months." },
    { calendar: { lastSuccessAt: "2026-03-02T10:00:00Z", lastAttemptAt: "2026-03-02T10:15:00Z", pending: false, busyCount: 12 }, expected: "Last read 2026-03-02T10:00: 12 busy times in the next 12 months." },
    { calendar: { lastSuccessAt: "2026-03-02T10:00:00Z", lastAttemptAt: "2026-03-02T10:15:00Z", pending: true, busyCount: 2 }, expected: "Last read 2026-03-02T10:00: 2 busy times in the next 12 months. Reading it again within a minute." },
    { calendar: { lastSuccessAt: null, lastAttemptAt: "2026-03-02T10:15:00Z", pending: false, busyCount: 0 }, expected: "Never read successfully." },
  ])("$expected", ({ calendar, expected }) => {
    expect(fetchStatusLine(calendar, format)).toBe(expected);
  });
});
