import { parentClock } from "../../shared/time-zone.rules";
import { DELETED_USER_NAME } from "../../shared/classes/classes.api";
import type { BookingType } from "../../shared/booking/booking.constants";
import { lessonEventTitle } from "../../shared/booking/booking.rules";
import { creditExpiresAt } from "../../shared/lessons/credits.rules";
import type { Executor } from "../db/client";
import { householdMailGuardians } from "../db/household-guardians";
import { lockTeacherSchedule, returnSpentCredits, voidCreditsOfTeacher } from "../booking";
import { owedToTeacherByFamily } from "../invoices";
import * as repo from "./closed-account.repo";
import * as lessonsRepo from "./lessons.repo";

/** A family to tell, with what its zone is made of. */
interface FamilyOfNotice {
  parentId: string;
  parentEmail: string;
  parentFirstName: string;
  parentTimeZone: string | null;
  parentReportedTimeZone: string | null;
}

/**
 * Account deletion's lessons side (issue 26, decisions.md section 6): the requests and lessons
 * still ahead of the one who leaves are cancelled, with the usual emails to the other side; what
 * already happened (past lessons, attendance, notes, what they were worth) stays with the other
 * side, whose records then show "Deleted user" or "Deleted teacher" (the profiles' deletion sets
 * the booking's side to null).
 */

/** What one person of the other side is told, in their own zone. */
export interface ClosedAccountNotice {
  to: string;
  greeting: string;
  timeZone: string;
  /** Who closed their account, and their name as the reader knows it. */
  closedBy: "parent" | "teacher";
  name: string;
  /** The teacher's first name (teacher side): "{first name} can no longer teach on Music Lessons". */
  firstName: string;
  lessons: { bookingId: string; startsAt: Date; bookingType: BookingType; studentFirstName: string; wasRequest: boolean }[];
  /** The family's children whose make-up credits with the teacher can no longer be used (teacher side). */
  voidedCreditsOf: string[];
  /** What the family still owes the teacher on invoices, in cents (teacher side; 0 otherwise). */
  owedCents: number;
  /** How a teacher who closed their account can still be reached and paid, if they left it (issue 41). */
  leftContact?: string | null;
  /**
   * Issue 45: a family's notice is read by each of its guardians whose account is active, each
   * with their own address, name and clock; absent, the one person `to` names reads it.
   */
  readers?: { to: string; greeting: string; timeZone: string }[];
}

/** The notice as each of its readers gets it by email: one copy per guardian of a family. */
export function eachReader(notice: ClosedAccountNotice): ClosedAccountNotice[] {
  return (notice.readers ?? [notice]).map(({ to, greeting, timeZone }) => ({ ...notice, to, greeting, timeZone }));
}

const byTimeThenId = (a: { startsAt: Date; id: string }, b: { startsAt: Date; id: string }) => a.startsAt.getTime() - b.startsAt.getTime() || a.id.localeCompare(b.id);

/** Cancels the bookings (locked and still live), frees their times and their calendar events. Returns those cancelled. */
async function cancelLive(tx: Executor, live: repo.LiveBooking[], by: "parent" | "teacher", now: Date): Promise<repo.LiveBooking[]> {
  const ids = new Set(await repo.lockLive(tx, live.map((b) => b.id)));
  const cancelled = live.filter((b) => ids.has(b.id)).sort(byTimeThenId);
  await repo.markCancelledForClosedAccount(tx, [...ids], by, now);
  await lessonsRepo.releaseSlots(tx, cancelled.map((b) => b.slotId));
  await lessonsRepo.setLessonEventsStatus(tx, [...ids], "cancelled");
  return cancelled;
}

const noticeLesson = (b: repo.LiveBooking) => ({
  bookingId: b.id,
  startsAt: b.startsAt,
  bookingType: b.bookingType as BookingType,
  studentFirstName: b.studentFirstName,
  wasRequest: b.status === "pending",
});

/**
 * A parent closes their account, in the deletion's transaction before their profiles go: their
 * pending requests and lessons ahead are cancelled (each teacher's schedule locked first, in one
 * order, as every change of a teacher's times does), and the teachers' calendars stop naming the
 * child. Returns one notice per teacher.
 */
export async function closeLessonsOfParent(tx: Executor, parentId: string, now: Date): Promise<ClosedAccountNotice[]> {
  const live = await repo.liveBookingsOf(tx, { parentId }, now);
  for (const teacherId of [...new Set(live.map((b) => b.teacherId))].sort()) await lockTeacherSchedule(tx, teacherId);
  const cancelled = await cancelLive(tx, live, "parent", now);

  const events = await repo.lessonEventsOfParent(tx, parentId);
  for (const type of ["intro", "full"] as const) {
    await repo.retitleEvents(tx, events.filter((e) => e.bookingType === type).map((e) => e.id), lessonEventTitle(type, DELETED_USER_NAME));
  }

  const notices = new Map<string, ClosedAccountNotice>();
  for (const b of cancelled) {
    const notice = notices.get(b.teacherId) ?? {
      to: b.teacherEmail,
      greeting: b.teacherFirstName,
      timeZone: b.teacherTimeZone,
      closedBy: "parent" as const,
      name: `${b.parentFirstName} ${b.parentLastName}`,
      firstName: b.parentFirstName,
      lessons: [],
      voidedCreditsOf: [],
      owedCents: 0,
    };
    notice.lessons.push(noticeLesson(b));
    notices.set(b.teacherId, notice);
  }
  return [...notices.values()];
}

/**
 * A teacher can no longer teach here: they closed their account (in the deletion's transaction,
 * before their profile goes) or the desk suspended it (issue 41: the same for the families). Their
 * families' pending requests and lessons ahead are cancelled as closed (never late, never charged,
 * no new make-up credit: it could never be used), a credit paying for one of them comes back and,
 * with every other credit the families hold with the teacher, is voided (a credit that paid for a
 * lesson stays used). Returns one notice per family.
 */
export async function closeLessonsOfTeacher(tx: Executor, teacherId: string, now: Date): Promise<ClosedAccountNotice[]> {
  await lockTeacherSchedule(tx, teacherId);
  const live = await repo.liveBookingsOf(tx, { teacherId }, now);
  const cancelled = await cancelLive(tx, live, "teacher", now);
  await returnSpentCredits(tx, cancelled.map((b) => b.id), "teacher_left", now);
  // Told of only if they could still have used it (an expired one is void anyway).
  const holders = (await repo.familiesWithUnspentCredits(tx, teacherId)).filter((h) => creditExpiresAt(h.issuedAt) > now);
  await voidCreditsOfTeacher(tx, teacherId, now);

  const notices = new Map<string, ClosedAccountNotice>();
  const noticeOf = (family: FamilyOfNotice, { name, firstName }: { name: string; firstName: string }) => {
    const notice = notices.get(family.parentId) ?? {
      to: family.parentEmail,
      greeting: family.parentFirstName,
      timeZone: parentClock({ timeZone: family.parentTimeZone, reportedTimeZone: family.parentReportedTimeZone }),
      closedBy: "teacher" as const,
      name,
      firstName,
      lessons: [],
      voidedCreditsOf: [],
      owedCents: 0,
    };
    notices.set(family.parentId, notice);
    return notice;
  };
  const name = await repo.teacherName(tx, teacherId);
  for (const b of cancelled) noticeOf(b, name).lessons.push(noticeLesson(b));
  for (const holder of holders) {
    const notice = noticeOf(holder, name);
    if (!notice.voidedCreditsOf.includes(holder.studentFirstName)) notice.voidedCreditsOf.push(holder.studentFirstName);
  }
  // Issue 41: the families told are also told what they still owe the teacher, and what becomes of
  // it; a family that only owes (no lesson ahead, no credit) is told too.
  const owed = await owedToTeacherByFamily(tx, teacherId);
  const onlyOwing = [...owed.keys()].filter((parentId) => !notices.has(parentId));
  for (const family of await repo.familiesForNotice(tx, onlyOwing)) noticeOf(family, name);
  const guardians = await householdMailGuardians(tx, [...notices.keys()]);
  for (const [parentId, notice] of notices) {
    notice.owedCents = owed.get(parentId) ?? 0;
    notice.readers = (guardians.get(parentId) ?? []).map((guardian) => ({ to: guardian.email, greeting: guardian.firstName, timeZone: guardian.zone }));
  }
  return [...notices.values()];
}
