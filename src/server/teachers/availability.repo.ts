import { and, asc, eq } from "drizzle-orm";
import type { LessonFormat } from "../../shared/teachers/teachers.constants";
import { toHourMinute } from "../../shared/teachers/weekly-availability.rules";
import type { AvailabilityCreate, AvailabilityWindow } from "../../shared/teachers/weekly-availability.schemas";
import type { Executor } from "../db/client";
import { teacherAvailability, teacherProfiles } from "../db/schema";

/** Every query is scoped by the owning teacher: another teacher's window simply does not exist. */

const windowColumns = {
  id: teacherAvailability.id,
  dayOfWeek: teacherAvailability.dayOfWeek,
  startTime: teacherAvailability.startTime,
  endTime: teacherAvailability.endTime,
  format: teacherAvailability.format,
};

type WindowRow = { id: string; dayOfWeek: number; startTime: string; endTime: string; format: string };

/** PostgreSQL gives "HH:mm:ss"; the API speaks "HH:mm". The format CHECK admits only LessonFormat keys. */
function toWindow(row: WindowRow): AvailabilityWindow {
  return {
    id: row.id,
    dayOfWeek: row.dayOfWeek,
    startTime: toHourMinute(row.startTime),
    endTime: toHourMinute(row.endTime),
    format: row.format as LessonFormat,
  };
}

export async function findTimeZone(db: Executor, teacherId: string): Promise<string | undefined> {
  const [row] = await db.select({ timeZone: teacherProfiles.timeZone }).from(teacherProfiles).where(eq(teacherProfiles.id, teacherId));
  return row?.timeZone;
}

/** Spec section 7: ordered by day_of_week then start_time. */
export async function listWindows(db: Executor, teacherId: string, dayOfWeek?: number): Promise<AvailabilityWindow[]> {
  const rows = await db
    .select(windowColumns)
    .from(teacherAvailability)
    .where(
      dayOfWeek === undefined
        ? eq(teacherAvailability.teacherId, teacherId)
        : and(eq(teacherAvailability.teacherId, teacherId), eq(teacherAvailability.dayOfWeek, dayOfWeek)),
    )
    .orderBy(asc(teacherAvailability.dayOfWeek), asc(teacherAvailability.startTime), asc(teacherAvailability.endTime));
  return rows.map(toWindow);
}

export async function insertWindow(tx: Executor, teacherId: string, input: AvailabilityCreate): Promise<AvailabilityWindow> {
  const [row] = await tx
    .insert(teacherAvailability)
    .values({ teacherId, ...input })
    .returning(windowColumns);
  return toWindow(row!);
}

export async function deleteWindow(db: Executor, teacherId: string, availabilityId: string): Promise<boolean> {
  const deleted = await db
    .delete(teacherAvailability)
    .where(and(eq(teacherAvailability.id, availabilityId), eq(teacherAvailability.teacherId, teacherId)))
    .returning({ id: teacherAvailability.id });
  return deleted.length > 0;
}
