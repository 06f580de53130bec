import { sql } from "drizzle-orm";
import type { BookingType } from "../../shared/booking/booking.constants";
import type { DigestLesson } from "../../shared/digest/weekly-digest.rules";
import { WEEKLY_EMAIL_HOUR } from "../../shared/digest/weekly-digest.rules";
import type { Executor } from "../db/client";
import { queryRows } from "../db/client";
import { activeAccount, teacherInGoodStanding } from "../db/account-standing";

export const DIGEST_KIND = "weekly-digest";
/** The parent's zone as their emails use it: chosen in settings, else reported by the browser, else UTC. */
const PARENT_ZONE = sql.raw(`coalesce(p.time_zone, p.reported_time_zone, 'UTC')`);
export const SUMMARY_KIND = "weekly-summary";

/**
 * Schedules this week's email of every parent (the digest) and teacher (the summary) whose Sunday
 * 18:00, in their own zone, falls in (now - staleMs, now + horizonMs], in one statement. The key
 * names the account and the week's Monday, so every pass of every process stores each once; the
 * email itself is stored under the same key (the outbox's dedupe key), so it is sent once.
 * date_trunc('week') is the local Monday; 6 days and 18 hours later is Sunday 18:00 local, turned
 * back into an instant by the zone (DST included).
 */
export async function scheduleWeeklyEmails(db: Executor, now: Date, horizonMs: number, staleMs: number): Promise<void> {
  const at = now.toISOString();
  await db.execute(sql`
    insert into jobs (kind, key, payload, run_at)
    select w.kind, w.kind || ':' || w.user_id || ':' || w.week_start,
           jsonb_build_object('userId', w.user_id, 'weekStart', w.week_start), w.run_at
      from (
        select a.kind, a.user_id, to_char(m.monday, 'YYYY-MM-DD') as week_start,
               (m.monday + make_interval(days => 6, hours => ${WEEKLY_EMAIL_HOUR})) at time zone a.zone as run_at
          from (
            -- A zone the database does not know (a browser's newer tz data) counts as UTC rather
            -- than failing the statement, and with it everyone's weekly email.
            select z.kind, z.user_id, coalesce(known.name, 'UTC') as zone
              from (
                select ${DIGEST_KIND}::text as kind, p.user_id, ${PARENT_ZONE} as zone
                  from parent_profiles p where ${activeAccount(sql`p.user_id`)}
                union all
                select ${SUMMARY_KIND}::text, t.user_id, t.time_zone
                  from teacher_profiles t where ${teacherInGoodStanding(sql`t.id`)}
              ) z
              left join (select name from pg_timezone_names) known on known.name = z.zone
          ) a
          cross join lateral (select date_trunc('week', ${at}::timestamptz at time zone a.zone) as monday) m
      ) w
     where w.run_at > ${at}::timestamptz - ${`${staleMs} milliseconds`}::interval
       and w.run_at <= ${at}::timestamptz + ${`${horizonMs} milliseconds`}::interval
    on conflict (key) do nothing
  `);
}

export interface Recipient {
  profileId: string;
  email: string;
  firstName: string;
  timeZone: string;
}

export async function parentRecipient(db: Executor, userId: string): Promise<Recipient | null> {
  const [row] = await queryRows<Recipient>(
    db,
    sql`select p.id as "profileId", u.email, p.first_name as "firstName", ${PARENT_ZONE} as "timeZone"
          from parent_profiles p join "user" u on u.id = p.user_id where p.user_id = ${userId} and ${activeAccount(sql`p.user_id`)}`,
  );
  return row ?? null;
}

export async function teacherRecipient(db: Executor, userId: string): Promise<Recipient | null> {
  const [row] = await queryRows<Recipient>(
    db,
    sql`select t.id as "profileId", u.email, t.first_name as "firstName", t.time_zone as "timeZone"
          from teacher_profiles t join "user" u on u.id = t.user_id where t.user_id = ${userId} and ${teacherInGoodStanding(sql`t.id`)}`,
  );
  return row ?? null;
}

/** The family's accepted lessons starting in (from, to], per child, soonest first. */
export async function lessonsBetween(db: Executor, parentId: string, from: Date, to: Date): Promise<(DigestLesson & { studentId: string })[]> {
  const rows = await queryRows<{ studentId: string; startsAt: Date | string; teacherName: string | null; bookingType: BookingType }>(
    db,
    sql`select b.student_id as "studentId", s.starts_at as "startsAt", b.booking_type as "bookingType",
               t.first_name || ' ' || t.last_name as "teacherName"
          from bookings b
          join booking_slots s on s.id = b.slot_id
          left join teacher_profiles t on t.id = b.teacher_id
         where b.parent_id = ${parentId} and b.status = 'accepted' and b.student_id is not null
           and s.starts_at > ${from.toISOString()}::timestamptz and s.starts_at <= ${to.toISOString()}::timestamptz
         order by s.starts_at, b.id`,
  );
  return rows.map((row) => ({
    studentId: row.studentId,
    startsAt: new Date(row.startsAt).toISOString(),
    teacherName: row.teacherName ?? "Your former teacher",
    bookingType: row.bookingType,
  }));
}

export interface GradeRow {
  studentId: string;
  classId: string;
  className: string;
  title: string;
  score: number;
}

/** Grades given since `since` in the family's current enrolments (a grade belongs to its enrolment). */
export function gradesSince(db: Executor, parentId: string, since: Date): Promise<GradeRow[]> {
  return queryRows<GradeRow>(
    db,
    sql`select e.student_id as "studentId", c.id as "classId", c.name as "className", g.title, g.score
          from class_grades g
          join class_enrolments e on e.id = g.enrolment_id and e.class_id = g.class_id
          join classes c on c.id = g.class_id
         where e.parent_id = ${parentId} and e.left_at is null and e.student_id is not null
           and g.created_at >= ${since.toISOString()}::timestamptz
         order by g.created_at, g.id`,
  );
}

export interface ClassProgressRow {
  studentId: string;
  classId: string;
  className: string;
  progressMetrics: unknown;
}

/** The family's classes now, with their progress (achievements carry their unlock time). */
export function classesOfFamily(db: Executor, parentId: string): Promise<ClassProgressRow[]> {
  return queryRows<ClassProgressRow>(
    db,
    sql`select c.student_id as "studentId", c.id as "classId", c.name as "className", c.progress_metrics as "progressMetrics"
          from classes c
         where c.parent_id = ${parentId} and c.student_id is not null
         order by c.name, c.id`,
  );
}

/** Messages to this account still unread (removed ones not counted). */
export async function unreadMessageCount(db: Executor, userId: string): Promise<number> {
  const [row] = await queryRows<{ count: number | string }>(
    db,
    sql`select count(*) as count
          from messages m join conversations c on c.id = m.conversation_id
         where (c.parent_user_id = ${userId} or c.teacher_user_id = ${userId})
           and m.sender_user_id is distinct from ${userId}
           and m.read_at is null and m.hidden_at is null`,
  );
  return Number(row?.count ?? 0);
}
