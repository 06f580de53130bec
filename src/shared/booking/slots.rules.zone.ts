import { tzOffset } from "@date-fns/tz";

/**
 * A zone's UTC offsets over a span of time as pieces of constant offset, so that turning many
 * local times into instants costs a few comparisons each instead of an `Intl` call (which is
 * what every `TZDate` construction pays, several times over).
 */
export interface ZoneTimeline {
  /** Instants (ms) where a piece begins, ascending; the first piece also holds before its start. */
  starts: number[];
  /** Offset (ms, local minus UTC) of each piece. */
  offsets: number[];
}

const DAY_MS = 24 * 3600_000;
/**
 * Offsets are read every 6 hours and each change is then found to the millisecond by bisection.
 * A zone that changed and changed back within 6 hours would be missed; the time zone database
 * has no such pair in the years lessons are booked.
 */
const SAMPLE_MS = 6 * 3600_000;
/** Pieces of one zone and one UTC month, kept for the next request (bounded; zones × months). */
const monthCache = new Map<string, { starts: number[]; offsets: number[] } | null>();
const MONTH_CACHE_LIMIT = 1000;

/** The zone's offset in ms at an instant; NaN for an unknown zone. */
function offsetAt(timeZone: string, time: number): number {
  return Math.round(tzOffset(timeZone, new Date(time)) * 60_000);
}

/** Pieces of one UTC month (index = year * 12 + month), or null when an offset is not whole minutes. */
function monthPieces(timeZone: string, monthIndex: number): { starts: number[]; offsets: number[] } | null {
  const key = `${timeZone}|${monthIndex}`;
  const cached = monthCache.get(key);
  if (cached !== undefined) return cached;
  const begin = Date.UTC(Math.floor(monthIndex / 12), monthIndex % 12, 1);
  const end = Date.UTC(Math.floor(monthIndex / 12), (monthIndex % 12) + 1, 1);
  const starts = [begin];
  const offsets = [offsetAt(timeZone, begin)];
  let result: { starts: number[]; offsets: number[] } | null = { starts, offsets };
  let previous = Number.isNaN(offsets[0]) ? end : begin; // an unknown zone: no pieces to look for
  for (let sample = Math.min(begin + SAMPLE_MS, end); previous < end; sample = Math.min(sample + SAMPLE_MS, end)) {
    const target = offsetAt(timeZone, sample);
    // Bisect for each change between the previous sample and this one.
    let low = previous;
    while (offsets[offsets.length - 1] !== target) {
      const current = offsets[offsets.length - 1]!;
      let high = sample;
      while (high - low > 1) {
        const middle = Math.floor((low + high) / 2);
        if (offsetAt(timeZone, middle) === current) low = middle;
        else high = middle;
      }
      starts.push(high);
      offsets.push(offsetAt(timeZone, high));
      low = high;
    }
    previous = sample;
  }
  if (offsets.some((offset) => !Number.isInteger(offset / 60_000))) result = null;
  if (monthCache.size >= MONTH_CACHE_LIMIT) monthCache.delete(monthCache.keys().next().value!);
  monthCache.set(key, result);
  return result;
}

/**
 * The zone's pieces covering [from, to) (ms). Null for an unknown zone or one whose offsets are
 * not whole minutes (local mean time before the 1900s): callers then take the `TZDate` path.
 */
export function zoneTimeline(timeZone: string, from: number, to: number): ZoneTimeline | null {
  // An unknown zone comes back as null from monthPieces (kept in its cache): no `Intl` call here,
  // which every calendar request paid three times.
  if (!Number.isFinite(from) || !Number.isFinite(to)) return null;
  const first = new Date(from);
  const last = new Date(to);
  const starts: number[] = [];
  const offsets: number[] = [];
  for (let index = first.getUTCFullYear() * 12 + first.getUTCMonth(); index <= last.getUTCFullYear() * 12 + last.getUTCMonth(); index++) {
    const pieces = monthPieces(timeZone, index);
    if (!pieces) return null;
    pieces.starts.forEach((start, i) => {
      const offset = pieces.offsets[i]!;
      if (offsets.length === 0 || offsets[offsets.length - 1] !== offset) {
        starts.push(start);
        offsets.push(offset);
      }
    });
  }
  return starts.length > 0 ? { starts, offsets } : null;
}

/** Index of the piece holding an instant. */
function pieceAt(timeline: ZoneTimeline, time: number): number {
  let low = 0;
  let high = timeline.starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (timeline.starts[middle]! <= time) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** The zone's offset (ms) at an instant inside the timeline's span. */
export function timelineOffset(timeline: ZoneTimeline, time: number): number {
  return timeline.offsets[pieceAt(timeline, time)]!;
}

/**
 * The one instant showing a local wall time (ms of the wall clock read as if it were UTC), or
 * null when that wall time happens twice (clocks going back) or never (clocks going forward).
 * A span of a month or two has a handful of pieces, so every piece is tried.
 */
export function uniqueInstant(timeline: ZoneTimeline, wall: number): number | null {
  const { starts, offsets } = timeline;
  let found: number | null = null;
  for (let i = 0; i < starts.length; i++) {
    const time = wall - offsets[i]!;
    const inside = (i === 0 || time >= starts[i]!) && (i === starts.length - 1 || time < starts[i + 1]!);
    if (!inside) continue;
    if (found !== null) return null;
    found = time;
  }
  return found;
}

/**
 * The one offset (ms) that turns every wall time in [wallFrom, wallTo] into its instant, or null
 * when a change of offset is near enough that some of those times happen twice or never.
 */
export function steadyOffset(timeline: ZoneTimeline, wallFrom: number, wallTo: number): number | null {
  const { starts, offsets } = timeline;
  let found: number | null = null;
  for (let i = 0; i < starts.length; i++) {
    const pieceStart = i === 0 ? -Infinity : starts[i]!;
    const pieceEnd = i === starts.length - 1 ? Infinity : starts[i + 1]!;
    const first = wallFrom - offsets[i]!;
    const last = wallTo - offsets[i]!;
    if (last < pieceStart || first >= pieceEnd) continue; // no wall time of the span lands in this piece
    if (found !== null || first < pieceStart || last >= pieceEnd) return null;
    found = offsets[i]!;
  }
  return found;
}

/** Midnight (ms, wall clock read as UTC) of the local day holding an instant. */
export function localDayStart(timeline: ZoneTimeline, time: number): number {
  const wall = time + timelineOffset(timeline, time);
  return wall - (((wall % DAY_MS) + DAY_MS) % DAY_MS);
}
