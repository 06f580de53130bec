import { localDateTime } from "../../shared/calendar/calendar-views.rules";
import { nextLessonNumber, packageFor, packageLessonCents } from "../../shared/invoices/lesson-package.rules";
import type { Executor } from "../db/client";
import * as packagesRepo from "./lesson-packages.repo";

/**
 * A lesson package pays for a lesson the moment the teacher records it attended, or a late
 * cancellation is charged (issue 40): one lesson of the family's package is used, worth the
 * package's per-lesson price, and the lesson is no longer invoiced (an invoice lists it at $0.00
 * as covered). Runs in the change's transaction, with the booking row already locked by it.
 */
export interface DrawableLesson {
  id: string;
  teacherId: string | null;
  parentId: string | null;
  bookingType: string;
  startsAt: Date;
}

/**
 * Uses one package lesson for the booking when a package covers it. The usable packages' rows
 * are locked first, so two lessons recorded at once never take the last lesson twice: the second
 * waits, sees it used, and its lesson stays invoiceable. Intro calls are not package lessons.
 */
export async function drawPackageLesson(tx: Executor, lesson: DrawableLesson): Promise<boolean> {
  if (!lesson.teacherId || !lesson.parentId || lesson.bookingType === "intro") return false;
  // Most families hold no package: one indexed look (a day early, before any zone is read) settles it.
  const dayBefore = new Date(lesson.startsAt.getTime() - 86_400_000).toISOString().slice(0, 10);
  if (!(await packagesRepo.anyPackageValidFrom(tx, lesson.teacherId, lesson.parentId, dayBefore))) return false;
  // Already covered, or already billed on an invoice: nothing changes.
  if ((await packagesRepo.hasDraw(tx, lesson.id)) || (await packagesRepo.onInvoice(tx, lesson.id))) return false;
  // A package is valid through its last day on the teacher's calendar.
  const lessonDay = localDateTime(lesson.startsAt, await packagesRepo.teacherTimeZone(tx, lesson.teacherId)).date;
  const usable = await packagesRepo.lockUsablePackages(tx, lesson.teacherId, lesson.parentId, lessonDay);
  const chosen = packageFor(usable, lessonDay);
  if (!chosen) return false;
  const lessonNumber = nextLessonNumber(await packagesRepo.usedLessonNumbers(tx, chosen.id), chosen.lessons);
  if (lessonNumber === null) return false;
  await packagesRepo.insertDraw(tx, { packageId: chosen.id, bookingId: lesson.id, lessonNumber, amountCents: packageLessonCents(chosen.priceCents, chosen.lessons, lessonNumber) });
  return true;
}

/** The lesson did not happen after all (attendance corrected): its package lesson is given back, unless an invoice lists it. */
export async function returnPackageLesson(tx: Executor, bookingId: string): Promise<void> {
  await packagesRepo.deleteDrawOfBooking(tx, bookingId);
}
