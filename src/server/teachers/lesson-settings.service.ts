import { localDateTime } from "../../shared/calendar/calendar-views.rules";
import { AppError } from "../../shared/errors";
import { timeOffInterval } from "../../shared/lessons/time-off.rules";
import {
  MAX_TIME_OFF_RANGES,
  TIME_OFF_NOT_FOUND_MESSAGE,
  TIME_OFF_PAST_MESSAGE,
  TOO_MANY_TIME_OFF_MESSAGE,
  type LessonSettings,
  type LessonSettingsDTO,
  type TimeOffCreate,
  type TimeOffCreatedDTO,
} from "../../shared/teachers/lesson-settings.schemas";
import { TEACHER_PROFILE_NOT_FOUND_MESSAGE } from "../../shared/teachers/profile.schemas";
import type { Deps } from "../deps";
import { waitlistTimesFreed } from "../waitlist";
import { findTimeZone } from "./availability.repo";
import * as repo from "./lesson-settings.repo";
import { lockTeacher } from "./teacher-profile.repo";

/**
 * The signed-in teacher's lesson rules: the notice window for cancelling with a make-up credit,
 * the buffer kept free around each lesson, the lead time (how soon before a start requests are
 * taken), and days off. Slots and every booking request read the buffer, lead time and days off
 * (booking/bookable-times.ts); lessons already booked are never moved by them.
 */

const notFound = () => new AppError("not_found", TEACHER_PROFILE_NOT_FOUND_MESSAGE);

/** Today's date in the teacher's zone: ranges that ended before it are history, not settings. */
const today = (timeZone: string, now: Date) => localDateTime(now, timeZone).date;

export async function getLessonSettings(deps: Pick<Deps, "db">, teacherId: string, now = new Date()): Promise<LessonSettingsDTO> {
  const settings = await repo.findLessonSettings(deps.db, teacherId);
  if (!settings) throw notFound();
  return { ...settings, timeOff: await repo.listTimeOff(deps.db, teacherId, today(settings.timeZone, now)) };
}

export async function updateLessonSettings(deps: Pick<Deps, "db">, teacherId: string, input: LessonSettings): Promise<LessonSettingsDTO> {
  if (!(await repo.updateLessonSettings(deps.db, teacherId, input))) throw notFound();
  return getLessonSettings(deps, teacherId);
}

/**
 * Adds days off. The count check and the insert hold the teacher's row lock, so two adds at once
 * cannot both pass the limit. Lessons already booked on those days stay (the answer counts them,
 * so the page can say so); new requests for those days are refused.
 */
export async function addTimeOff(deps: Pick<Deps, "db">, teacherId: string, input: TimeOffCreate, now = new Date()): Promise<TimeOffCreatedDTO> {
  return deps.db.transaction(async (tx) => {
    const teacher = await lockTeacher(tx, teacherId);
    if (!teacher) throw notFound();
    const first = today(teacher.timeZone, now);
    if (input.endDate < first) throw new AppError("validation", TIME_OFF_PAST_MESSAGE, { fields: { endDate: TIME_OFF_PAST_MESSAGE } });
    if ((await repo.countTimeOff(tx, teacherId, first)) >= MAX_TIME_OFF_RANGES) throw new AppError("conflict", TOO_MANY_TIME_OFF_MESSAGE);
    const timeOff = await repo.insertTimeOff(tx, teacherId, input);
    const days = timeOffInterval(input, teacher.timeZone);
    return { timeOff, bookedLessons: await repo.countBookedBetween(tx, teacherId, days.startsAt, days.endsAt) };
  });
}

export async function deleteTimeOff(deps: Pick<Deps, "db">, teacherId: string, timeOffId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const removed = await repo.deleteTimeOff(tx, teacherId, timeOffId);
    if (!removed) throw new AppError("not_found", TIME_OFF_NOT_FOUND_MESSAGE);
    // The days come back: their times are offered to the families waiting for them (issue 44).
    const timeZone = await findTimeZone(tx, teacherId);
    if (timeZone) await waitlistTimesFreed(tx, teacherId, [timeOffInterval(removed, timeZone)]);
  });
}
