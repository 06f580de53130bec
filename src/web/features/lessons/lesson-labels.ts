import { BOOKING_TYPES } from "../../../shared/booking/booking.constants";
import type { LessonDTO } from "../../../shared/lessons/lessons.schemas";
import { formatSlot } from "../booking/format-time";
import { dateTimeFormat } from "../../../shared/date-time-format";

/** "Full Lesson with Kid1 · Mon, Dec 7 · 10:00 AM EST" from the viewer's side. */
export function lessonTitle(lesson: LessonDTO, side: "parent" | "teacher"): string {
  // A deleted side reads "Deleted user" or "Deleted teacher" (its last name is empty).
  const other = side === "parent" ? `${lesson.teacher.firstName} ${lesson.teacher.lastName}` : `${lesson.student.firstName} ${lesson.student.lastName}`;
  return `${BOOKING_TYPES[lesson.bookingType].label} with ${other.trim()}`;
}

export const when = (lesson: Pick<LessonDTO, "startsAt">) => formatSlot(lesson.startsAt);

export type LessonBadge = { label: string; tone: "blue" | "amber" | "green" | "red" | "slate" };

/** One status word for a lesson, never resting on colour alone. */
export function lessonBadge(lesson: LessonDTO): LessonBadge {
  if (lesson.status === "cancelled") return { label: lesson.lateCancel && lesson.cancelledBy === "parent" ? "Cancelled late" : "Cancelled", tone: "red" };
  if (lesson.status === "pending") return { label: "Pending", tone: "amber" };
  if (lesson.attendance === "attended") return { label: "Attended", tone: "green" };
  if (lesson.attendance === "missed") return { label: "Missed", tone: "slate" };
  return { label: lesson.madeUp ? "Make-up lesson" : "Booked", tone: "blue" };
}

export const BADGE_CLASSES: Record<LessonBadge["tone"], string> = {
  blue: "bg-blue-50 text-blue-800",
  amber: "bg-amber-50 text-amber-800",
  green: "bg-emerald-50 text-emerald-800",
  red: "bg-red-50 text-red-800",
  slate: "bg-slate-100 text-slate-700",
};

/** What a dialog about one lesson (cancel, reschedule) is opened with. */
export interface LessonDialogProps {
  lesson: LessonDTO;
  side: "parent" | "teacher";
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** "Mar 3, 2026" in the reader's zone (or the viewer's, without one). */
export function dateOnly(iso: string, timeZone?: string): string {
  return dateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", ...(timeZone ? { timeZone } : {}) }).format(new Date(iso));
}

/** How a make-up request reads (issue 26): the credit paying for it is the one of the lesson of that day. */
export function makeUpCreditLabel(creditFrom: string, timeZone?: string): string {
  return `Make-up lesson (credit from ${dateOnly(creditFrom, timeZone)})`;
}
