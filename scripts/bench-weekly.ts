// npm run bench:weekly: Sunday 18:00 at 100,000 parents, two servers, a real SMTP sink (issue 42, item 6).
//
// 1. Creates its own database on the PostgreSQL at BENCH_DATABASE_URL (default the local test
//    server), applies the migrations and bulk-loads BENCH_PARENTS parents (default 100,000) with
//    `insert … select generate_series`: 1-2 children each, a teacher per 25 families (approved,
//    listed), an accepted full lesson held last week and (8 families in 10) one next week, practice
//    on 2-3 days of this week for 85 % of the children, open homework for a third of the families,
//    5 % of parents with the weekly email off, 3 % with reminders off, 2 % with email notifications
//    off, 1 % of parents and of teachers suspended, and up to 200 lessons starting 24 h + 1 min to
//    24 h + 20 min after Sunday 18:00, whose reminders fall due during the burst.
// 2. Computes in SQL who must get what: the digests (weekly on, email on, active, a child with
//    practice this week, a lesson next week or open homework), the teachers' summaries (approved,
//    active, weekly on, a student taught who practised or has their homework open) and both sides'
//    reminders of the burst's lessons, with their due times (start - 24 h). No grades, classes or
//    messages are seeded, so those parts of the rules are not exercised.
// 3. Starts an SMTP sink (smtp-server from npm, as src/server/mail/mail-smtp.process.test.ts does)
//    that records each message's Message-ID (the outbox id: its kind and dedupe key are read back
//    from mail_outbox), recipient, subject and receipt time, then two compiled servers on the
//    database with the jobs runner on at its production interval (JOBS_INTERVAL_SECONDS unset: 15 s;
//    BENCH_JOBS_INTERVAL_SECONDS changes it) and SMTP_URL pointing at the sink.
// 4. Samples every 5 s: each server's RSS and CPU (/proc), the database's connections
//    (pg_stat_activity), and prints a table per minute after 18:00, per zone, the targets, and the
//    verdict last.
// 5. Stops the servers (SIGTERM; each must exit 0 within 10 s), the sink, and drops the database,
//    also when something fails (BENCH_KEEP=1 keeps the database and prints its URL).
//
// The clock: the servers run under Debian's libfaketime (apt-get install faketime) with a relative
// offset, the same for both (FAKETIME="+<seconds>", FAKETIME_DONT_FAKE_MONOTONIC=1 so timers keep
// real time), chosen at launch so that their clock reads the coming Sunday at 17:58 in the bench's
// zones. PostgreSQL keeps the real clock: every date the emails read (practice days, homework,
// lessons, decisions) is seeded relative to the fake Sunday, and the servers compare only with
// their own (JavaScript) clock. A receipt's fake time is its real time plus the offset.
//
// The zones: eight zones whose Sunday 18:00 is the same instant, the worst case (the whole burst at
// once): America/New_York, Toronto, Detroit, Indiana/Indianapolis, Kentucky/Louisville, Nassau,
// Bogota and Lima, all UTC-5 from November to March. The fake Sunday is the coming one on which
// they agree from the week before to the week after (no daylight-saving change in the seeded
// weeks); from March to early November that is the first such Sunday in November. Parents and
// teachers are spread over them (parent_profiles.time_zone, teacher_profiles.time_zone).
//
// Targets: 0 duplicates (a recipient getting the same kind of the same week, or the same reminder,
// twice), 0 missing, 0 emails nobody should get, every zone's digests and summaries in within
// 20 minutes of its 18:00, the burst's reminders at most 60 s late at p99, each server at most
// 300 MB RSS. Exit 1 when a target is missed or anything failed (seeding, a server that did not
// start, crashed or did not stop cleanly). BENCH_PARENTS scales it down (BENCH_PARENTS=2000 for a
// quick run), BENCH_MINUTES (default 30) is the fake time after 18:00 it waits at most; it ends
// earlier once every expected email arrived and 60 s passed with nothing new. BENCH_SMOKE=1 prints
// the targets without enforcing them.
import type { ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import nodemailer from "nodemailer";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { openPostgres } from "../src/server/db/client";
import { runMigrations } from "../src/server/db/migrate";
import {
  accountSuspensions,
  bookings,
  bookingSlots,
  emailPreferences,
  homework,
  homeworkItems,
  parentProfiles,
  practiceEntries,
  studentProfiles,
  teacherProfiles,
  user,
} from "../src/server/db/schema";
import { DIGEST_KIND, SUMMARY_KIND } from "../src/server/digest/weekly-digest.repo";
import { REMINDER_LEAD_MS } from "../src/server/lessons/reminders.jobs";
import { REMINDER_KIND } from "../src/server/lessons/reminders.repo";
import { SMTP_TIMEOUT_MS } from "../src/server/mail/mail-transport";
import { addLocalDays } from "../src/shared/calendar/calendar-views.rules";
import { latestWeeklyEmailRound, nextWeekRange } from "../src/shared/digest/weekly-digest.rules";
import { freePort, cpuSeconds, residentMegabytes, spawnCompiledServer } from "../tests/fixtures/server-process";
import { buildServerIfChanged } from "./build-if-changed.mjs";
import { envNumber, settle, SMOKE } from "./bench/bench-mode";
import { insertInto } from "./bench/insert-into";

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const PARENTS = Math.round(envNumber("BENCH_PARENTS", 100_000, 100));
const TEACHERS = Math.ceil(PARENTS / 25);
/** Fake minutes after 18:00 the run waits at most. */
const MINUTES = envNumber("BENCH_MINUTES", 30, 2);
/** Unset: the server's default (15 s, production's). */
const JOBS_INTERVAL = process.env.BENCH_JOBS_INTERVAL_SECONDS;
const KEEP = process.env.BENCH_KEEP === "1";
const FAKETIME_LIB = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1";
const ZONES = [
  "America/New_York",
  "America/Toronto",
  "America/Detroit",
  "America/Indiana/Indianapolis",
  "America/Kentucky/Louisville",
  "America/Nassau",
  "America/Bogota",
  "America/Lima",
] as const;
/** Lessons whose reminders fall due during the burst: one per teacher, at most 200. */
const BURST_LESSONS = Math.min(200, TEACHERS);
/** Their reminders are due 18:01 to 18:(REMINDER_SPREAD) (20, or less on a short run). */
const REMINDER_SPREAD = Math.max(1, Math.min(20, Math.floor(MINUTES) - 2));
/** The servers start this long before 18:00 (fake time). */
const LEAD_IN_MS = 2 * 60_000;
const SAMPLE_MS = 5_000;
const QUIET_MS = 60_000;
const SECRET = "bench-weekly-secret-bench-weekly-secret-0123";
const SENDER_DOMAIN = "bench-weekly.local";
const MONITOR_APP = "bench-weekly-monitor";

const TARGET_DUPLICATES = 0;
const TARGET_MISSING = 0;
const TARGET_ZONE_MINUTES = 20;
const TARGET_REMINDER_P99_S = 60;
const TARGET_RSS_MB = 300;

const log = (...parts: unknown[]) => console.log(...parts);
const MINUTE = 60_000;
const DAY = 86_400_000;

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

/** "-05:00": a zone's offset from UTC at an instant. */
function zoneOffset(zone: string, at: Date): string {
  const part = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" }).formatToParts(at).find((p) => p.type === "timeZoneName");
  return part?.value ?? "?";
}

/**
 * The fake Sunday 18:00 (one instant for all the zones): the coming Sunday whose 18:00 is at least
 * an hour away, moved a week on while the zones disagree on their offset at any of the seeded weeks.
 */
function chooseSunday(realNow: Date): Date {
  const sameOffset = (at: Date) => new Set(ZONES.map((zone) => zoneOffset(zone, at))).size === 1;
  const zone = ZONES[0];
  let round = latestWeeklyEmailRound(zone, new Date(realNow.getTime() + 7 * DAY));
  for (let weeks = 0; weeks < 60; weeks++) {
    const at = round.at;
    const ok = at.getTime() > realNow.getTime() + 3_600_000 && [-8, 0, 8].every((days) => sameOffset(new Date(at.getTime() + days * DAY)));
    if (ok) return at;
    round = latestWeeklyEmailRound(zone, new Date(at.getTime() + 7 * DAY));
  }
  throw new Error("no Sunday within 60 weeks on which the eight zones share their UTC offset");
}

/** The fake week the emails are about, as the server sees it in each zone (its own rules). */
function weekOf(sunday: Date) {
  const zones = ZONES.map((zone) => {
    const round = latestWeeklyEmailRound(zone, sunday);
    const next = nextWeekRange(round.weekStart, zone);
    return { zone, at: round.at, weekStart: round.weekStart, sundayDate: addLocalDays(round.weekStart, 6), nextFrom: next.from, nextTo: next.to };
  });
  const weekStart = zones[0]!.weekStart;
  if (zones.some((z) => z.weekStart !== weekStart || z.at.getTime() !== sunday.getTime())) throw new Error("the zones do not share their Sunday 18:00");
  return { zones, weekStart, sundayDate: zones[0]!.sundayDate };
}

type Week = ReturnType<typeof weekOf>;

async function seed(client: pg.Client, sunday: Date, week: Week): Promise<Record<string, number>> {
  const q = (text: string, values?: unknown[]) => client.query(text, values);
  const S = sunday.toISOString();
  // Local midnights (all eight zones share the offset): last week's Monday, next week's.
  const lastMonday = new Date(sunday.getTime() - 13 * DAY - 18 * 3_600_000).toISOString();
  const nextMonday = new Date(sunday.getTime() + 6 * 3_600_000).toISOString();
  const firstNames = ["Ava", "Ben", "Chloe", "Dan", "Ella", "Finn", "Grace", "Hugo", "Isla", "Jack", "Lena", "Max", "Nora", "Omar", "Pia", "Ravi"];
  const lastNames = ["Smith", "Garcia", "Chen", "Johnson", "Patel", "Kim", "Nguyen", "Brown", "Lopez", "Miller", "Davis", "Wilson"];
  await q("set session_replication_role = replica");

  await timed(`${PARENTS.toLocaleString()} parents, ${TEACHERS.toLocaleString()} teachers (users and profiles)`, async () => {
    await q(
      `insert into ${insertInto(user, ["id", "name", "email", "emailVerified"])}
       select 'bench-p-' || i, 'Parent ' || i, 'bench-p-' || i || '@bench.test', true from generate_series(0, $1::int - 1) i
       union all
       select 'bench-t-' || j, 'Teacher ' || j, 'bench-t-' || j || '@bench.test', true from generate_series(0, $2::int - 1) j`,
      [PARENTS, TEACHERS],
    );
    // Email notifications off for 2 % (wants_notifications), 1 % on "in-app" only, a tenth by SMS (email still on).
    await q(
      // Each its own household (issue 45): set here, as the trigger that does it is off during the load.
      `insert into ${insertInto(parentProfiles, ["id", "householdId", "userId", "firstName", "lastName", "timeZone", "wantsNotifications", "preferredCommunication"])}
       select g.id, g.id, 'bench-p-' || i, ($2::text[])[1 + i % 16], ($3::text[])[1 + (i / 16) % 12], ($4::text[])[1 + i % 8],
              i % 50 <> 7, case when i % 100 = 13 then 'app' when i % 10 = 3 then 'sms' else 'email' end
         from (select gen_random_uuid() as id, i from generate_series(0, $1::int - 1) i) g`,
      [PARENTS, firstNames, lastNames, ZONES],
    );
    await q(
      `insert into ${insertInto(teacherProfiles, [
        "userId", "firstName", "lastName", "email", "phone", "city", "state", "timeZone", "educationBackground",
        "teachingExperienceYears", "teachingStyleDescription", "lessonFormat", "hourlyRateMin", "hourlyRateMax",
        "isDiscoverable", "discoveryEnabledAt", "reviewStatus", "reviewedAt", "submittedForReviewAt",
      ])}
       select 'bench-t-' || j, ($2::text[])[1 + (j + 5) % 16], ($3::text[])[1 + (j / 16) % 12], 'bench-t-' || j || '@bench.test',
              '(555) 555-0100', 'New York', 'NY', ($4::text[])[1 + (j * 3) % 8], 'Degree', '3-5', 'Patient and structured.',
              'online', 40, 60, true, $5::timestamptz - interval '60 days', 'approved', $5::timestamptz - interval '60 days',
              $5::timestamptz - interval '61 days'
         from generate_series(0, $1::int - 1) j`,
      [TEACHERS, firstNames, lastNames, ZONES, S],
    );
  });

  await timed("children (1-2 per family), each family's teacher", async () => {
    await q(`create temp table bench_teachers as
             select split_part(user_id, '-', 3)::int as j, id from teacher_profiles`);
    // The first child (the one with lessons) is always the elder: the second is 5.
    await q(`create temp table bench_families (i int primary key, parent_id uuid, parent_user text, student_id uuid, teacher_id uuid, k int)`);
    await q(
      `with kids as (
         insert into ${insertInto(studentProfiles, ["parentId", "firstName", "lastName", "age"])}
         select p.id, ($1::text[])[1 + (split_part(p.user_id, '-', 3)::int * 7 + 3) % 16], p.last_name, 7 + split_part(p.user_id, '-', 3)::int % 8
           from parent_profiles p
         returning id, parent_id)
       insert into bench_families (i, parent_id, parent_user, student_id, teacher_id, k)
       select split_part(p.user_id, '-', 3)::int, p.id, p.user_id, kids.id, t.id, split_part(p.user_id, '-', 3)::int / $2::int
         from kids join parent_profiles p on p.id = kids.parent_id
         join bench_teachers t on t.j = split_part(p.user_id, '-', 3)::int % $2::int`,
      [firstNames, TEACHERS],
    );
    await q(
      `insert into ${insertInto(studentProfiles, ["parentId", "firstName", "lastName", "age"])}
       select f.parent_id, ($1::text[])[1 + (f.i * 5 + 11) % 16], 'Second', 5 from bench_families f where f.i % 3 = 0`,
      [firstNames],
    );
  });

  await timed("lessons: last week's (held), next week's, the burst's", async () => {
    // Each teacher's 25 families (k = 0..24) at distinct hours, so no two of a teacher's slots overlap
    // (booking_slots_no_overlap): last week Monday-Friday 13:00-17:00, next week Tuesday-Friday
    // 12:00-18:00, the burst's on Monday 18:01-18:20 (one per teacher).
    await q(
      `create temp table bench_lessons as
       select gen_random_uuid() as slot_id, f.teacher_id, f.student_id, f.parent_id, l.starts_at
         from bench_families f
         cross join lateral (
           select $1::timestamptz + make_interval(days => f.k % 5, hours => 13 + f.k / 5) as starts_at
           union all
           select $2::timestamptz + make_interval(days => 1 + f.k % 4, hours => 12 + f.k / 4) where f.i % 10 < 8
           union all
           select $3::timestamptz + make_interval(hours => 24, mins => 1 + f.i % $5::int, secs => (f.i * 7) % 60) where f.i < $4::int
         ) l`,
      [lastMonday, nextMonday, S, BURST_LESSONS, REMINDER_SPREAD],
    );
    await q(`insert into ${insertInto(bookingSlots, ["id", "teacherId", "startsAt", "endsAt", "format", "status"])}
             select slot_id, teacher_id, starts_at, starts_at + interval '1 hour', 'online', 'booked' from bench_lessons`);
    await q(
      `insert into ${insertInto(bookings, ["slotId", "teacherId", "studentId", "parentId", "bookingType", "format", "status", "decidedAt", "createdAt", "priceCents"])}
       select slot_id, teacher_id, student_id, parent_id, 'full', 'online', 'accepted', $1::timestamptz - interval '15 days',
              $1::timestamptz - interval '16 days', 5000
         from bench_lessons`,
      [S],
    );
  });

  await timed("practice (2-3 days this week for 85 % of the children), open homework (a third of the families)", async () => {
    await q(
      `insert into ${insertInto(practiceEntries, ["studentId", "parentId", "practicedOn", "minutes", "source", "createdAt"])}
       select s.id, s.parent_id, $1::date + d.day, 15 + (h.v % 4) * 10, case when h.v % 3 = 0 then 'timed' else 'self_reported' end,
              $2::timestamptz - interval '1 day'
         from student_profiles s
         cross join lateral (select abs(hashtext(s.id::text)) % 100 as v) h
         cross join lateral (select 0 as day union all select 2 union all select 4 where h.v % 2 = 0) d
        where h.v < 85`,
      [week.weekStart, S],
    );
    await q(
      `insert into ${insertInto(homework, ["teacherId", "studentId", "goalMinutesPerDay", "goalDaysPerWeek", "dueOn", "status", "createdAt"])}
       select f.teacher_id, f.student_id, case when f.i % 2 = 0 then 20 end, case when f.i % 2 = 0 then 5 end,
              $1::date + 9, 'open', $2::timestamptz - interval '5 days'
         from bench_families f where f.i % 3 = 1`,
      [week.weekStart, S],
    );
    await q(`insert into ${insertInto(homeworkItems, ["homeworkId", "position", "description"])}
             select id, 0, 'Scales: C major, two octaves' from homework`);
  });

  await timed("email settings, suspensions, statistics", async () => {
    await q(`insert into ${insertInto(emailPreferences, ["userId", "booking", "reminders", "messages", "weekly"])}
             select 'bench-p-' || i, true, i % 33 <> 4, true, i % 20 <> 5 from generate_series(0, $1::int - 1) i where i % 20 = 5 or i % 33 = 4
             union all
             select 'bench-t-' || j, true, j % 50 <> 3, true, j % 20 <> 9 from generate_series(0, $2::int - 1) j where j % 20 = 9 or j % 50 = 3`, [PARENTS, TEACHERS]);
    await q(`insert into ${insertInto(accountSuspensions, ["userId", "reason"])}
             select 'bench-p-' || i, 'bench' from generate_series(0, $1::int - 1) i where i % 100 = 42
             union all
             select 'bench-t-' || j, 'bench' from generate_series(0, $2::int - 1) j where j % 100 = 17`, [PARENTS, TEACHERS]);
    await q("update teacher_profiles set is_discoverable = false, discovery_enabled_at = null where user_id in (select user_id from account_suspensions)");
    await q("set session_replication_role = default");
    await q("vacuum analyze");
  });

  const { rows } = await q(`select
      (select count(*) from parent_profiles)::int as parents,
      (select count(*) from student_profiles)::int as children,
      (select count(*) from teacher_profiles)::int as teachers,
      (select count(*) from bookings)::int as lessons,
      (select count(*) from practice_entries)::int as "practice entries",
      (select count(*) from homework)::int as "open homework",
      (select count(*) from email_preferences where not weekly)::int as "weekly off",
      (select count(*) from email_preferences where not reminders)::int as "reminders off",
      (select count(*) from account_suspensions)::int as suspended`);
  return rows[0] as Record<string, number>;
}

interface Expected {
  key: string;
  kind: string;
  email: string;
  zone: string | null;
  /** Fake ms when it falls due. */
  due: number;
}

/** Who must get what, by the rules of the server (weekly-digest.repo/service/rules, reminders, account-standing, email settings). */
async function expectedEmails(client: pg.Client, sunday: Date, week: Week): Promise<Expected[]> {
  const zoneArgs = [
    week.zones.map((z) => z.zone),
    week.zones.map(() => week.weekStart),
    week.zones.map((z) => z.sundayDate),
    week.zones.map((z) => z.nextFrom.toISOString()),
    week.zones.map((z) => z.nextTo.toISOString()),
  ];
  const zr = `zr as (select * from unnest($1::text[], $2::date[], $3::date[], $4::timestamptz[], $5::timestamptz[]) as zr(zone, mon, sun, nfrom, nto))`;
  const active = (u: string) => `(not ${u}.deleted and not exists (select 1 from account_suspensions x where x.user_id = ${u}.id))`;
  const practised = (c: string) => `exists (select 1 from practice_entries e where e.student_id = ${c}.id and e.practiced_on between zr.mon and zr.sun and e.minutes > 0)`;
  const digests = await client.query<{ key: string; email: string; zone: string }>(
    `with ${zr}
     select '${DIGEST_KIND}:' || p.user_id || ':' || $6 as key, u.email, zr.zone
       from parent_profiles p join "user" u on u.id = p.user_id
       join zr on zr.zone = coalesce(p.time_zone, p.reported_time_zone, 'UTC')
      where p.wants_notifications and p.preferred_communication <> 'app'
        and coalesce((select ep.weekly from email_preferences ep where ep.user_id = p.user_id), true) and ${active("u")}
        and exists (select 1 from student_profiles c where c.parent_id = p.id and (${practised("c")}
              or exists (select 1 from bookings b join booking_slots sl on sl.id = b.slot_id
                          where b.parent_id = p.id and b.student_id = c.id and b.status = 'accepted' and sl.starts_at > zr.nfrom and sl.starts_at <= zr.nto)
              or exists (select 1 from homework h where h.student_id = c.id and h.status = 'open')))`,
    [...zoneArgs, week.weekStart],
  );
  const summaries = await client.query<{ key: string; email: string; zone: string }>(
    `with ${zr}
     select '${SUMMARY_KIND}:' || t.user_id || ':' || $6 as key, u.email, t.time_zone as zone
       from teacher_profiles t join "user" u on u.id = t.user_id
      where t.review_status = 'approved' and ${active("u")}
        and coalesce((select ep.weekly from email_preferences ep where ep.user_id = t.user_id), true)
        and exists (select 1 from bookings b join student_profiles c on c.id = b.student_id join parent_profiles pp on pp.id = c.parent_id
                      join zr on zr.zone = coalesce(pp.time_zone, pp.reported_time_zone, 'UTC')
                     where b.teacher_id = t.id and (b.status = 'accepted' or (b.status = 'cancelled' and b.decided_at < b.cancelled_at))
                       and (${practised("c")} or exists (select 1 from homework h where h.student_id = c.id and h.teacher_id = t.id and h.status = 'open')))`,
    [...zoneArgs, week.weekStart],
  );
  const reminders = await client.query<{ key: string; email: string; due: Date }>(
    `select 'reminder:' || b.id || ':' || to_char(sl.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || ':' || r.role as key,
            case r.role when 'parent' then pu.email else tp.email end as email,
            sl.starts_at - make_interval(secs => $3::int / 1000) as due
       from bookings b join booking_slots sl on sl.id = b.slot_id
       join parent_profiles pp on pp.id = b.parent_id join "user" pu on pu.id = pp.user_id
       join teacher_profiles tp on tp.id = b.teacher_id join "user" tu on tu.id = tp.user_id
       cross join (values ('parent'), ('teacher')) r(role)
      where b.status = 'accepted' and b.student_id is not null
        and sl.starts_at > $1::timestamptz and sl.starts_at <= $2::timestamptz
        and case r.role
              when 'parent' then ${active("pu")} and pp.wants_notifications and pp.preferred_communication <> 'app'
                                 and coalesce((select ep.reminders from email_preferences ep where ep.user_id = pu.id), true)
              else ${active("tu")} and coalesce((select ep.reminders from email_preferences ep where ep.user_id = tu.id), true)
            end`,
    [sunday.toISOString(), new Date(sunday.getTime() + REMINDER_LEAD_MS + MINUTES * MINUTE).toISOString(), REMINDER_LEAD_MS],
  );
  const at = sunday.getTime();
  return [
    ...digests.rows.map((r) => ({ key: r.key, kind: DIGEST_KIND, email: r.email, zone: r.zone, due: at })),
    ...summaries.rows.map((r) => ({ key: r.key, kind: SUMMARY_KIND, email: r.email, zone: r.zone, due: at })),
    ...reminders.rows.map((r) => ({ key: r.key, kind: REMINDER_KIND, email: r.email, zone: null, due: new Date(r.due).getTime() })),
  ];
}

interface Received {
  messageId: string;
  outboxId: string | null;
  to: string[];
  subject: string;
  /** Real ms. */
  at: number;
  kind: string | null;
  key: string | null;
}

/** The kind a subject tells (weekly-digest.emails.ts, lessons.emails.ts), when the outbox row cannot be read. */
function kindOfSubject(subject: string): string {
  if (subject.includes("Your week in music")) return DIGEST_KIND;
  if (subject.includes("Your students") && subject.includes("practice")) return SUMMARY_KIND;
  if (subject.includes("Reminder")) return REMINDER_KIND;
  return "other";
}

/** The SMTP sink: takes every message, keeps its headers' Message-ID and Subject, its recipients and when it ended. */
async function startSink(port: number, received: Received[]): Promise<SMTPServer> {
  const sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      let head = "";
      let headDone = false;
      stream.on("data", (chunk: Buffer) => {
        if (headDone) return;
        head += chunk.toString("latin1");
        const end = head.indexOf("\r\n\r\n");
        if (end >= 0) {
          head = head.slice(0, end);
          headDone = true;
        }
      });
      stream.on("end", () => {
        const unfolded = head.replace(/\r\n[ \t]+/g, " ");
        const messageId = /^Message-ID:\s*(.+)$/im.exec(unfolded)?.[1]?.trim() ?? "";
        const subject = /^Subject:\s*(.+)$/im.exec(unfolded)?.[1]?.trim() ?? "";
        const outboxId = new RegExp(`^<([0-9a-f-]{36})@${SENDER_DOMAIN.replaceAll(".", "\\.")}>$`).exec(messageId)?.[1] ?? null;
        received.push({ messageId, outboxId, to: session.envelope.rcptTo.map((r) => r.address), subject, at: Date.now(), kind: null, key: null });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    sink.once("error", reject);
    sink.listen(port, "127.0.0.1", () => resolve());
  });
  return sink;
}

/**
 * What one message costs a sender that works as the server's transport does (mail-transport.ts:
 * nodemailer from an smtp:// URL, one connection per message, sent one after the other): the sink's
 * own share of the time, so a slow delivery can be told from a slow server. smtp-server waits 100 ms
 * before its greeting on every connection (it checks for clients that talk too soon).
 */
async function calibrateSink(port: number): Promise<number> {
  const transport = nodemailer.createTransport({
    url: `smtp://127.0.0.1:${port}`,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  const count = 10;
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    await transport.sendMail({ from: `calibration@${SENDER_DOMAIN}`, to: "calibration@bench.test", subject: "calibration", text: "x".repeat(4_000), html: `<p>${"x".repeat(12_000)}</p>` });
  }
  transport.close();
  return (performance.now() - started) / count;
}

interface Server {
  name: string;
  child: ChildProcess;
  port: number;
  dataDir: string;
  exitCode: number | null | undefined;
  exitSignal: NodeJS.Signals | null;
  exitedAt: number | null;
  stoppedByBench: boolean;
  warnings: number;
  errors: number;
  firstLines: string[];
}

function startServer(name: string, databaseUrl: string, port: number, smtpPort: number, offsetSeconds: number): Server {
  const dataDir = mkdtempSync(path.join(tmpdir(), "mlm-bench-weekly-"));
  const child = spawnCompiledServer(
    {
      ...process.env,
      DATABASE_URL: databaseUrl,
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      NODE_ENV: "production",
      AUTH_SECRET: SECRET,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: `Music Lessons <no-reply@${SENDER_DOMAIN}>`,
      ...(JOBS_INTERVAL ? { JOBS_INTERVAL_SECONDS: JOBS_INTERVAL } : {}),
      LD_PRELOAD: FAKETIME_LIB,
      FAKETIME: `${offsetSeconds >= 0 ? "+" : ""}${offsetSeconds}`,
      FAKETIME_DONT_FAKE_MONOTONIC: "1",
    },
    ["ignore", "pipe", "pipe"],
  );
  const server: Server = { name, child, port, dataDir, exitCode: undefined, exitSignal: null, exitedAt: null, stoppedByBench: false, warnings: 0, errors: 0, firstLines: [] };
  let partial = "";
  const onData = (data: Buffer) => {
    const lines = (partial + data.toString()).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) {
      if (!line.trim()) continue;
      const level = Number(/"level":(\d+)/.exec(line)?.[1] ?? 50);
      if (level >= 50) server.errors++;
      else if (level >= 40) server.warnings++;
      if (server.firstLines.length < 8) server.firstLines.push(line.slice(0, 600));
    }
  };
  child.stdout?.on("data", onData);
  child.stderr?.on("data", onData);
  child.once("exit", (code, signal) => {
    server.exitCode = code;
    server.exitSignal = signal;
    server.exitedAt = Date.now();
  });
  return server;
}

/** Waits for /api/health; returns the server's clock read from the answer's Date header (ms, second precision). */
async function waitHealthy(server: Server): Promise<number> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== undefined) throw new Error(`server ${server.name} exited with code ${server.exitCode} at start:\n${server.firstLines.join("\n")}`);
    try {
      const response = await fetch(`http://127.0.0.1:${server.port}/api/health`);
      if (response.ok) return Date.parse(response.headers.get("date") ?? "");
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server ${server.name} did not answer /api/health within 90 s`);
}

/** SIGTERM; whether it exited with 0 within 10 s (else SIGKILL). */
async function stopServer(server: Server): Promise<string> {
  if (server.exitCode !== undefined) return `had already exited (code ${server.exitCode}, signal ${server.exitSignal})`;
  server.stoppedByBench = true;
  const started = Date.now();
  const exited = new Promise<void>((resolve) => server.child.once("exit", () => resolve()));
  server.child.kill("SIGTERM");
  const inTime = await Promise.race([exited.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000))]);
  if (!inTime) {
    server.child.kill("SIGKILL");
    await exited;
    return "did NOT exit within 10 s of SIGTERM (killed)";
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  return server.exitCode === 0 ? `exited 0 in ${seconds} s` : `exited with code ${server.exitCode} (signal ${server.exitSignal}) in ${seconds} s`;
}

interface Sample {
  /** Real ms. */
  at: number;
  rss: (number | null)[];
  cpu: (number | null)[];
  connections: number;
  longestQueryMs: number;
  /** mail_outbox rows still pending (stored, not yet sent). */
  outboxPending: number;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

const fmt = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : "-");

async function main() {
  if (!existsSync(FAKETIME_LIB)) {
    throw new Error(`libfaketime is missing (${FAKETIME_LIB}): the bench runs the servers on a shifted clock; install Debian's faketime package (apt-get install faketime)`);
  }
  const failures: string[] = [];
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const name = `mlm_bench_weekly_${Date.now()}`;
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const servers: Server[] = [];
  let sink: SMTPServer | null = null;
  let db: pg.Client | null = null;
  const received: Received[] = [];
  try {
    const sunday = chooseSunday(new Date());
    const week = weekOf(sunday);
    log(`fake Sunday 18:00: ${sunday.toISOString()} (${ZONES.length} zones at UTC${zoneOffset(ZONES[0], sunday).slice(3)}), week of ${week.weekStart}`);
    await admin.query(`create database "${name}"`);
    log(`database ${name} on ${url.host}`);
    const handle = openPostgres(databaseUrl, { max: 2 });
    try {
      await timed("migrations", () => runMigrations(handle));
    } finally {
      await handle.close();
    }
    db = new pg.Client({ connectionString: databaseUrl, application_name: MONITOR_APP });
    await db.connect();
    log(`seeding ${PARENTS.toLocaleString()} parents:`);
    const seedStarted = performance.now();
    const sizes = await seed(db, sunday, week);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    log(`  seeded in ${seedSeconds.toFixed(1)} s:`, sizes);
    const expected = await timed("expected emails (SQL)", () => expectedEmails(db!, sunday, week));
    const expectedByKey = new Map(expected.map((e) => [e.key, e]));
    const expectedCount = (kind: string) => expected.filter((e) => e.kind === kind).length;
    log(
      `  expected: ${expectedCount(DIGEST_KIND).toLocaleString()} digests, ${expectedCount(SUMMARY_KIND).toLocaleString()} summaries, ` +
        `${expectedCount(REMINDER_KIND)} reminders (${BURST_LESSONS} lessons starting 24 h + 1 to ${REMINDER_SPREAD} min after 18:00)`,
    );
    if (KEEP) {
      log(`kept: ${databaseUrl}`);
      return;
    }

    log("building the server (if its sources changed)…");
    await buildServerIfChanged();
    // Built once above for both servers: spawnCompiledServer would build again for each.
    process.env.TEST_SERVER_BUILT = "1";
    const smtpPort = await freePort();
    sink = await startSink(smtpPort, received);
    const sinkMs = await calibrateSink(smtpPort);
    received.length = 0;
    log(`SMTP sink on 127.0.0.1:${smtpPort}: ${sinkMs.toFixed(0)} ms a message on its own connection, sent one after the other (at most ${(1000 / sinkMs).toFixed(1)} messages/s for such a sender)`);

    const ports = [await freePort(), await freePort()];
    const launchReal = Date.now();
    const offsetSeconds = Math.round((sunday.getTime() - LEAD_IN_MS - launchReal) / 1000);
    const offsetMs = offsetSeconds * 1000;
    const fake = (real: number) => real + offsetMs;
    log(`faketime: FAKETIME="${offsetSeconds >= 0 ? "+" : ""}${offsetSeconds}" (${(offsetSeconds / 3600).toFixed(2)} h): the servers start at ${new Date(fake(launchReal)).toISOString()}`);
    servers.push(startServer("A", databaseUrl, ports[0]!, smtpPort, offsetSeconds), startServer("B", databaseUrl, ports[1]!, smtpPort, offsetSeconds));
    const clocks = await Promise.all(servers.map(waitHealthy));
    for (const [index, clock] of clocks.entries()) {
      const skew = clock - fake(Date.now());
      log(`server ${servers[index]!.name} on port ${servers[index]!.port}, pid ${servers[index]!.child.pid}: its clock ${new Date(clock).toISOString()} (${(skew / 1000).toFixed(1)} s from the offset's)`);
      if (!Number.isFinite(skew) || Math.abs(skew) > 5_000) throw new Error(`server ${servers[index]!.name}'s clock is not the shifted one: is libfaketime working?`);
    }

    // The run: sample, read back the outbox rows of what arrived, until done.
    const samples: Sample[] = [];
    const endFake = sunday.getTime() + MINUTES * MINUTE;
    let resolvedUpTo = 0;
    const resolve = async () => {
      const batch = received.slice(resolvedUpTo);
      resolvedUpTo += batch.length;
      const ids = [...new Set(batch.map((r) => r.outboxId).filter((id): id is string => id !== null))];
      const rows = new Map<string, { kind: string; dedupe_key: string | null }>();
      for (let i = 0; i < ids.length; i += 5_000) {
        const result = await db!.query<{ id: string; kind: string; dedupe_key: string | null }>(
          "select id::text, kind, dedupe_key from mail_outbox where id = any($1::uuid[])",
          [ids.slice(i, i + 5_000)],
        );
        for (const row of result.rows) rows.set(row.id, row);
      }
      for (const r of batch) {
        const row = r.outboxId ? rows.get(r.outboxId) : undefined;
        r.kind = row?.kind ?? kindOfSubject(r.subject);
        r.key = row?.dedupe_key ?? `${r.kind}:${r.to.join(",")}:${r.subject}`;
      }
    };
    const seen = new Set<string>();
    let seenUpTo = 0;
    let lastArrival = Date.now();
    let lastCount = 0;
    let cpuBefore = servers.map((s) => cpuSeconds(s.child.pid));
    let sampledAt = Date.now();
    log(`running until every expected email arrived and ${QUIET_MS / 1000} s passed with nothing new, or 18:${String(MINUTES).padStart(2, "0")} fake time…`);
    for (;;) {
      await new Promise((r) => setTimeout(r, SAMPLE_MS));
      const now = Date.now();
      const cpuNow = servers.map((s) => cpuSeconds(s.child.pid));
      const wall = (now - sampledAt) / 1000;
      const pending = await db.query<{ n: number }>("select count(*)::int as n from mail_outbox where status = 'pending'");
      const activity = await admin.query<{ connections: number; longest: number | null }>(
        `select count(*)::int as connections,
                (extract(epoch from max(now() - query_start) filter (where state = 'active')) * 1000)::float8 as longest
           from pg_stat_activity where datname = $1 and application_name <> $2`,
        [name, MONITOR_APP],
      );
      samples.push({
        at: now,
        rss: servers.map((s) => (s.exitCode === undefined ? residentMegabytes(s.child.pid) : null)),
        cpu: cpuNow.map((c, i) => {
          const before = cpuBefore[i];
          return c !== null && typeof before === "number" ? ((c - before) / wall) * 100 : null;
        }),
        connections: activity.rows[0]?.connections ?? 0,
        longestQueryMs: activity.rows[0]?.longest ?? 0,
        outboxPending: pending.rows[0]?.n ?? 0,
      });
      cpuBefore = cpuNow;
      sampledAt = now;
      await resolve();
      // What arrived while resolve() read the outbox is counted at the next sample, once resolved.
      for (const r of received.slice(seenUpTo, resolvedUpTo)) if (r.key && expectedByKey.has(r.key)) seen.add(r.key);
      seenUpTo = resolvedUpTo;
      if (received.length > lastCount) lastArrival = now;
      lastCount = received.length;
      const crashed = servers.filter((s) => s.exitCode !== undefined);
      if (crashed.length > 0) {
        for (const s of crashed) failures.push(`server ${s.name} exited during the run (code ${s.exitCode}, signal ${s.exitSignal})`);
        break;
      }
      const minute = Math.floor((fake(now) - sunday.getTime()) / MINUTE);
      if (samples.length % 12 === 0) log(`  18:${String(Math.max(0, minute)).padStart(2, "0")} fake: ${received.length.toLocaleString()} emails received, ${seen.size.toLocaleString()} of ${expected.length.toLocaleString()} expected`);
      if (fake(now) >= endFake) break;
      if (fake(now) > sunday.getTime() && seen.size === expected.length && now - lastArrival >= QUIET_MS) break;
    }

    const stops = [];
    for (const server of servers) stops.push(`server ${server.name}: ${await stopServer(server)}`);
    for (const stop of stops) if (!stop.includes("exited 0")) failures.push(stop);
    await resolve();

    // Per message: kind, fake receipt, lateness; duplicates by key (the same recipient, kind and week, or the same reminder).
    const at = sunday.getTime();
    const minuteOf = (real: number) => Math.floor((fake(real) - at) / MINUTE);
    const firstArrival = new Map<string, number>();
    let duplicates = 0;
    const duplicateMinutes: number[] = [];
    const unexpected: Received[] = [];
    for (const r of received) {
      const key = r.key!;
      if (firstArrival.has(key)) {
        duplicates++;
        duplicateMinutes.push(minuteOf(r.at));
      } else {
        firstArrival.set(key, r.at);
        if (!expectedByKey.has(key)) unexpected.push(r);
      }
    }
    let firstMinute = Math.min(0, samples.length ? minuteOf(samples[0]!.at) : 0);
    let lastMinute = minuteOf(Date.now());
    for (const r of received) {
      firstMinute = Math.min(firstMinute, minuteOf(r.at));
      lastMinute = Math.max(lastMinute, minuteOf(r.at));
    }

    log(`\n${PARENTS.toLocaleString()} parents, ${TEACHERS.toLocaleString()} teachers, 2 servers (jobs every ${JOBS_INTERVAL ?? "15 (default)"} s); seeding took ${seedSeconds.toFixed(0)} s; the sink takes ${sinkMs.toFixed(0)} ms a message on a new connection`);
    log(`expected: ${expectedCount(DIGEST_KIND).toLocaleString()} digests, ${expectedCount(SUMMARY_KIND).toLocaleString()} summaries, ${expectedCount(REMINDER_KIND)} reminders; received ${received.length.toLocaleString()} emails`);
    log("\nPer fake minute after 18:00 (negative: before). Emails by receipt; missing: due by the minute's end and not yet received;");
    log("lateness: of the reminders received in the minute; RSS: highest sample; CPU: mean of the 5 s samples, % of one core;");
    log("outbox pending and DB connections (the servers'): highest sample; longest query: the longest running statement seen.");
    log("\n| min | emails | digests | summaries | reminders | duplicates so far | missing so far | reminder lateness p50 / p99 / max s | A RSS MB / CPU % | B RSS MB / CPU % | outbox pending | DB conns | longest query s |");
    log("|---:|---:|---:|---:|---:|---:|---:|---|---|---|---:|---:|---:|");
    for (let m = firstMinute; m <= lastMinute; m++) {
      const inMinute = received.filter((r) => minuteOf(r.at) === m);
      const count = (kind: string) => inMinute.filter((r) => r.kind === kind).length;
      const lateness = inMinute
        .filter((r) => r.kind === REMINDER_KIND && r.key && expectedByKey.has(r.key))
        .map((r) => (fake(r.at) - expectedByKey.get(r.key!)!.due) / 1000)
        .sort((a, b) => a - b);
      const minuteEndFake = at + (m + 1) * MINUTE;
      const minuteEndReal = minuteEndFake - offsetMs;
      const missing = expected.filter((e) => e.due < minuteEndFake && !((firstArrival.get(e.key) ?? Infinity) < minuteEndReal)).length;
      const dupSoFar = duplicateMinutes.filter((d) => d <= m).length;
      const inSamples = samples.filter((s) => minuteOf(s.at) === m);
      const serverCell = (i: number) => {
        const rss = inSamples.map((s) => s.rss[i]).filter((v): v is number => v !== null && v !== undefined);
        const cpu = inSamples.map((s) => s.cpu[i]).filter((v): v is number => v !== null && v !== undefined);
        return rss.length ? `${Math.max(...rss)} / ${fmt(cpu.reduce((a, b) => a + b, 0) / Math.max(1, cpu.length))}` : "-";
      };
      const conns = inSamples.length ? String(Math.max(...inSamples.map((s) => s.connections))) : "-";
      const pendingCell = inSamples.length ? String(Math.max(...inSamples.map((s) => s.outboxPending))) : "-";
      const longest = inSamples.length ? fmt(Math.max(...inSamples.map((s) => s.longestQueryMs)) / 1000, 1) : "-";
      log(
        `| ${m} | ${inMinute.length} | ${count(DIGEST_KIND)} | ${count(SUMMARY_KIND)} | ${count(REMINDER_KIND)} | ${dupSoFar} | ${missing} | ` +
          `${lateness.length ? `${fmt(percentile(lateness, 50), 1)} / ${fmt(percentile(lateness, 99), 1)} / ${fmt(lateness.at(-1)!, 1)}` : "-"} | ` +
          `${serverCell(0)} | ${serverCell(1)} | ${pendingCell} | ${conns} | ${longest} |`,
      );
    }

    log("\n| zone | digests expected | received | last at (min) | summaries expected | received | last at (min) |");
    log("|---|---:|---:|---:|---:|---:|---:|");
    let zonesMet = true;
    let worstZoneMinutes = 0;
    for (const zone of ZONES) {
      const cells = [DIGEST_KIND, SUMMARY_KIND].map((kind) => {
        const want = expected.filter((e) => e.kind === kind && e.zone === zone);
        const got = want.map((e) => firstArrival.get(e.key)).filter((t): t is number => t !== undefined);
        const last = got.length ? (fake(got.reduce((a, b) => Math.max(a, b), 0)) - at) / MINUTE : NaN;
        if (got.length < want.length || (got.length > 0 && last > TARGET_ZONE_MINUTES)) zonesMet = false;
        if (got.length > 0) worstZoneMinutes = Math.max(worstZoneMinutes, last);
        return `${want.length} | ${got.length} | ${fmt(last, 1)}`;
      });
      log(`| ${zone} | ${cells.join(" | ")} |`);
    }

    const missingKeys = expected.filter((e) => !firstArrival.has(e.key));
    const reminderLateness = expected
      .filter((e) => e.kind === REMINDER_KIND && firstArrival.has(e.key))
      .map((e) => (fake(firstArrival.get(e.key)!) - e.due) / 1000)
      .sort((a, b) => a - b);
    const reminderP99 = percentile(reminderLateness, 99);
    const maxRss = servers.map((_, i) => Math.max(0, ...samples.map((s) => s.rss[i] ?? 0)));
    const longest = Math.max(0, ...samples.map((s) => s.longestQueryMs)) / 1000;

    log(`\nreminders of the burst: ${reminderLateness.length} of ${expectedCount(REMINDER_KIND)} received, lateness p50 ${fmt(percentile(reminderLateness, 50), 1)} s, p99 ${fmt(reminderP99, 1)} s, max ${fmt(reminderLateness.at(-1) ?? NaN, 1)} s`);
    if (missingKeys.length > 0) {
      const byKind = [DIGEST_KIND, SUMMARY_KIND, REMINDER_KIND].map((kind) => `${missingKeys.filter((e) => e.kind === kind).length} ${kind}`);
      log(`missing: ${byKind.join(", ")}; e.g. ${missingKeys.slice(0, 3).map((e) => e.key).join(", ")}`);
    }
    if (unexpected.length > 0) log(`emails nobody should get: ${unexpected.length}; e.g. ${unexpected.slice(0, 3).map((r) => `${r.key} to ${r.to.join(",")}`).join("; ")}`);
    const [outbox, jobs] = await Promise.all([
      db.query<{ kind: string; status: string; n: number; attempts: number }>("select kind, status, count(*)::int as n, max(attempts)::int as attempts from mail_outbox group by 1, 2 order by 1, 2"),
      db.query<{ kind: string; done: number; open: number; failed: number }>(
        "select kind, count(*) filter (where done_at is not null)::int as done, count(*) filter (where done_at is null)::int as open, count(*) filter (where last_error is not null)::int as failed from jobs group by 1 order by 1",
      ),
    ]);
    log(`outbox at the end: ${outbox.rows.map((r) => `${r.kind} ${r.status} ${r.n} (attempts ≤ ${r.attempts})`).join("; ") || "empty"}`);
    log(`jobs at the end: ${jobs.rows.map((r) => `${r.kind} ${r.done} done, ${r.open} open, ${r.failed} with an error`).join("; ") || "none"}`);
    log(`longest query seen running: ${longest.toFixed(1)} s`);
    for (const server of servers) {
      log(`server ${server.name}: max RSS ${maxRss[servers.indexOf(server)]} MB, ${server.errors} error and ${server.warnings} warning log lines${server.firstLines.length ? "; first lines:" : ""}`);
      for (const line of server.firstLines) log(`    ${line}`);
    }
    for (const stop of stops) log(stop);

    const rows: { target: string; measured: string; met: boolean }[] = [
      { target: `duplicates = ${TARGET_DUPLICATES}`, measured: String(duplicates), met: duplicates <= TARGET_DUPLICATES },
      { target: `missing = ${TARGET_MISSING}`, measured: String(missingKeys.length), met: missingKeys.length <= TARGET_MISSING },
      { target: "emails nobody should get = 0", measured: String(unexpected.length), met: unexpected.length === 0 },
      {
        target: `every zone's digests and summaries in within ${TARGET_ZONE_MINUTES} min of its 18:00`,
        measured: `last at ${fmt(worstZoneMinutes, 1)} min${zonesMet ? "" : " (or some missing)"}`,
        met: zonesMet,
      },
      {
        target: `burst reminders p99 ≤ ${TARGET_REMINDER_P99_S} s late`,
        measured: `${fmt(reminderP99, 1)} s (${reminderLateness.length} received)`,
        met: reminderLateness.length > 0 && reminderP99 <= TARGET_REMINDER_P99_S,
      },
      ...servers.map((server, i) => ({
        target: `server ${server.name} RSS ≤ ${TARGET_RSS_MB} MB`,
        measured: `${maxRss[i]} MB`,
        met: maxRss[i]! > 0 && maxRss[i]! <= TARGET_RSS_MB,
      })),
    ];
    log("\n| target | measured | |\n|---|---|---|");
    for (const row of rows) log(`| ${row.target} | ${row.measured} | ${row.met ? "ok" : "MISSED"} |`);
    const missed = rows.filter((row) => !row.met).map((row) => row.target);
    settle(missed.length === 0, failures);
    log(
      failures.length > 0
        ? `\nverdict: FAILED (${failures.length} failure${failures.length > 1 ? "s" : ""})${missed.length ? `; missed: ${missed.join("; ")}` : ""}`
        : missed.length > 0
          ? `\nverdict: ${SMOKE ? "smoke run, not judged; would miss" : "MISSED"}: ${missed.join("; ")}`
          : "\nverdict: all targets met",
    );
  } catch (error) {
    process.exitCode = 1;
    throw error;
  } finally {
    for (const server of servers) {
      if (server.exitCode === undefined) {
        server.child.kill("SIGKILL");
        await new Promise((resolve) => server.child.once("exit", resolve));
      }
      rmSync(server.dataDir, { recursive: true, force: true });
    }
    if (sink) {
      const closing = sink;
      await Promise.race([new Promise<void>((resolve) => closing.close(() => resolve())), new Promise((resolve) => setTimeout(resolve, 5_000))]);
    }
    await db?.end();
    if (!KEEP) {
      await admin.query(`drop database if exists "${name}" with (force)`);
      log(`database ${name} dropped`);
    }
    await admin.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  console.log("\nverdict: FAILED (the bench could not finish: see the error above)");
  process.exit(1);
});
