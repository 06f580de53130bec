import { sql } from "drizzle-orm";
import { DELETED_TEACHER_NAME } from "../../shared/accounts/accounts.constants";
import type { ATTENDANCE, BookingType } from "../../shared/booking/booking.constants";
import type { DigestLesson } from "../../shared/digest/weekly-digest.rules";
import type { Executor } from "../db/client";
import { queryRows } from "../db/client";
import { activeAccount, teacherInGoodStanding } from "../db/account-standing";
import { parentZoneOf } from "../db/parent-zone";
import { knownZoneOrUtc } from "../../shared/time-zone.rules";

type Attendance = (typeof ATTENDANCE)[number];

export const DIGEST_KIND = "weekly-digest";
export const SUMMARY_KIND = "weekly-summary";
/**
 * Accounts per job: each job builds its batch's emails with a fixed number of queries. A teacher
 * has some twenty students, a parent one or two children: batches of about the same rows.
 */
export const WEEKLY_BATCH = { parent: 50, teacher: 5 } as const;

type Audience = "parent" | "teacher";
const KIND_OF: Record<Audience, string> = { parent: DIGEST_KIND, teacher: SUMMARY_KIND };
/** A list of bound values for `in (…)`. */
const ids = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/** A parent whose weekly digest is on: "Email notifications" on by email, the weekly switch on, the account active. */
const parentWantsWeekly = (p: string) =>
  sql.raw(`${p}.wants_notifications and ${p}.preferred_communication <> 'app'
    and coalesce((select ep.weekly from email_preferences ep where ep.user_id = ${p}.user_id), true)`);
/** A teacher whose weekly summary is on. */
const teacherWantsWeekly = (t: string) => sql.raw(`coalesce((select ep.weekly from email_preferences ep where ep.user_id = ${t}.user_id), true)`);

/**
 * The zones people are in, one index probe per zone (a loose index scan of parent_profiles_zone_idx
 * and teacher_profiles_zone_idx): what a pass reads to find whose Sunday 18:00 has come, instead of
 * every account.
 */
export async function zonesInUse(db: Executor, audience: Audience): Promise<string[]> {
  const [table, zone] = audience === "parent" ? ["parent_profiles", parentZoneOf("x")] : ["teacher_profiles", sql.raw("x.time_zone")];
  const rows = await queryRows<{ zone: string }>(
    db,
    sql`with recursive z(zone) as (
          (select ${zone} from ${sql.raw(table)} x order by 1 limit 1)
          union all
          select (select ${zone} from ${sql.raw(table)} x where ${zone} > z.zone order by 1 limit 1) from z where z.zone is not null)
        select zone from z where zone is not null`,
  );
  return rows.map((row) => row.zone);
}

/**
 * Schedules one zone's weekly emails of one week, once (weekly_email_rounds): the accounts in that
 * zone whose weekly email is on and whose account may be emailed (account-standing.ts), by
 * batches of WEEKLY_BATCH in user id order, each a job due at `runAt`. One statement, safe in every
 * process at once: the round's row is stored by one, and its jobs with it. Accounts are read
 * through the zone indexes; nothing is scheduled for someone who would not get the email.
 */
export async function scheduleWeeklyRound(db: Executor, audience: Audience, zone: string, weekStart: string, runAt: Date): Promise<number> {
  const kind = KIND_OF[audience];
  const recipients =
    audience === "parent"
      ? sql`select p.user_id from parent_profiles p
             where ${parentZoneOf("p")} = ${zone} and ${parentWantsWeekly("p")} and ${activeAccount(sql`p.user_id`)}`
      : sql`select t.user_id from teacher_profiles t
             where t.time_zone = ${zone} and ${teacherWantsWeekly("t")} and ${teacherInGoodStanding(sql`t.id`)}`;
  const rows = await queryRows<{ key: string }>(
    db,
    sql`with round as (
          insert into weekly_email_rounds (kind, zone, week_start, run_at)
          values (${kind}, ${zone}, ${weekStart}, ${runAt.toISOString()}::timestamptz)
          on conflict do nothing
          returning 1
        )
        insert into jobs (kind, key, payload, run_at)
        select ${kind}, ${kind} || ':' || ${weekStart} || ':' || ${zone} || ':' || min(r.user_id),
               jsonb_build_object('userIds', jsonb_agg(r.user_id order by r.user_id), 'weekStart', ${weekStart}::text),
               ${runAt.toISOString()}::timestamptz
          from (select a.user_id, (row_number() over (order by a.user_id) - 1) / ${WEEKLY_BATCH[audience]} as batch from (${recipients}) a) r
         where exists (select 1 from round)
         group by r.batch
        on conflict (key) do nothing
        returning key`,
  );
  return rows.length;
}

export interface Recipient {
  userId: string;
  profileId: string;
  email: string;
  firstName: string;
  timeZone: string;
}

/** A guardian's digest is their household's (issue 45): its children, lessons, grades and classes. */
export interface ParentRecipient extends Recipient {
  householdId: string;
}

/**
 * The parents among `userIds` who may be emailed (active accounts), each with their own clock and
 * their household (every guardian has a profile of their own, scheduled in their own zone's round).
 */
export async function parentRecipients(db: Executor, userIds: readonly string[]): Promise<ParentRecipient[]> {
  if (userIds.length === 0) return [];
  const rows = await queryRows<ParentRecipient>(
    db,
    sql`select p.user_id as "userId", p.id as "profileId", p.household_id as "householdId", u.email, p.first_name as "firstName",
               ${parentZoneOf("p")} as "timeZone"
          from parent_profiles p join "user" u on u.id = p.user_id
         where p.user_id in (${ids(userIds)}) and ${activeAccount(sql`p.user_id`)}`,
  );
  return rows.map((row) => ({ ...row, timeZone: knownZoneOrUtc(row.timeZone) }));
}

/** The teachers among `userIds` in good standing (account-standing.ts). */
export async function teacherRecipients(db: Executor, userIds: readonly string[]): Promise<Recipient[]> {
  if (userIds.length === 0) return [];
  const rows = await queryRows<Recipient>(
    db,
    sql`select t.user_id as "userId", t.id as "profileId", u.email, t.first_name as "firstName", t.time_zone as "timeZone"
          from teacher_profiles t join "user" u on u.id = t.user_id
         where t.user_id in (${ids(userIds)}) and ${teacherInGoodStanding(sql`t.id`)}`,
  );
  return rows.map((row) => ({ ...row, timeZone: knownZoneOrUtc(row.timeZone) }));
}

export async function parentRecipient(db: Executor, userId: string): Promise<ParentRecipient | null> {
  return (await parentRecipients(db, [userId]))[0] ?? null;
}

export async function teacherRecipient(db: Executor, userId: string): Promise<Recipient | null> {
  return (await teacherRecipients(db, [userId]))[0] ?? null;
}

export interface DigestLessonRow extends DigestLesson {
  studentId: string;
  attendance: Attendance | null;
  note: string | null;
}

/**
 * The families' accepted lessons starting in [from, to), per child, in order, with the teacher's
 * attendance and note: one read for the week's attended lessons, the rest of the week and next week.
 */
export async function lessonsBetween(db: Executor, parentIds: readonly string[], from: Date, to: Date): Promise<DigestLessonRow[]> {
  if (parentIds.length === 0) return [];
  const rows = await queryRows<{
    studentId: string;
    startsAt: Date | string;
    teacherName: string | null;
    bookingType: BookingType;
    attendance: Attendance | null;
    note: string | null;
  }>(
    db,
    sql`select b.student_id as "studentId", s.starts_at as "startsAt", b.booking_type as "bookingType",
               t.first_name || ' ' || t.last_name as "teacherName", b.attendance, b.lesson_note as note
          from bookings b
          join booking_slots s on s.id = b.slot_id
          left join teacher_profiles t on t.id = b.teacher_id
         where b.parent_id in (${ids(parentIds)}) and b.status = 'accepted' and b.student_id is not null
           and s.starts_at >= ${from.toISOString()}::timestamptz and s.starts_at < ${to.toISOString()}::timestamptz
         order by s.starts_at, b.id`,
  );
  return rows.map((row) => ({
    studentId: row.studentId,
    startsAt: new Date(row.startsAt).toISOString(),
    teacherName: row.teacherName ?? DELETED_TEACHER_NAME,
    bookingType: row.bookingType,
    attendance: row.attendance,
    note: row.note?.trim() ? row.note : null,
  }));
}

export interface GradeRow {
  studentId: string;
  classId: string;
  className: string;
  title: string;
  score: number;
}

/** Grades given since `since` in the families' current enrolments (a grade belongs to its enrolment). */
export function gradesSince(db: Executor, parentIds: readonly string[], since: Date): Promise<GradeRow[]> {
  if (parentIds.length === 0) return Promise.resolve([]);
  return queryRows<GradeRow>(
    db,
    sql`select e.student_id as "studentId", c.id as "classId", c.name as "className", g.title, g.score
          from class_grades g
          join class_enrolments e on e.id = g.enrolment_id and e.class_id = g.class_id
          join classes c on c.id = g.class_id
         where e.parent_id in (${ids(parentIds)}) and e.left_at is null and e.student_id is not null
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

/** The families' classes now, with their progress (achievements carry their unlock time). */
export function classesOfFamilies(db: Executor, parentIds: readonly string[]): Promise<ClassProgressRow[]> {
  if (parentIds.length === 0) return Promise.resolve([]);
  return queryRows<ClassProgressRow>(
    db,
    sql`select c.student_id as "studentId", c.id as "classId", c.name as "className", c.progress_metrics as "progressMetrics"
          from classes c
         where c.parent_id in (${ids(parentIds)}) and c.student_id is not null
         order by c.name, c.id`,
  );
}

/**
 * Messages to each of the accounts still unread (removed ones not counted). Per account, its
 * conversations on either side by their indexes (a teacher's, and a guardian's household's, issue
 * 45), then the messages by conversation sent by anyone else after the account's own read time.
 */
export async function unreadMessageCounts(db: Executor, userIds: readonly string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await queryRows<{ userId: string; count: number | string }>(
    db,
    sql`select x.user_id as "userId",
               (select count(*) from messages m
                 where m.conversation_id in (select c.id from conversations c
                                              where c.parent_id = (select h.household_id from parent_profiles h where h.user_id = x.user_id)
                                             union all select c.id from conversations c where c.teacher_user_id = x.user_id)
                   and m.sender_user_id is distinct from x.user_id and m.hidden_at is null
                   and not exists (select 1 from conversation_reads r
                                    where r.conversation_id = m.conversation_id and r.user_id = x.user_id and r.last_read_at >= m.created_at)) as count
          from unnest(array[${ids(userIds)}]::text[]) as x(user_id)`,
  );
  return new Map(rows.map((row) => [row.userId, Number(row.count)]));
}
