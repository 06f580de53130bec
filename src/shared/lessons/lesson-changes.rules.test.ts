import { describe, expect, it } from "vitest";
import { LESSON_STARTED_MESSAGE } from "./cancellation.rules";
import {
  LATE_RESCHEDULE_MESSAGE,
  NEW_TIME_PAST_MESSAGE,
  SAME_TIME_MESSAGE,
  canRecordAttendance,
  lessonActions,
  rescheduleOutcome,
} from "./lesson-changes.rules";

const H = 3_600_000;
const startsAt = new Date("2030-03-10T15:00:00Z");
const later = new Date(startsAt.getTime() + 7 * 24 * H);
const at = (hoursBefore: number) => new Date(startsAt.getTime() - hoursBefore * H);

describe("rescheduleOutcome", () => {
  it.each([
    { by: "parent", hoursBefore: 24, allowed: true },
    { by: "parent", hoursBefore: 24 - 1 / 3600, allowed: false, message: LATE_RESCHEDULE_MESSAGE },
    { by: "teacher", hoursBefore: 1, allowed: true },
    { by: "teacher", hoursBefore: 0, allowed: false, message: LESSON_STARTED_MESSAGE },
    { by: "parent", hoursBefore: -1, allowed: false, message: LESSON_STARTED_MESSAGE },
  ] as const)("$by moving $hoursBefore h before the start (24 h notice): $allowed", ({ by, hoursBefore, allowed, ...rest }) => {
    const outcome = rescheduleOutcome({ by, startsAt, newStartsAt: later, now: at(hoursBefore), noticeHours: 24 });
    expect(outcome.allowed).toBe(allowed);
    expect(outcome.message).toBe("message" in rest ? rest.message : undefined);
  });

  it("refuses a new time that has passed or equals the current one", () => {
    const now = at(48);
    expect(rescheduleOutcome({ by: "parent", startsAt, newStartsAt: now, now, noticeHours: 24 }).message).toBe(NEW_TIME_PAST_MESSAGE);
    expect(rescheduleOutcome({ by: "teacher", startsAt, newStartsAt: startsAt, now, noticeHours: 24 }).message).toBe(SAME_TIME_MESSAGE);
  });

  it("a zero-hour notice window lets a parent move it until the start", () => {
    expect(rescheduleOutcome({ by: "parent", startsAt, newStartsAt: later, now: at(0.01), noticeHours: 0 }).allowed).toBe(true);
  });
});

describe("canRecordAttendance", () => {
  it("opens at the start instant", () => {
    expect(canRecordAttendance(startsAt, at(1 / 3600))).toBe(false);
    expect(canRecordAttendance(startsAt, startsAt)).toBe(true);
    expect(canRecordAttendance(startsAt, at(-5))).toBe(true);
  });
});

describe("lessonActions", () => {
  const lesson = (status: string) => ({ status, startsAt, noticeHours: 24 });
  it.each([
    { status: "accepted", side: "parent", hoursBefore: 48, cancel: true, reschedule: true, recordAttendance: false },
    { status: "accepted", side: "parent", hoursBefore: 2, cancel: true, reschedule: false, recordAttendance: false },
    { status: "accepted", side: "teacher", hoursBefore: 2, cancel: true, reschedule: true, recordAttendance: false },
    { status: "accepted", side: "teacher", hoursBefore: 0, cancel: false, reschedule: false, recordAttendance: true },
    { status: "accepted", side: "parent", hoursBefore: -1, cancel: false, reschedule: false, recordAttendance: false },
    { status: "pending", side: "parent", hoursBefore: 48, cancel: true, reschedule: true, recordAttendance: false },
    { status: "pending", side: "teacher", hoursBefore: -1, cancel: false, reschedule: false, recordAttendance: false },
    { status: "cancelled", side: "teacher", hoursBefore: 48, cancel: false, reschedule: false, recordAttendance: false },
    { status: "declined", side: "parent", hoursBefore: 48, cancel: false, reschedule: false, recordAttendance: false },
  ] as const)("$status, $side, $hoursBefore h before", ({ status, side, hoursBefore, ...expected }) => {
    expect(lessonActions(lesson(status), side, at(hoursBefore))).toEqual(expected);
  });
});
