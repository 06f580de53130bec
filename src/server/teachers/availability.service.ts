import { AppError } from "../../shared/errors";
import { TEACHER_PROFILE_NOT_FOUND_MESSAGE } from "../../shared/teachers/profile.schemas";
import { findOverlap, overlapMessage } from "../../shared/teachers/weekly-availability.rules";
import {
  AVAILABILITY_NOT_FOUND_MESSAGE,
  type AvailabilityCreate,
  type AvailabilityWindow,
  type WeeklyAvailability,
} from "../../shared/teachers/weekly-availability.schemas";
import { weeklyOccurrences } from "../../shared/waitlist/waitlist-windows.rules";
import type { Deps } from "../deps";
import { waitlistTimesFreed } from "../waitlist";
import * as repo from "./availability.repo";
import { lockTeacher } from "./teacher-profile.repo";

/**
 * A teacher's weekly availability (the Availability tab of /teacher/schedule). `teacherId` comes
 * from the session; another teacher's window answers 404, exactly like one that does not exist.
 */

export async function listAvailability(deps: Pick<Deps, "db">, teacherId: string): Promise<WeeklyAvailability> {
  const [timeZone, windows] = await Promise.all([repo.findTimeZone(deps.db, teacherId), repo.listWindows(deps.db, teacherId)]);
  if (timeZone === undefined) throw new AppError("not_found", TEACHER_PROFILE_NOT_FOUND_MESSAGE);
  return { timeZone, windows };
}

/**
 * Adds a window unless it overlaps another of the same day. The check and the insert run in one
 * transaction holding the teacher's row lock: two concurrent adds of one teacher are serialised,
 * so the second sees the first and is refused (on PostgreSQL both would otherwise pass the check).
 */
export async function addWindow(deps: Pick<Deps, "db">, teacherId: string, input: AvailabilityCreate): Promise<AvailabilityWindow> {
  return deps.db.transaction(async (tx) => {
    if (!(await lockTeacher(tx, teacherId))) throw new AppError("not_found", TEACHER_PROFILE_NOT_FOUND_MESSAGE);
    const sameDay = await repo.listWindows(tx, teacherId, input.dayOfWeek);
    if (findOverlap(input, sameDay)) {
      const message = overlapMessage(input.dayOfWeek);
      throw new AppError("conflict", message, { fields: { startTime: message } });
    }
    const window = await repo.insertWindow(tx, teacherId, input);
    // New hours are offered to the families waiting for such times (issue 44), the coming weeks.
    const timeZone = await repo.findTimeZone(tx, teacherId);
    if (timeZone) await waitlistTimesFreed(tx, teacherId, weeklyOccurrences(input, timeZone, new Date()));
    return window;
  });
}

export async function deleteWindow(deps: Pick<Deps, "db">, teacherId: string, availabilityId: string): Promise<void> {
  if (!(await repo.deleteWindow(deps.db, teacherId, availabilityId))) {
    throw new AppError("not_found", AVAILABILITY_NOT_FOUND_MESSAGE);
  }
}
