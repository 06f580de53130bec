import type { UnavailableTime } from "../../shared/booking/bookable.rules";
import type { BookingFormat, BookingType } from "../../shared/booking/booking.constants";
import { FORMAT_LABELS, formatsForSlot, movedFormat } from "../../shared/booking/lesson-place.rules";
import { mayMove } from "../../shared/lessons/lesson-changes.rules";
import { LESSON_NOT_FOUND_MESSAGE, type LessonDTO } from "../../shared/lessons/lessons.schemas";
import {
  affectedLessons,
  NOT_IN_SERIES_MESSAGE,
  seriesWeeksTakenMessage,
  SERIES_UNCHANGED_MESSAGE,
  seriesChangeIsNoop,
  seriesMoves,
  type SeriesChange,
  type SeriesChangePreviewDTO,
  type SeriesWeekDTO,
} from "../../shared/lessons/series-change.rules";
import type { CancelledBy } from "../../shared/lessons/cancellation.rules";
import { AppError } from "../../shared/errors";
import { checkBookableTimes, scheduleConflict, unavailableTimesError } from "../booking";
import type { Executor } from "../db/client";
import { lessonMailContexts } from "../db/lesson-mail-contexts";
import { transactionWithRetry } from "../db/retry-transaction";
import type { Deps } from "../deps";
import { tellOtherSide } from "../live";
import { waitlistTimesFreed, type FreedInterval } from "../waitlist";
import { seriesChangedEmail } from "./lessons.emails";
import { enqueueLessonMail, lockForChange, sideOf, toLessonDTO, type MailDeps } from "./lessons.service";
import * as repo from "./lessons.repo";

/**
 * Issue 44 item 3: a weekly series changed "from this lesson on" to a new weekday and time (and
 * optionally a new format).
 *
 * Who and when: exactly today's move (rescheduleLesson). Either side of the lesson may do it, a
 * stranger gets 404; the chosen lesson must not have started, and a parent may not change it
 * inside the teacher's notice window (mayMove). The later lessons are further away, so the rule
 * for the first holds for them.
 *
 * No acceptance by the other side: today's move takes effect at once and the other side is told
 * by email, so a series change does the same (an accepted series stays accepted, a pending one
 * stays pending for the teacher to answer). Each lesson keeps its agreed price: only its slot,
 * its format (when a new one is chosen) and its calendar event change.
 */

export interface SeriesChangeResult {
  lessons: LessonDTO[];
  /** The teacher whose times were freed, and the old times of every moved lesson, after commit. */
  teacherId: string;
  freed: FreedInterval[];
}

type Lesson = NonNullable<Awaited<ReturnType<typeof repo.readLesson>>>;

interface Plan {
  timeZone: string;
  leadHours: number;
  affected: repo.SeriesLessonRow[];
  moves: ReturnType<typeof seriesMoves>;
  weeks: SeriesWeekDTO[];
  /** The check's own refusal of the times (in order), for the 409. */
  unavailable: UnavailableTime[];
}

/**
 * Where every affected lesson would go and whether each week can be booked, by the checks of a new
 * series: weekly hours, days off, busy calendars, buffer, booked lessons (the moving lessons' own
 * slots left out), lead time and horizon; then the format each week would have. Read-only.
 */
async function planChange(db: Executor, side: CancelledBy, lesson: Lesson, input: SeriesChange, now: Date, lock: boolean): Promise<Plan> {
  if (!lesson.seriesId) throw new AppError("conflict", NOT_IN_SERIES_MESSAGE, { reason: "not_in_series" });
  const teacherId = lesson.teacherId!;
  const settings = await repo.teacherMoveSettings(db, teacherId);
  if (!settings) throw new AppError("not_found", LESSON_NOT_FOUND_MESSAGE);
  const movable = mayMove({ by: side, startsAt: lesson.startsAt, now, noticeHours: settings.noticeHours });
  if (!movable.allowed) throw new AppError("conflict", movable.message!, { reason: "not_movable" });
  const affected = affectedLessons(await repo.liveSeriesLessons(db, lesson.seriesId, lock), lesson.id);
  const moves = seriesMoves({ lessons: affected, weekday: input.weekday, time: input.time, timeZone: settings.timeZone });
  const bookingType = lesson.bookingType as BookingType;
  // No horizon guard before the check: the weeks span at most the series (26 weeks) and each moves
  // under a week from a booked lesson; a week past the horizon is listed as such.
  const exceptSlotIds = affected.map((a) => a.slotId);
  const check = (starts: Date[]) => checkBookableTimes(db, { teacherId, bookingType, startTimes: starts, now, exceptSlotIds });
  const first = await check(moves.map((m) => m.startsAt));
  const unavailable = first.ok ? [] : first.unavailable;
  const problemAt = new Map(unavailable.map((u) => [new Date(u.startsAt).getTime(), u.reason]));
  // The weeks that can be booked, checked again on their own to learn the formats their windows offer.
  const open = moves.filter((m) => !problemAt.has(m.startsAt.getTime()));
  const openCheck = first.ok ? first : await check(open.map((m) => m.startsAt));
  const windowFormat = new Map(openCheck.ok ? openCheck.slots.map((slot) => [slot.startsAt.getTime(), slot.format]) : []);
  const weeks = moves.map((move, i): SeriesWeekDTO => {
    const current = affected[i]!.format as BookingFormat;
    const window = windowFormat.get(move.startsAt.getTime());
    const format = window === undefined ? null : formatAt(bookingType, current, window, input.format);
    const problem = problemAt.get(move.startsAt.getTime()) ?? (format === null ? "format_not_offered" : null);
    return { bookingId: move.id, from: move.from.toISOString(), startsAt: move.startsAt.toISOString(), endsAt: move.endsAt.toISOString(), format, problem };
  });
  return { timeZone: settings.timeZone, leadHours: first.leadHours, affected, moves, weeks, unavailable };
}

/** The chosen format where the window offers it; with none chosen, the lesson keeps its own (movedFormat). */
function formatAt(bookingType: BookingType, current: BookingFormat, window: string, wanted: SeriesChange["format"]): BookingFormat | null {
  if (!wanted) return movedFormat(bookingType, current, window);
  return formatsForSlot(bookingType, window).includes(wanted) ? wanted : null;
}

/** The live lesson of the teacher (read without a lock), as lockForChange checks it. */
async function liveLessonOf(db: Executor, teacherId: string, bookingId: string): Promise<Lesson> {
  const lesson = await repo.readLesson(db, bookingId);
  if (!lesson || lesson.teacherId !== teacherId) throw new AppError("not_found", LESSON_NOT_FOUND_MESSAGE);
  if (lesson.status !== "pending" && lesson.status !== "accepted") {
    throw new AppError("conflict", `This lesson is ${lesson.status}, so it can no longer be changed.`, { reason: "not_live" });
  }
  return lesson;
}

/** What the change would do, week by week, without changing anything (the dialog's preview). */
export async function previewSeriesChange(
  deps: Pick<Deps, "db">,
  userId: string,
  bookingId: string,
  input: SeriesChange,
  now = new Date(),
): Promise<SeriesChangePreviewDTO> {
  const { side, teacherId } = await sideOf(deps, userId, bookingId);
  const lesson = await liveLessonOf(deps.db, teacherId, bookingId);
  const plan = await planChange(deps.db, side, lesson, input, now, false);
  return { timeZone: plan.timeZone, leadHours: plan.leadHours, weeks: plan.weeks };
}

/**
 * Changes the chosen lesson and every later live lesson of its series in one transaction, under
 * the teacher's schedule lock: every week is checked again; if one cannot be booked nothing
 * changes and the 409 lists each such week and why (details.unavailable). The old slots are
 * released, the new ones booked (the exclusion constraint stays the last word on overlaps: a race
 * is a 409, a deadlock is retried and then a 409, never a 500), the calendar events follow; one
 * email to each side lists the new dates.
 *
 * Returns the moved lessons and the freed intervals (`freed`, with `teacherId`), for whoever offers
 * freed times to others (the waitlist) to be called with after this returns.
 */
export async function changeSeriesFrom(
  deps: MailDeps,
  userId: string,
  bookingId: string,
  input: SeriesChange,
  now = new Date(),
): Promise<SeriesChangeResult> {
  const { side, teacherId, guardianId } = await sideOf(deps, userId, bookingId);
  const { ids, freed } = await transactionWithRetry(deps.db, async (tx) => {
    const lesson = await lockForChange(tx, teacherId, bookingId);
    const plan = await planChange(tx, side, lesson, input, now, true);
    if (plan.unavailable.length > 0) {
      // The booking check's refusal, with its list of weeks and reasons, worded for a series change (nothing to skip).
      const refusal = unavailableTimesError(plan.unavailable, plan.moves.length, plan.leadHours);
      throw new AppError("conflict", seriesWeeksTakenMessage(plan.unavailable.length, plan.moves.length), { reason: "times_unavailable", details: refusal.details });
    }
    const noFormat = plan.weeks.filter((w) => w.problem === "format_not_offered");
    if (noFormat.length > 0) {
      const wanted = input.format ?? (lesson.format as BookingFormat);
      throw new AppError(
        "conflict",
        `The teacher does not offer ${FORMAT_LABELS[wanted].toLowerCase()} lessons at the new time in ${noFormat.length} of the ${plan.weeks.length} weeks. Choose another time or format.`,
        { reason: "format_not_offered" },
      );
    }
    const formats = plan.weeks.map((w, i) => ({ current: plan.affected[i]!.format, next: w.format }));
    if (seriesChangeIsNoop(plan.moves, formats)) throw new AppError("validation", SERIES_UNCHANGED_MESSAGE);
    // Released first, so a new week overlapping its own old hour does not collide with itself.
    await repo.releaseSlots(tx, plan.affected.map((a) => a.slotId));
    for (const [i, move] of plan.moves.entries()) {
      await repo.moveToNewSlot(tx, { id: move.id, teacherId }, move.startsAt, move.endsAt, plan.weeks[i]!.format!, guardianId);
    }
    const ids = plan.moves.map((m) => m.id);
    const contexts = await lessonMailContexts(tx, ids);
    const previous = new Map(plan.moves.map((m) => [m.id, m.from]));
    // Each guardian of the family gets it (issue 45); a guardian who changed it reads "You", the others their name.
    const changer = guardianId ? contexts[0]?.guardians.find((guardian) => guardian.id === guardianId) : undefined;
    for (const reader of ["parent", "teacher"] as const) {
      await enqueueLessonMail(deps, tx, contexts, reader, (lessons, guardian) =>
        seriesChangedEmail(deps.env.PUBLIC_URL, lessons, previous, side, reader, changer && guardian && guardian.id !== changer.id ? changer.firstName : null),
      );
    }
    const freed = plan.affected.map((a) => ({ startsAt: a.startsAt, endsAt: a.endsAt }));
    // The old times go to the families waiting for them (issue 44): offered after this commits.
    await waitlistTimesFreed(tx, teacherId, freed, now);
    return { ids, freed };
  }).catch((error: unknown) => {
    throw scheduleConflict(error);
  });
  deps.mailer.kick();
  const rows = await repo.findLessons(deps.db, ids);
  await tellOtherSide(deps, userId, { type: "lesson_changed", payload: { bookingIds: ids, change: "rescheduled" } });
  return { lessons: rows.map((row) => toLessonDTO(row, side)), teacherId, freed };
}
