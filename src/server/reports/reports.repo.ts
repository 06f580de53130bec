import { sql, type SQL } from "drizzle-orm";
import type { ReportReason, ReportStatus, ReportTarget } from "../../shared/operator/operator.constants";
import { queryRows, type Executor } from "../db/client";

/**
 * SQL of reports (issue 27). The service decides who may report what and which operator action
 * applies; these functions read the reported things and write the guarded changes.
 */

async function one<Row>(db: Executor, query: SQL): Promise<Row | null> {
  const [row] = await queryRows<Row>(db, query);
  return row ?? null;
}

const iso = (column: SQL) => sql`to_char((${column}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

// ---------------------------------------------------------------------------------------------
// The reported things, as a snapshot keeps them

export interface TeacherTarget {
  userId: string;
  hidden: false;
  snapshot: {
    teacherId: string;
    name: string;
    bio: string;
    teachingStyle: string;
    city: string;
    state: string;
    instruments: string[];
    introVideoUrl: string | null;
  };
}

export async function findTeacherTarget(db: Executor, teacherId: string): Promise<TeacherTarget | null> {
  const row = await one<{
    userId: string;
    name: string;
    bio: string;
    teachingStyle: string;
    city: string;
    state: string;
    instruments: string[] | null;
    introVideoUrl: string | null;
  }>(
    db,
    sql`select tp.user_id as "userId", tp.first_name || ' ' || tp.last_name as name, tp.bio,
               tp.teaching_style_description as "teachingStyle", tp.city, tp.state, tp.intro_video_url as "introVideoUrl",
               (select array_agg(ti.instrument order by ti.instrument) from teacher_instruments ti where ti.teacher_id = tp.id) as instruments
          from teacher_profiles tp join "user" u on u.id = tp.user_id
         where tp.id = ${teacherId} and not u.deleted`,
  );
  if (!row) return null;
  const { userId, instruments, ...rest } = row;
  return { userId, hidden: false, snapshot: { teacherId, ...rest, instruments: instruments ?? [] } };
}

export interface ReviewTarget {
  userId: string;
  teacherId: string;
  hidden: boolean;
  snapshot: { reviewId: string; rating: number; body: string; authorName: string; teacherId: string; teacherName: string; writtenAt: string };
}

export async function findReviewTarget(db: Executor, reviewId: string): Promise<ReviewTarget | null> {
  const row = await one<{
    userId: string;
    teacherId: string;
    hidden: boolean;
    rating: number;
    body: string;
    authorName: string;
    teacherName: string;
    writtenAt: string;
  }>(
    db,
    sql`select pp.user_id as "userId", r.teacher_id as "teacherId", (r.hidden_at is not null) as hidden, r.rating, r.body,
               pp.first_name || ' ' || pp.last_name as "authorName", tp.first_name || ' ' || tp.last_name as "teacherName",
               ${iso(sql`r.created_at`)} as "writtenAt"
          from reviews r
          join parent_profiles pp on pp.id = r.parent_id
          join teacher_profiles tp on tp.id = r.teacher_id
         where r.id = ${reviewId}`,
  );
  if (!row) return null;
  const { userId, hidden, ...rest } = row;
  return { userId, teacherId: row.teacherId, hidden, snapshot: { reviewId, ...rest, rating: Number(rest.rating) } };
}

export interface MessageTarget {
  userId: string | null;
  /** The conversation's household (issue 45: any of its guardians is in it). */
  householdId: string | null;
  teacherUserId: string | null;
  hidden: boolean;
  snapshot: { messageId: string; body: string; senderName: string | null; sentAt: string; conversationId: string };
}

export async function findMessageTarget(db: Executor, messageId: string): Promise<MessageTarget | null> {
  const row = await one<{
    userId: string | null;
    householdId: string | null;
    teacherUserId: string | null;
    hidden: boolean;
    body: string;
    senderName: string | null;
    sentAt: string;
    conversationId: string;
  }>(
    db,
    sql`select m.sender_user_id as "userId", c.parent_id as "householdId", c.teacher_user_id as "teacherUserId",
               (m.hidden_at is not null) as hidden, m.body, ${iso(sql`m.created_at`)} as "sentAt", c.id as "conversationId",
               coalesce(sp.first_name || ' ' || sp.last_name, st.first_name || ' ' || st.last_name) as "senderName"
          from messages m
          join conversations c on c.id = m.conversation_id
          left join parent_profiles sp on m.sender_user_id is distinct from c.teacher_user_id and sp.user_id = m.sender_user_id
          left join teacher_profiles st on m.sender_user_id = c.teacher_user_id and st.user_id = m.sender_user_id
         where m.id = ${messageId}`,
  );
  if (!row) return null;
  const { userId, householdId, teacherUserId, hidden, ...snapshot } = row;
  return { userId, householdId, teacherUserId, hidden, snapshot: { messageId, ...snapshot } };
}

// ---------------------------------------------------------------------------------------------
// Reports

/**
 * Stores the report unless this reporter already reported the same thing: the unique index
 * decides, so a double click (two requests at once) stores one. True when a row was added.
 */
export async function insertReport(
  db: Executor,
  report: {
    reporterUserId: string;
    targetKind: ReportTarget;
    targetId: string;
    reportedUserId: string | null;
    reason: ReportReason;
    details: string | null;
    snapshot: Record<string, unknown>;
  },
): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`insert into reports (reporter_user_id, target_kind, target_id, reported_user_id, reason, details, snapshot)
        values (${report.reporterUserId}, ${report.targetKind}, ${report.targetId}, ${report.reportedUserId}, ${report.reason},
                ${report.details}, ${JSON.stringify(report.snapshot)}::jsonb)
        on conflict (reporter_user_id, target_kind, target_id) do nothing
        returning id`,
  );
  return rows.length > 0;
}

/** The joins that `personOf` reads, for one user id column. */
function personJoins(userId: SQL, prefix: string): SQL {
  return sql`left join "user" ${sql.raw(`${prefix}u`)} on ${sql.raw(`${prefix}u`)}.id = ${userId}
             left join parent_profiles ${sql.raw(`${prefix}pp`)} on ${sql.raw(`${prefix}pp`)}.user_id = ${sql.raw(`${prefix}u`)}.id
             left join teacher_profiles ${sql.raw(`${prefix}tp`)} on ${sql.raw(`${prefix}tp`)}.user_id = ${sql.raw(`${prefix}u`)}.id`;
}

/** A person as JSON: profile name (parent or teacher), else the account's name; deleted and suspended flags. */
function personOf(prefix: string): SQL {
  return sql.raw(`case when ${prefix}u.id is null then null else json_build_object(
    'userId', ${prefix}u.id, 'email', ${prefix}u.email, 'deleted', ${prefix}u.deleted,
    'name', coalesce(${prefix}pp.first_name || ' ' || ${prefix}pp.last_name, ${prefix}tp.first_name || ' ' || ${prefix}tp.last_name, ${prefix}u.name),
    'role', case when ${prefix}pp.id is not null then 'parent' when ${prefix}tp.id is not null then 'teacher' end,
    'suspended', exists (select 1 from account_suspensions s where s.user_id = ${prefix}u.id)) end`);
}

export interface PersonJson {
  userId: string;
  email: string;
  deleted: boolean;
  name: string;
  role: "parent" | "teacher" | null;
  suspended: boolean;
}

export interface ReportRow {
  id: string;
  status: ReportStatus;
  targetKind: ReportTarget;
  targetId: string;
  reason: ReportReason;
  details: string | null;
  createdAt: string;
  reportedUserId: string | null;
  reporter: PersonJson | null;
  reported: PersonJson | null;
  snapshot: Record<string, unknown>;
  resolvedAt: string | null;
  resolution: string | null;
  resolvedBy: string | null;
  actionsTaken: number;
}

const reportSelect = sql`
  select r.id, r.status, r.target_kind as "targetKind", r.target_id as "targetId", r.reason, r.details,
         ${iso(sql`r.created_at`)} as "createdAt", r.reported_user_id as "reportedUserId",
         ${personOf("a_")} as reporter, ${personOf("b_")} as reported, r.snapshot,
         ${iso(sql`r.resolved_at`)} as "resolvedAt", r.resolution, ru.email as "resolvedBy",
         (select count(*)::int from operator_actions oa where oa.report_id = r.id) as "actionsTaken"
    from reports r
    ${personJoins(sql`r.reporter_user_id`, "a_")}
    ${personJoins(sql`r.reported_user_id`, "b_")}
    left join "user" ru on ru.id = r.resolved_by_user_id`;

/** The desk's list: open reports first, then the newest. */
export function listReports(db: Executor, limit: number): Promise<ReportRow[]> {
  return queryRows<ReportRow>(db, sql`${reportSelect} order by (r.status = 'open') desc, r.created_at desc, r.id desc limit ${limit}`);
}

export function findReport(db: Executor, reportId: string): Promise<ReportRow | null> {
  return one<ReportRow>(db, sql`${reportSelect} where r.id = ${reportId}`);
}

/** Earlier reports about the same account (any thing of theirs), newest first; the given report left out. */
export function reportsAboutAccount(db: Executor, userId: string, exceptReportId: string, limit: number) {
  return queryRows<{ id: string; targetKind: ReportTarget; reason: ReportReason; status: ReportStatus; createdAt: string }>(
    db,
    sql`select id, target_kind as "targetKind", reason, status, ${iso(sql`created_at`)} as "createdAt"
          from reports where reported_user_id = ${userId} and id <> ${exceptReportId}
         order by created_at desc, id desc limit ${limit}`,
  );
}

/** Audit entries whose subject is the account (warnings, suspensions, hidden content…), newest first. */
export async function actionsAboutAccount(db: Executor, userId: string, limit: number) {
  const rows = await queryRows<{
    id: number;
    action: string;
    targetKind: string;
    targetId: string;
    reason: string;
    operatorEmail: string;
    createdAt: string;
  }>(
    db,
    sql`select id, action, target_kind as "targetKind", target_id as "targetId", reason, operator_email as "operatorEmail",
               ${iso(sql`created_at`)} as "createdAt"
          from operator_actions where subject_user_id = ${userId}
         order by created_at desc, id desc limit ${limit}`,
  );
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/**
 * Locks the report for an action (issue 41: several actions per report), with every other report
 * on the same thing, in id order: an action may close them all, so two operators acting on two
 * reports about one message take the same locks in the same order (no deadlock), and the second
 * waits, then reads the reports as the first left them. Null when there is no such report.
 */
export async function lockReport(tx: Executor, reportId: string): Promise<{ status: ReportStatus } | null> {
  const rows = await queryRows<{ id: string; status: ReportStatus }>(
    tx,
    sql`select r.id, r.status from reports r
         where (r.target_kind, r.target_id) = (select this.target_kind, this.target_id from reports this where this.id = ${reportId})
         order by r.id
           for update of r`,
  );
  const row = rows.find((r) => r.id === reportId);
  return row ? { status: row.status } : null;
}

export interface ReportActionRow {
  id: number;
  action: string;
  reason: string;
  operatorEmail: string;
  createdAt: string;
}

/** The actions taken from the report, oldest first. */
export async function actionsOfReport(db: Executor, reportId: string): Promise<ReportActionRow[]> {
  const rows = await queryRows<ReportActionRow>(
    db,
    sql`select id, action, reason, operator_email as "operatorEmail", ${iso(sql`created_at`)} as "createdAt"
          from operator_actions where report_id = ${reportId}
         order by created_at, id`,
  );
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/**
 * Closes the report and every other open report on the same thing, only while the report is
 * still open: of two operators acting at once, one closes them and the other gets no rows.
 * Returns the ids closed (the given report among them), or [] when it was no longer open.
 */
export async function closeReports(
  tx: Executor,
  reportId: string,
  close: { status: "dismissed" | "actioned"; resolution: string; operatorUserId: string },
): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`update reports r set status = ${close.status}, resolution = ${close.resolution},
                              resolved_at = now(), resolved_by_user_id = ${close.operatorUserId}
          from reports this
         where this.id = ${reportId} and this.status = 'open'
           and r.target_kind = this.target_kind and r.target_id = this.target_id and r.status = 'open'
        returning r.id`,
  );
  const ids = rows.map((row) => row.id);
  return ids.includes(reportId) ? ids : [];
}

/** Hides a review (the rating trigger then leaves it out of the figures). False when it is gone or already hidden. */
export async function hideReview(tx: Executor, reviewId: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`update reviews set hidden_at = now() where id = ${reviewId} and hidden_at is null returning id`,
  );
  return rows.length > 0;
}

/**
 * Hides a message for both sides; returns its conversation and the participants still there (the
 * teacher and every guardian of the household, to tell their open pages), or null when it is gone
 * or already hidden.
 */
export async function hideMessage(tx: Executor, messageId: string): Promise<{ conversationId: string; userIds: string[] } | null> {
  const rows = await queryRows<{ conversationId: string; userIds: (string | null)[] | null }>(
    tx,
    sql`update messages m set hidden_at = now() from conversations c
        where m.id = ${messageId} and m.hidden_at is null and c.id = m.conversation_id
        returning c.id as "conversationId",
                  array(select c.teacher_user_id union all select g.user_id from parent_profiles g where g.household_id = c.parent_id) as "userIds"`,
  );
  const row = rows[0];
  if (!row) return null;
  return { conversationId: row.conversationId, userIds: (row.userIds ?? []).filter((id): id is string => id !== null) };
}

export interface WarnRecipient {
  email: string;
  firstName: string | null;
}

/** The account's email and first name, for the warning email; null once deleted. */
export function findWarnRecipient(db: Executor, userId: string) {
  return one<WarnRecipient>(
    db,
    sql`select u.email, coalesce(pp.first_name, tp.first_name) as "firstName"
          from "user" u
          left join parent_profiles pp on pp.user_id = u.id
          left join teacher_profiles tp on tp.user_id = u.id
         where u.id = ${userId} and not u.deleted`,
  );
}
