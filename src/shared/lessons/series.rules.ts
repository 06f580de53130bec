import { z } from "zod";
import { addLocalDays, instantFromLocal, isLocalDate, localDateTime, localDaysBetween } from "../calendar/calendar-views.rules";

/** A weekly series has 2 to 26 lessons (half a year of weekly lessons). */
export const SERIES_MIN_LESSONS = 2;
export const SERIES_MAX_LESSONS = 26;

export const SERIES_WEEKS_MESSAGE = `A weekly series has ${SERIES_MIN_LESSONS} to ${SERIES_MAX_LESSONS} lessons`;
export const SERIES_UNTIL_MESSAGE = "End date must be a date like 2026-12-15";
export const SERIES_CHOOSE_MESSAGE = "Choose a number of weeks or an end date";
export const SERIES_NOT_BOTH_MESSAGE = "Choose a number of weeks or an end date, not both";
export const SERIES_UNTIL_BEFORE_MESSAGE = "The end date must be on or after the first lesson";
export const SERIES_TOO_SHORT_MESSAGE = `A weekly series needs at least ${SERIES_MIN_LESSONS} lessons: choose a later end date`;
export const SERIES_TOO_LONG_MESSAGE = `A weekly series can have at most ${SERIES_MAX_LESSONS} lessons: choose an earlier end date`;

/** How long a series runs: a count of weekly lessons, or until a local date (inclusive). */
export type SeriesRepeat = { weeks: number; until?: undefined } | { until: string; weeks?: undefined };

/**
 * The repeat part of a series request, shared by the form and the route. Exactly one of weeks or
 * until; a form's empty end date ("") counts as not given. Whether `until` gives 2-26 lessons
 * depends on the first lesson's date, so seriesLength checks that (the route and the form call it).
 */
export const seriesRepeatSchema = z
  .object({
    weeks: z
      .number({ error: SERIES_WEEKS_MESSAGE })
      .int(SERIES_WEEKS_MESSAGE)
      .min(SERIES_MIN_LESSONS, SERIES_WEEKS_MESSAGE)
      .max(SERIES_MAX_LESSONS, SERIES_WEEKS_MESSAGE)
      .optional(),
    until: z
      .union([z.literal(""), z.string().refine(isLocalDate, SERIES_UNTIL_MESSAGE)], { error: SERIES_UNTIL_MESSAGE })
      .optional()
      .transform((value) => value || undefined),
  })
  .superRefine((value, ctx) => {
    if (value.weeks !== undefined && value.until !== undefined) ctx.addIssue({ code: "custom", path: ["until"], message: SERIES_NOT_BOTH_MESSAGE });
    if (value.weeks === undefined && value.until === undefined) ctx.addIssue({ code: "custom", path: ["weeks"], message: SERIES_CHOOSE_MESSAGE });
  })
  .transform((value) => value as SeriesRepeat);
export type SeriesRepeatInput = z.input<typeof seriesRepeatSchema>;

export type SeriesLength = { ok: true; count: number } | { ok: false; message: string };

/**
 * Why a repeat chosen in the booking panel cannot be sent, by the rules the server applies
 * (seriesRepeatSchema, then seriesLength from the first lesson's date), or null when it can.
 */
export function seriesChoiceProblem(firstDate: string, choice: { weeks: number } | { until: string }): string | null {
  const parsed = seriesRepeatSchema.safeParse(choice);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? SERIES_CHOOSE_MESSAGE;
  const length = seriesLength(firstDate, parsed.data);
  return length.ok ? null : length.message;
}

/** Number of lessons a repeat gives from the first lesson's local date, or why it is refused. */
export function seriesLength(firstDate: string, repeat: SeriesRepeat): SeriesLength {
  if (repeat.weeks !== undefined) {
    const ok = Number.isInteger(repeat.weeks) && repeat.weeks >= SERIES_MIN_LESSONS && repeat.weeks <= SERIES_MAX_LESSONS;
    return ok ? { ok, count: repeat.weeks } : { ok, message: SERIES_WEEKS_MESSAGE };
  }
  const days = localDaysBetween(firstDate, repeat.until);
  if (days < 0) return { ok: false, message: SERIES_UNTIL_BEFORE_MESSAGE };
  const count = Math.floor(days / 7) + 1;
  if (count < SERIES_MIN_LESSONS) return { ok: false, message: SERIES_TOO_SHORT_MESSAGE };
  if (count > SERIES_MAX_LESSONS) return { ok: false, message: SERIES_TOO_LONG_MESSAGE };
  return { ok: true, count };
}

export interface SeriesOccurrence {
  /** Local date in the teacher's zone. */
  date: string;
  startsAt: Date;
  endsAt: Date;
}

export type SeriesResult = { ok: true; occurrences: SeriesOccurrence[] } | { ok: false; message: string };

/**
 * The lessons of a weekly series in the teacher's zone. Every lesson starts at the same LOCAL time
 * (16:00 stays 16:00 across daylight-saving changes, so the UTC instant moves by an hour) and lasts
 * exactly `durationMinutes`. A start time that a spring-forward day skips moves forward by the gap
 * (02:30 → 03:30), an ambiguous one takes the first occurrence (see instantFromLocal). `until` is
 * a local date in the teacher's zone, inclusive.
 */
export function expandWeeklySeries(input: {
  firstDate: string;
  startTime: string;
  durationMinutes: number;
  timeZone: string;
  repeat: SeriesRepeat;
}): SeriesResult {
  const length = seriesLength(input.firstDate, input.repeat);
  if (!length.ok) return length;
  const occurrences: SeriesOccurrence[] = [];
  for (let week = 0; week < length.count; week++) {
    const date = addLocalDays(input.firstDate, week * 7);
    const startsAt = instantFromLocal(date, input.startTime, input.timeZone);
    occurrences.push({ date, startsAt, endsAt: new Date(startsAt.getTime() + input.durationMinutes * 60_000) });
  }
  return { ok: true, occurrences };
}

/** The same series from the first lesson's instant (the slot the parent picked). */
export function expandWeeklySeriesFrom(input: { firstStartsAt: Date; durationMinutes: number; timeZone: string; repeat: SeriesRepeat }): SeriesResult {
  const { date, time } = localDateTime(input.firstStartsAt, input.timeZone);
  return expandWeeklySeries({ firstDate: date, startTime: time, durationMinutes: input.durationMinutes, timeZone: input.timeZone, repeat: input.repeat });
}
