import { TZDate } from "@date-fns/tz";
import { eq, inArray } from "drizzle-orm";
import { bookings, lessonSeries, teacherAvailability, teacherProfiles } from "../../src/server/db/schema";
import type { Deps } from "../../src/server/deps";
import { createTeacher } from "./accounts";
import { createBooking } from "./bookings";

/** `hour`:00 in New York, `daysAhead` calendar days from today there. */
export function newYorkTime(daysAhead: number, hour: number): Date {
  const now = new TZDate(Date.now(), "America/New_York");
  return new Date(new TZDate(now.getFullYear(), now.getMonth(), now.getDate() + daysAhead, hour, 0, "America/New_York").getTime());
}

/** A discoverable New York teacher open every day 09:00-17:00, with `noticeHours` of notice. */
export async function newYorkTeacher(deps: Pick<Deps, "auth" | "db">, noticeHours = 24) {
  const teacher = await createTeacher(deps, { timeZone: "America/New_York" });
  await deps.db.delete(teacherAvailability).where(eq(teacherAvailability.teacherId, teacher.teacherId));
  await deps.db.insert(teacherAvailability).values(
    [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ teacherId: teacher.teacherId, dayOfWeek, startTime: "09:00", endTime: "17:00" })),
  );
  if (noticeHours !== 24) {
    await deps.db.update(teacherProfiles).set({ noticeHours }).where(eq(teacherProfiles.id, teacher.teacherId));
  }
  return teacher;
}

/** Accepted weekly lessons of one student, tied together as a series (as series booking leaves them). */
export async function createSeries(
  deps: Pick<Deps, "db">,
  options: { teacherId: string; parentId: string; studentId: string; starts: Date[] },
): Promise<{ seriesId: string; bookingIds: string[] }> {
  const [series] = await deps.db
    .insert(lessonSeries)
    .values({ teacherId: options.teacherId, parentId: options.parentId, studentId: options.studentId, lessonCount: options.starts.length })
    .returning({ id: lessonSeries.id });
  const bookingIds: string[] = [];
  for (const startsAt of options.starts) {
    bookingIds.push((await createBooking(deps, { ...options, status: "accepted", startsAt })).bookingId);
  }
  await deps.db.update(bookings).set({ seriesId: series!.id }).where(inArray(bookings.id, bookingIds));
  return { seriesId: series!.id, bookingIds };
}
