import { z } from "zod";
import type { UnavailableReason } from "../booking/bookable.rules";
import { CHOSEN_FORMATS, type BookingFormat } from "../booking/booking.constants";
import { addLocalDays, instantFromLocal, isLocalTime, localDateTime, localDayOfWeek } from "../calendar/calendar-views.rules";

/**
 * Issue 44 item 3: a weekly series changed from one of its lessons on ("this and all following"):
 * a new weekday and time, in the teacher's zone, and optionally a new format, for the chosen
 * lesson and every later live lesson of its series. The same body serves the preview and the change.
 */

export const SERIES_WEEKDAY_MESSAGE = "Choose a day of the week";
export const SERIES_TIME_MESSAGE = "Choose a time like 16:00";
export const SERIES_FORMAT_MESSAGE = "Choose in person or online";
export const NOT_IN_SERIES_MESSAGE = "This lesson is not part of a weekly series. Move it on its own instead.";
export const SERIES_UNCHANGED_MESSAGE = "That is the series' current day, time and format. Choose another day or time.";

/** The refusal of a change some of whose weeks cannot be booked (the 409 lists them). */
export function seriesWeeksTakenMessage(taken: number, total: number): string {
  const which = total === 1 ? "The lesson cannot" : taken === total ? `None of the ${total} lessons can` : `${taken} of the ${total} lessons cannot`;
  return `${which} move to that day and time, so nothing was changed. Choose another day or time.`;
}

export const seriesChangeSchema = z.object({
  /** 0 = Sunday … 6 = Saturday, as the teacher's weekly hours count them (decisions.md). */
  weekday: z.number({ error: SERIES_WEEKDAY_MESSAGE }).int(SERIES_WEEKDAY_MESSAGE).min(0, SERIES_WEEKDAY_MESSAGE).max(6, SERIES_WEEKDAY_MESSAGE),
  /** "HH:mm" on the teacher's clock. */
  time: z.string({ error: SERIES_TIME_MESSAGE }).refine(isLocalTime, SERIES_TIME_MESSAGE),
  /** Left out: each lesson keeps its own format, as a moved lesson does. */
  format: z.enum(CHOSEN_FORMATS, { error: SERIES_FORMAT_MESSAGE }).optional(),
});
export type SeriesChangeInput = z.input<typeof seriesChangeSchema>;
export type SeriesChange = z.output<typeof seriesChangeSchema>;

/** Why one week of the change cannot be booked: the booking check's reasons, or the format. */
export type SeriesWeekProblem = UnavailableReason | "format_not_offered";

/** One lesson of the change: where it is now and where it would go. */
export interface SeriesWeekDTO {
  bookingId: string;
  from: string;
  startsAt: string;
  endsAt: string;
  /** The format the lesson would have there; null when the time does not offer it. */
  format: BookingFormat | null;
  /** Null: this week can be booked. */
  problem: SeriesWeekProblem | null;
}

export interface SeriesChangePreviewDTO {
  /** The teacher's zone: the weekday and time are read on the teacher's clock. */
  timeZone: string;
  /** The teacher's lead time (words the "too soon" reason). */
  leadHours: number;
  weeks: SeriesWeekDTO[];
}

export interface SeriesLesson {
  id: string;
  status: string;
  startsAt: Date;
}

/**
 * The lessons a change from `chosenId` on concerns: the chosen lesson and every later lesson of the
 * series still live (pending or accepted), by start. A cancelled or past lesson stays as it was.
 * Empty when the chosen lesson is not among them.
 */
export function affectedLessons<T extends SeriesLesson>(series: readonly T[], chosenId: string): T[] {
  const chosen = series.find((lesson) => lesson.id === chosenId);
  if (!chosen) return [];
  return series
    .filter((lesson) => (lesson.status === "pending" || lesson.status === "accepted") && lesson.startsAt >= chosen.startsAt)
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

export interface SeriesMove {
  id: string;
  from: Date;
  /** The new local date in the teacher's zone. */
  date: string;
  startsAt: Date;
  endsAt: Date;
}

/** Monday = 0 … Sunday = 6: a week of the change runs Monday to Sunday. */
const mondayIndex = (weekday: number) => (weekday + 6) % 7;

/**
 * Where each lesson goes: the chosen weekday of the lesson's own week (Monday to Sunday on the
 * teacher's clock), at the chosen local time. The local time holds across daylight-saving changes
 * (16:00 stays 16:00, so the UTC instant moves by an hour); a time a spring-forward night skips
 * moves forward by the gap, as a weekly series does (instantFromLocal). Each lesson keeps its length.
 */
export function seriesMoves(input: {
  lessons: readonly { id: string; startsAt: Date; endsAt: Date }[];
  weekday: number;
  time: string;
  timeZone: string;
}): SeriesMove[] {
  return input.lessons.map((lesson) => {
    const { date: oldDate } = localDateTime(lesson.startsAt, input.timeZone);
    const date = addLocalDays(oldDate, mondayIndex(input.weekday) - mondayIndex(localDayOfWeek(oldDate)));
    const startsAt = instantFromLocal(date, input.time, input.timeZone);
    const length = lesson.endsAt.getTime() - lesson.startsAt.getTime();
    return { id: lesson.id, from: lesson.startsAt, date, startsAt, endsAt: new Date(startsAt.getTime() + length) };
  });
}

/** True when the change moves nothing and changes no format: it would only send emails. */
export function seriesChangeIsNoop(moves: readonly SeriesMove[], formats: { current: string; next: string | null }[]): boolean {
  const sameTimes = moves.every((move) => move.startsAt.getTime() === move.from.getTime());
  return sameTimes && formats.every((f) => f.next === f.current);
}
