import { and, asc, count, eq, gte, sql } from "drizzle-orm";
import type { LessonSettings, TimeOffCreate, TimeOffDTO } from "../../shared/teachers/lesson-settings.schemas";
import type { Executor } from "../db/client";
import { bookingSlots, teacherProfiles, teacherTimeOff } from "../db/schema";

/** Every query is scoped by the owning teacher: another teacher's time off simply does not exist. */

export async function findLessonSettings(db: Executor, teacherId: string) {
  const [row] = await db
    .select({
      noticeHours: teacherProfiles.noticeHours,
      bufferMinutes: teacherProfiles.bufferMinutes,
      leadHours: teacherProfiles.leadHours,
      timeZone: teacherProfiles.timeZone,
    })
    .from(teacherProfiles)
    .where(eq(teacherProfiles.id, teacherId));
  return row ?? null;
}

export async function updateLessonSettings(db: Executor, teacherId: string, settings: LessonSettings): Promise<boolean> {
  const rows = await db.update(teacherProfiles).set(settings).where(eq(teacherProfiles.id, teacherId)).returning({ id: teacherProfiles.id });
  return rows.length > 0;
}

const timeOffColumns = {
  id: teacherTimeOff.id,
  startDate: teacherTimeOff.startDate,
  endDate: teacherTimeOff.endDate,
  note: teacherTimeOff.note,
};

/** Ranges whose last day is `fromDate` or later, earliest first. */
export async function listTimeOff(db: Executor, teacherId: string, fromDate: string): Promise<TimeOffDTO[]> {
  return db
    .select(timeOffColumns)
    .from(teacherTimeOff)
    .where(and(eq(teacherTimeOff.teacherId, teacherId), gte(teacherTimeOff.endDate, fromDate)))
    .orderBy(asc(teacherTimeOff.startDate), asc(teacherTimeOff.endDate));
}

export async function countTimeOff(db: Executor, teacherId: string, fromDate: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(teacherTimeOff)
    .where(and(eq(teacherTimeOff.teacherId, teacherId), gte(teacherTimeOff.endDate, fromDate)));
  return row!.n;
}

export async function insertTimeOff(db: Executor, teacherId: string, range: TimeOffCreate): Promise<TimeOffDTO> {
  const [row] = await db
    .insert(teacherTimeOff)
    .values({ teacherId, startDate: range.startDate, endDate: range.endDate, note: range.note || null })
    .returning(timeOffColumns);
  return row!;
}

export async function deleteTimeOff(db: Executor, teacherId: string, timeOffId: string): Promise<{ startDate: string; endDate: string } | null> {
  const rows = await db
    .delete(teacherTimeOff)
    .where(and(eq(teacherTimeOff.id, timeOffId), eq(teacherTimeOff.teacherId, teacherId)))
    .returning({ startDate: teacherTimeOff.startDate, endDate: teacherTimeOff.endDate });
  return rows[0] ?? null;
}

/** Booked (pending or accepted) lessons of the teacher that touch [from, to). */
export async function countBookedBetween(db: Executor, teacherId: string, from: Date, to: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(bookingSlots)
    .where(
      and(
        eq(bookingSlots.teacherId, teacherId),
        eq(bookingSlots.status, "booked"),
        sql`tstzrange(${bookingSlots.startsAt}, ${bookingSlots.endsAt}, '[)') && tstzrange(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz, '[)')`,
      ),
    );
  return row!.n;
}
