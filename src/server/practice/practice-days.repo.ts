import { sql } from "drizzle-orm";
import { STREAK_REST_WINDOW_DAYS } from "../../shared/practice/practice.constants";
import type { Run } from "../../shared/practice/streak.rules";
import { queryRows, type Executor } from "../db/client";

/**
 * What the practice figures read of the entries (issue 42): the day totals of a window and the
 * streaks, each computed in SQL for a batch of students, so no page or email reads a student's
 * whole history into JavaScript. Dates come back as text ("yyyy-MM-dd").
 */

/** A typed array of bound values, for unnest(…) of a batch. */
const uuidArray = (values: readonly string[]) => sql`array[${sql.join(values.map((value) => sql`${value}`), sql`, `)}]::uuid[]`;
const dateArray = (values: readonly string[]) => sql`array[${sql.join(values.map((value) => sql`${value}`), sql`, `)}]::date[]`;

export interface DayTotal {
  studentId: string;
  date: string;
  minutes: number;
  timedMinutes: number;
}

/** The days a page or an email shows of one student: practiced_on in [from, to], the parent's calendar days. */
export interface DayWindow {
  studentId: string;
  from: string;
  to: string;
}

/**
 * Each practice day's total of the students within each one's window (issue 42: the week, or the
 * chart's 12 weeks; never the whole history): one row per student per day, summed in SQL from the
 * entries the (student_id, practiced_on) index finds between the window's days. practiced_on is
 * already the day on the parent's clock (parentClock when it was logged), so grouping by it is
 * grouping by the parent's day.
 */
export function dayTotals(db: Executor, windows: readonly DayWindow[]): Promise<DayTotal[]> {
  if (windows.length === 0) return Promise.resolve([]);
  return queryRows<DayTotal>(
    db,
    sql`select e.student_id as "studentId", e.practiced_on::text as date, sum(e.minutes)::int as minutes,
               coalesce(sum(e.minutes) filter (where e.source = 'timed'), 0)::int as "timedMinutes"
          from unnest(${uuidArray(windows.map((w) => w.studentId))}, ${dateArray(windows.map((w) => w.from))}, ${dateArray(windows.map((w) => w.to))}) as w(student_id, from_day, to_day)
          join practice_entries e on e.student_id = w.student_id and e.practiced_on between w.from_day and w.to_day
         group by e.student_id, e.practiced_on
         order by e.practiced_on`,
  );
}

/** A student's streaks as the database computes them (streakStates). */
export interface StreakState {
  /** The longest streak of the whole history. */
  longest: number;
  /** Days with any practice, ever. */
  practiceDays: number;
  /** The run of the last practice day on or before the day asked for, as it stands then (streakAliveOn). */
  last: Run | null;
}

/**
 * The streaks of the students, one row each, computed where the entries are (issue 42): the
 * longest streak needs every practice day of the student's history, so instead of sending that
 * history to JavaScript the rest-day rule of streak.rules.ts runs in SQL, as gaps and islands over
 * the student's distinct days, read through the (student_id, practiced_on) index.
 *
 * The rule is expressible because it is local: a gap of one missed day is a rest day, a gap of two
 * or more starts a new segment (lastRest forgotten), and within a segment a rest day closer than
 * STREAK_REST_WINDOW_DAYS to the segment's previous rest day ends the run there, the next run
 * starting the day after that previous rest (the run always remembers its newest rest, broken or
 * not). So each day's run starts at the latest of its segment's first day and those restarts, and
 * its length is the practice days since. Computed in the database rather than stored per student
 * and kept up to date on every log, edit and delete: an edit or a delete anywhere in the past can
 * split or join runs, which would mean recomputing from the whole history anyway, and a stored
 * figure needs a backfill and can drift; this is one statement for a batch, and its result is
 * checked against `runs` (practice-streaks.integration.test.ts). `asOf` is each student's today:
 * later days count for the longest streak but not for the run the current streak is read from.
 */
export async function streakStates(db: Executor, students: readonly { studentId: string; asOf: string }[]): Promise<Map<string, StreakState>> {
  if (students.length === 0) return new Map();
  const rows = await queryRows<{ studentId: string; longest: number; practiceDays: number; lastDay: string | null; lastLength: number | null; lastRest: string | null }>(
    db,
    sql`with w(student_id, as_of) as (
          select distinct * from unnest(${uuidArray(students.map((s) => s.studentId))}, ${dateArray(students.map((s) => s.asOf))})),
        d as (
          select e.student_id, e.practiced_on as day, w.as_of from w join practice_entries e on e.student_id = w.student_id
           group by e.student_id, e.practiced_on, w.as_of),
        g as (
          select d.*, row_number() over s as rn, day - lag(day) over s as gap
            from d window s as (partition by student_id, as_of order by day)),
        seg as (
          select g.*, sum(case when gap is null or gap > 2 then 1 else 0 end) over (partition by student_id, as_of order by day) as seg,
                 case when gap = 2 then day - 1 end as rest
            from g),
        r as (
          select seg.*, min(rn) over (partition by student_id, as_of, seg) as seg_rn,
                 max(rest) over (partition by student_id, as_of, seg order by day rows between unbounded preceding and 1 preceding) as prev_rest,
                 max(rest) over (partition by student_id, as_of, seg order by day) as last_rest
            from seg),
        runs as (
          select r.*, greatest(seg_rn, max(case when rest - prev_rest < ${STREAK_REST_WINDOW_DAYS} then rn - (day - 2 - prev_rest) end)
                                         over (partition by student_id, as_of, seg order by day)) as start_rn
            from r),
        best as (
          select student_id, as_of, max(rn - start_rn + 1)::int as longest, count(*)::int as practice_days from runs group by student_id, as_of),
        last as (
          select distinct on (student_id, as_of) student_id, as_of, day, (rn - start_rn + 1)::int as length, last_rest
            from runs where day <= as_of order by student_id, as_of, day desc)
        select w.student_id as "studentId", coalesce(best.longest, 0) as longest, coalesce(best.practice_days, 0) as "practiceDays",
               last.day::text as "lastDay", last.length as "lastLength", last.last_rest::text as "lastRest"
          from w left join best on best.student_id = w.student_id and best.as_of = w.as_of
          left join last on last.student_id = w.student_id and last.as_of = w.as_of`,
  );
  return new Map(
    rows.map((row) => [
      row.studentId,
      {
        longest: row.longest,
        practiceDays: row.practiceDays,
        last: row.lastDay === null ? null : { lastDay: row.lastDay, length: row.lastLength!, lastRest: row.lastRest },
      },
    ]),
  );
}
