import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { PaymentMethod } from "../../shared/invoices/invoices.constants";
import { queryRows, type Executor } from "../db/client";
import { bookings, bookingSlots, lessonPackageDraws, lessonPackages, studentProfiles, teacherProfiles } from "../db/schema";

/** Prepaid lesson packages and the lessons drawn from them (issue 40). */

export async function insertPackage(tx: Executor, values: typeof lessonPackages.$inferInsert): Promise<string> {
  const [row] = await tx.insert(lessonPackages).values(values).returning({ id: lessonPackages.id });
  return row!.id;
}

const packageColumns = {
  id: lessonPackages.id,
  teacherId: lessonPackages.teacherId,
  parentId: lessonPackages.parentId,
  lessons: lessonPackages.lessons,
  priceCents: lessonPackages.priceCents,
  validUntil: lessonPackages.validUntil,
  paidOn: lessonPackages.paidOn,
  method: lessonPackages.method,
  note: lessonPackages.note,
  createdAt: lessonPackages.createdAt,
  // Spelled out: drizzle writes a lone table's column unqualified, which the subquery would read as d.id.
  lessonsUsed: sql<number>`(select count(*)::int from lesson_package_draws d where d.package_id = lesson_packages.id)`,
};

export type PackageRow = Omit<Awaited<ReturnType<typeof packagesOf>>[number], "method"> & { method: PaymentMethod };

/** The packages of one family with a teacher, or of a family with each teacher, oldest first, with the lessons used. */
export async function packagesOf(db: Executor, of: { teacherId: string; parentId: string } | { parentId: string }) {
  const rows = await db
    .select(packageColumns)
    .from(lessonPackages)
    .where("teacherId" in of ? and(eq(lessonPackages.teacherId, of.teacherId), eq(lessonPackages.parentId, of.parentId)) : eq(lessonPackages.parentId, of.parentId))
    .orderBy(asc(lessonPackages.createdAt), asc(lessonPackages.id));
  return rows.map((row) => ({ ...row, lessonsUsed: Number(row.lessonsUsed) }));
}

export async function anyPackageValidFrom(db: Executor, teacherId: string, parentId: string, day: string): Promise<boolean> {
  const [row] = await db
    .select({ id: lessonPackages.id })
    .from(lessonPackages)
    .where(and(eq(lessonPackages.teacherId, teacherId), eq(lessonPackages.parentId, parentId), sql`${lessonPackages.validUntil} >= ${day}`))
    .limit(1);
  return Boolean(row);
}

/**
 * The family's packages with the teacher that may still cover a lesson, each row locked: two
 * lessons drawing at once wait here one after the other, and the second counts the first's draw.
 */
export async function lockUsablePackages(tx: Executor, teacherId: string, parentId: string, lessonDay: string) {
  const locked = await tx
    .select({ id: lessonPackages.id })
    .from(lessonPackages)
    .where(and(eq(lessonPackages.teacherId, teacherId), eq(lessonPackages.parentId, parentId), sql`${lessonPackages.validUntil} >= ${lessonDay}`))
    .orderBy(asc(lessonPackages.id))
    .for("update");
  if (locked.length === 0) return [];
  // Read after the locks: a draw committed while this waited is counted.
  const rows = await tx.select(packageColumns).from(lessonPackages).where(inArray(lessonPackages.id, locked.map((row) => row.id)));
  return rows.map((row) => ({ ...row, lessonsUsed: Number(row.lessonsUsed), createdAt: row.createdAt.toISOString() }));
}

export async function usedLessonNumbers(tx: Executor, packageId: string): Promise<number[]> {
  const rows = await tx.select({ n: lessonPackageDraws.lessonNumber }).from(lessonPackageDraws).where(eq(lessonPackageDraws.packageId, packageId));
  return rows.map((row) => row.n);
}

export async function insertDraw(tx: Executor, draw: { packageId: string; bookingId: string; lessonNumber: number; amountCents: number }): Promise<void> {
  await tx.insert(lessonPackageDraws).values(draw).onConflictDoNothing({ target: lessonPackageDraws.bookingId });
}

export async function hasDraw(tx: Executor, bookingId: string): Promise<boolean> {
  const [row] = await tx.select({ id: lessonPackageDraws.id }).from(lessonPackageDraws).where(eq(lessonPackageDraws.bookingId, bookingId));
  return Boolean(row);
}

/** Gives a lesson back to its package (the attendance was corrected), unless an invoice lists it as covered. */
export async function deleteDrawOfBooking(tx: Executor, bookingId: string): Promise<void> {
  await tx.execute(sql`
    delete from lesson_package_draws d
     where d.booking_id = ${bookingId}
       and not exists (select 1 from invoice_lines l where l.booking_id = d.booking_id and not l.released)
  `);
}

/** Whether an invoice that is not void holds the booking (it is billed, or listed as covered). */
export async function onInvoice(tx: Executor, bookingId: string): Promise<boolean> {
  const rows = await queryRows(tx, sql`select 1 from invoice_lines where booking_id = ${bookingId} and not released limit 1`);
  return rows.length > 0;
}

/** Each lesson drawn from the packages, with the lesson it was, newest first. */
export async function drawsOf(db: Executor, packageIds: readonly string[]) {
  if (packageIds.length === 0) return [];
  return db
    .select({
      id: lessonPackageDraws.id,
      packageId: lessonPackageDraws.packageId,
      bookingId: lessonPackageDraws.bookingId,
      lessonNumber: lessonPackageDraws.lessonNumber,
      amountCents: lessonPackageDraws.amountCents,
      createdAt: lessonPackageDraws.createdAt,
      bookingType: bookings.bookingType,
      status: bookings.status,
      startsAt: bookingSlots.startsAt,
      studentName: sql<string | null>`case when ${studentProfiles.id} is null then null else ${studentProfiles.firstName} || ' ' || ${studentProfiles.lastName} end`,
    })
    .from(lessonPackageDraws)
    .innerJoin(bookings, eq(bookings.id, lessonPackageDraws.bookingId))
    .innerJoin(bookingSlots, eq(bookingSlots.id, bookings.slotId))
    .leftJoin(studentProfiles, eq(studentProfiles.id, bookings.studentId))
    .where(inArray(lessonPackageDraws.packageId, [...packageIds]))
    .orderBy(desc(lessonPackageDraws.createdAt));
}

export async function teacherTimeZone(db: Executor, teacherId: string): Promise<string> {
  const [row] = await db.select({ zone: teacherProfiles.timeZone }).from(teacherProfiles).where(eq(teacherProfiles.id, teacherId));
  return row?.zone ?? "UTC";
}
