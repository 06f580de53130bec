import { expandWeeklySeriesFrom, SERIES_MIN_LESSONS, type SeriesRepeat } from "../lessons/series.rules";
import { BOOKING_TYPES, type BookingType } from "./booking.constants";
import { SERIES_TOO_FEW_LEFT_MESSAGE, SKIP_NOT_IN_SERIES_MESSAGE } from "./booking.schemas";

export type WantedTimes =
  | { ok: true; starts: Date[]; series: boolean }
  | { ok: false; field: "repeat" | "skip"; message: string };

/**
 * The start instants a request asks for. Without `repeat`: the picked times, each once, in order.
 * With `repeat`: every week from the one picked time at the same local time in the teacher's zone
 * (series.rules), minus the `skip`ped starts, which must be lessons of that series; at least two
 * must be left, or it is not a series.
 */
export function wantedTimes(input: {
  startTimes: readonly string[];
  bookingType: BookingType;
  repeat?: SeriesRepeat | undefined;
  skip?: readonly string[] | undefined;
  teacherTimeZone: string;
}): WantedTimes {
  const picked = [...new Set(input.startTimes.map((t) => new Date(t).getTime()))].sort((a, b) => a - b);
  if (!input.repeat) return { ok: true, starts: picked.map((t) => new Date(t)), series: false };
  const series = expandWeeklySeriesFrom({
    firstStartsAt: new Date(picked[0]!),
    durationMinutes: BOOKING_TYPES[input.bookingType].minutes,
    timeZone: input.teacherTimeZone,
    repeat: input.repeat,
  });
  if (!series.ok) return { ok: false, field: "repeat", message: series.message };
  const occurrences = new Set(series.occurrences.map((o) => o.startsAt.getTime()));
  const skipped = new Set((input.skip ?? []).map((t) => new Date(t).getTime()));
  if ([...skipped].some((t) => !occurrences.has(t))) return { ok: false, field: "skip", message: SKIP_NOT_IN_SERIES_MESSAGE };
  const starts = [...occurrences].filter((t) => !skipped.has(t)).map((t) => new Date(t));
  if (starts.length < SERIES_MIN_LESSONS) return { ok: false, field: "skip", message: SERIES_TOO_FEW_LEFT_MESSAGE };
  return { ok: true, starts, series: true };
}
