import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Executor } from "../db/client";
import { activeAccount, teacherInGoodStanding, teacherUserInGoodStanding } from "../db/account-standing";
import { knowsStudent } from "../db/relationships";

/** Whether a conversation's side (a user id) may be written to: an active family, a teacher in good standing. */
function mayReceive(userId: SQL, isTeacher: SQL): SQL {
  return sql`(case when ${isTeacher} then ${teacherUserInGoodStanding(userId)} else ${activeAccount(userId)} end)`;
}

/**
 * SQL of the messages feature. The service decides who may do what; these functions take ids it
 * checked, or return what it checks. A conversation names its two sides by user id; names and
 * photos come from the profiles of those users (gone once an account is deleted).
 */

/** An instant as ISO text in UTC (raw queries return timestamps as driver-specific text). */
function iso(column: SQL, precision: "MS" | "US" = "MS"): SQL {
  return sql`to_char((${column}) at time zone 'UTC', ${sql.raw(`'YYYY-MM-DD"T"HH24:MI:SS.${precision}"Z"'`)})`;
}

async function one<Row>(db: Executor, query: SQL): Promise<Row | null> {
  const [row] = await queryRows<Row>(db, query);
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// Who may talk to whom

/** The teacher's account, by teacher_profiles.id, while a family may write to them (account-standing.ts). */
export function findTeacherAccount(db: Executor, teacherId: string) {
  return one<{ userId: string; firstName: string }>(
    db,
    sql`select tp.user_id as "userId", tp.first_name as "firstName"
          from teacher_profiles tp join "user" u on u.id = tp.user_id
         where tp.id = ${teacherId} and ${teacherInGoodStanding(sql`tp.id`)}`,
  );
}

export async function isParentsStudent(db: Executor, parentId: string, studentId: string): Promise<boolean> {
  return (await one(db, sql`select 1 from student_profiles where id = ${studentId} and parent_id = ${parentId}`)) !== null;
}

export async function isParentsClassWithTeacher(db: Executor, parentId: string, classId: string, teacherId: string): Promise<boolean> {
  return (
    (await one(db, sql`select 1 from classes where id = ${classId} and parent_id = ${parentId} and teacher_id = ${teacherId}`)) !== null
  );
}

export async function allowsStudentMessages(db: Executor, parentId: string): Promise<boolean> {
  const row = await one<{ allowed: boolean }>(
    db,
    sql`select allow_student_messages as allowed from parent_profiles where id = ${parentId}`,
  );
  return row?.allowed ?? false;
}

export interface Family {
  parentUserId: string;
  parentId: string;
  studentId: string | null;
  classId: string | null;
}

/** The family of one of the teacher's classes (with a family in it). */
export function findFamilyOfClass(db: Executor, teacherId: string, classId: string) {
  return one<Family>(
    db,
    sql`select pp.user_id as "parentUserId", pp.id as "parentId", c.student_id as "studentId", c.id as "classId"
          from classes c join parent_profiles pp on pp.id = c.parent_id
         where c.id = ${classId} and c.teacher_id = ${teacherId} and ${activeAccount(sql`pp.user_id`)}`,
  );
}

/** The family of a student the teacher knows (relationships.ts: any request, a class or a credit). */
export function findFamilyOfStudent(db: Executor, teacherId: string, studentId: string) {
  return one<Family>(
    db,
    sql`select pp.user_id as "parentUserId", pp.id as "parentId", s.id as "studentId", null::uuid as "classId"
          from student_profiles s join parent_profiles pp on pp.id = s.parent_id
         where s.id = ${studentId} and ${knowsStudent(sql`${teacherId}`, sql`s.id`)} and ${activeAccount(sql`pp.user_id`)}`,
  );
}

// ---------------------------------------------------------------------------------------------
// Conversations

/**
 * The pair's one conversation, created when missing (the unique pair index makes two processes
 * opening it at once end with one row). The first context given stays: it says what the
 * conversation was started about.
 */
export async function upsertConversation(
  db: Executor,
  pair: { parentUserId: string; teacherUserId: string; studentId: string | null; classId: string | null },
): Promise<string> {
  const row = await one<{ id: string }>(
    db,
    sql`insert into conversations (parent_user_id, teacher_user_id, student_id, class_id)
        values (${pair.parentUserId}, ${pair.teacherUserId}, ${pair.studentId}, ${pair.classId})
        on conflict (parent_user_id, teacher_user_id) do update
          set student_id = coalesce(conversations.student_id, excluded.student_id),
              class_id = coalesce(conversations.class_id, excluded.class_id)
        returning id`,
  );
  if (!row) throw new Error("upsert into conversations returned no row");
  return row.id;
}

export interface ConversationRow {
  id: string;
  iAmParent: boolean;
  createdAt: string;
  lastMessageAt: string | null;
  otherUserId: string | null;
  otherDeleted: boolean | null;
  otherImage: string | null;
  otherFirstName: string | null;
  otherLastName: string | null;
  otherTeacherId: string | null;
  /** The other side may be written to and shown (account-standing.ts): false once suspended or gone. */
  otherReachable: boolean;
  studentId: string | null;
  studentFirstName: string | null;
  classId: string | null;
  className: string | null;
  lastId: string | null;
  lastBody: string | null;
  lastSenderUserId: string | null;
  lastSentAt: string | null;
  lastHidden: boolean | null;
  unread: number;
  /** Blocks (issue 27): the viewer blocked the other side; the other side blocked the viewer. */
  blockedByMe: boolean;
  blockedByOther: boolean;
}

/**
 * The viewer's conversations as the inbox shows them, newest first: the other side (profile name,
 * photo, deleted or not), the context, the last message and the viewer's unread count. With
 * `conversationId`, that one (still only when the viewer is in it); otherwise only conversations
 * with at least one message (one opened and left empty stays out of both inboxes).
 */
export async function listConversations(
  db: Executor,
  userId: string,
  options: { conversationId?: string; limit: number },
): Promise<ConversationRow[]> {
  const rows = await queryRows<ConversationRow>(
    db,
    sql`select c.id, (c.parent_user_id = ${userId}) as "iAmParent", ${iso(sql`c.created_at`)} as "createdAt",
               ${iso(sql`c.last_message_at`)} as "lastMessageAt",
               ou.id as "otherUserId", ou.deleted as "otherDeleted", ou.image as "otherImage",
               coalesce(tp.first_name, pp.first_name) as "otherFirstName",
               coalesce(tp.last_name, pp.last_name) as "otherLastName", tp.id as "otherTeacherId",
               coalesce(${mayReceive(sql`ou.id`, sql`c.parent_user_id = ${userId}`)}, false) as "otherReachable",
               c.student_id as "studentId", s.first_name as "studentFirstName",
               c.class_id as "classId", cl.name as "className",
               lm.id as "lastId", lm.body as "lastBody", lm.sender_user_id as "lastSenderUserId",
               ${iso(sql`lm.created_at`)} as "lastSentAt", (lm.hidden_at is not null) as "lastHidden",
               exists (select 1 from conversation_blocks b where b.conversation_id = c.id and b.blocker_user_id = ${userId}) as "blockedByMe",
               exists (select 1 from conversation_blocks b where b.conversation_id = c.id and b.blocker_user_id <> ${userId}) as "blockedByOther",
               (select count(*)::int from messages u
                 where u.conversation_id = c.id and u.read_at is null
                   and u.sender_user_id is distinct from ${userId}) as unread
          from conversations c
          left join "user" ou
            on ou.id = case when c.parent_user_id = ${userId} then c.teacher_user_id else c.parent_user_id end
          left join teacher_profiles tp on c.parent_user_id = ${userId} and tp.user_id = ou.id
          left join parent_profiles pp on c.parent_user_id is distinct from ${userId} and pp.user_id = ou.id
          left join student_profiles s on s.id = c.student_id
          left join classes cl on cl.id = c.class_id
          left join lateral (
            select m.id, m.body, m.sender_user_id, m.created_at, m.hidden_at from messages m
             where m.conversation_id = c.id order by m.created_at desc, m.id desc limit 1
          ) lm on true
         where (c.parent_user_id = ${userId} or c.teacher_user_id = ${userId})
           and ${options.conversationId ? sql`c.id = ${options.conversationId}` : sql`c.last_message_at is not null`}
         order by c.last_message_at desc nulls last, c.id desc
         limit ${options.limit}`,
  );
  return rows.map((row) => ({ ...row, unread: Number(row.unread) }));
}

export interface LockedConversation {
  id: string;
  parentUserId: string | null;
  teacherUserId: string | null;
  /** Either side's account is deleted (or its row gone). */
  closed: boolean;
  /** The other side may not receive messages now: suspended, or a teacher not in good standing. */
  otherUnavailable: boolean;
}

/** The conversation row, locked until the transaction ends, when the user is one of its two sides. */
export function lockConversationOf(tx: Executor, conversationId: string, userId: string) {
  return one<LockedConversation>(
    tx,
    sql`select c.id, c.parent_user_id as "parentUserId", c.teacher_user_id as "teacherUserId",
               (c.parent_user_id is null or c.teacher_user_id is null
                 or exists (select 1 from "user" u where u.id in (c.parent_user_id, c.teacher_user_id) and u.deleted)) as closed,
               not ${mayReceive(
                 sql`(case when c.parent_user_id = ${userId} then c.teacher_user_id else c.parent_user_id end)`,
                 sql`(c.parent_user_id = ${userId})`,
               )} as "otherUnavailable"
          from conversations c
         where c.id = ${conversationId} and (c.parent_user_id = ${userId} or c.teacher_user_id = ${userId})
           for update of c`,
  );
}

export async function isInConversation(db: Executor, conversationId: string, userId: string): Promise<boolean> {
  const row = await one(
    db,
    sql`select 1 from conversations where id = ${conversationId} and (parent_user_id = ${userId} or teacher_user_id = ${userId})`,
  );
  return row !== null;
}

// ---------------------------------------------------------------------------------------------
// Messages

export interface MessageRow {
  id: string;
  conversationId: string;
  senderUserId: string | null;
  body: string;
  createdAt: string;
  readAt: string | null;
  /** An operator removed it (issue 27): both sides see that, not the text. */
  hidden: boolean;
  /** created_at to the microsecond, for the keyset cursor (a Date keeps only milliseconds). */
  cursorAt: string;
}

const messageColumns = sql`m.id, m.conversation_id as "conversationId", m.sender_user_id as "senderUserId", m.body,
  ${iso(sql`m.created_at`)} as "createdAt", ${iso(sql`m.read_at`)} as "readAt",
  (m.hidden_at is not null) as hidden, ${iso(sql`m.created_at`, "US")} as "cursorAt"`;

export async function insertMessage(tx: Executor, conversationId: string, senderUserId: string, body: string): Promise<MessageRow> {
  const row = await one<MessageRow>(
    tx,
    sql`with m as (insert into messages (conversation_id, sender_user_id, body)
                   values (${conversationId}, ${senderUserId}, ${body}) returning *),
             c as (update conversations set last_message_at = (select created_at from m) where id = ${conversationId})
        select ${messageColumns} from m`,
  );
  if (!row) throw new Error("insert into messages returned no row");
  return row;
}

/** Newest first, before the (created_at, id) cursor when given; one more than `limit` tells whether older ones exist. */
export function messagesBefore(
  db: Executor,
  conversationId: string,
  before: { sentAt: string; id: string } | undefined,
  limit: number,
): Promise<MessageRow[]> {
  return queryRows<MessageRow>(
    db,
    sql`select ${messageColumns} from messages m
         where m.conversation_id = ${conversationId}
           ${before ? sql`and (m.created_at, m.id) < (${before.sentAt}::timestamptz, ${before.id}::uuid)` : sql``}
         order by m.created_at desc, m.id desc
         limit ${limit + 1}`,
  );
}

/** Marks the other side's unread messages read; returns how many and when. */
export async function markRead(tx: Executor, conversationId: string, readerUserId: string): Promise<{ marked: number; readAt: string | null }> {
  const row = await one<{ marked: number; readAt: string | null }>(
    tx,
    sql`with r as (update messages set read_at = now()
                    where conversation_id = ${conversationId} and read_at is null
                      and sender_user_id is distinct from ${readerUserId}
                    returning read_at)
        select count(*)::int as marked, ${iso(sql`max(read_at)`)} as "readAt" from r`,
  );
  return { marked: Number(row?.marked ?? 0), readAt: row?.readAt ?? null };
}

/** Unread messages across the user's conversations (sent by the other side). */
export async function unreadTotal(db: Executor, userId: string): Promise<number> {
  const row = await one<{ n: number }>(
    db,
    sql`select count(*)::int as n
          from messages m join conversations c on c.id = m.conversation_id
         where (c.parent_user_id = ${userId} or c.teacher_user_id = ${userId})
           and m.read_at is null and m.sender_user_id is distinct from ${userId}`,
  );
  return Number(row?.n ?? 0);
}

// ---------------------------------------------------------------------------------------------
// Blocks (issue 27)

/** Who blocked whom in the conversation (rows of the blockers). */
export async function blockersOf(db: Executor, conversationId: string): Promise<string[]> {
  const rows = await queryRows<{ blocker: string }>(
    db,
    sql`select blocker_user_id as blocker from conversation_blocks where conversation_id = ${conversationId}`,
  );
  return rows.map((row) => row.blocker);
}

/** The blocker's block; blocking twice keeps the first. */
export async function insertBlock(db: Executor, conversationId: string, blockerUserId: string): Promise<void> {
  await db.execute(
    sql`insert into conversation_blocks (conversation_id, blocker_user_id) values (${conversationId}, ${blockerUserId})
        on conflict do nothing`,
  );
}

export async function deleteBlock(db: Executor, conversationId: string, blockerUserId: string): Promise<void> {
  await db.execute(sql`delete from conversation_blocks where conversation_id = ${conversationId} and blocker_user_id = ${blockerUserId}`);
}

// ---------------------------------------------------------------------------------------------
// The unread-message email

export interface UnreadEmailTarget {
  conversationId: string;
  body: string;
  read: boolean;
  lastEmailedAt: string | null;
  recipientEmail: string;
  recipientFirstName: string | null;
  /** Deleted, suspended, or a teacher not (or no longer) in good standing: nobody to email (account-standing.ts). */
  recipientUnavailable: boolean;
  /** The conversation's teacher side is the recipient (else its parent side). */
  recipientIsTeacher: boolean;
  senderName: string | null;
  /** An operator removed the message: the email says so instead of quoting it. */
  hidden: boolean;
  /** Either side blocked the other: no email about the conversation goes out. */
  blocked: boolean;
}

/** The message, its conversation and the person it was sent to (the side that did not send it). */
export function findUnreadEmailTarget(db: Executor, messageId: string) {
  return one<UnreadEmailTarget>(
    db,
    sql`select c.id as "conversationId", m.body, (m.read_at is not null) as read, (m.hidden_at is not null) as hidden,
               exists (select 1 from conversation_blocks b where b.conversation_id = c.id) as blocked,
               ${iso(sql`c.last_emailed_at`)} as "lastEmailedAt",
               ru.email as "recipientEmail", not ${mayReceive(sql`r.id`, sql`(r.id = c.teacher_user_id)`)} as "recipientUnavailable", (r.id = c.teacher_user_id) as "recipientIsTeacher",
               coalesce(rp.first_name, rt.first_name) as "recipientFirstName",
               coalesce(sp.first_name || ' ' || sp.last_name, st.first_name || ' ' || st.last_name) as "senderName"
          from messages m
          join conversations c on c.id = m.conversation_id
          cross join lateral (select case when m.sender_user_id = c.parent_user_id then c.teacher_user_id
                                          else c.parent_user_id end as id) r
          join "user" ru on ru.id = r.id
          left join parent_profiles rp on r.id = c.parent_user_id and rp.user_id = r.id
          left join teacher_profiles rt on r.id = c.teacher_user_id and rt.user_id = r.id
          left join parent_profiles sp on m.sender_user_id = c.parent_user_id and sp.user_id = m.sender_user_id
          left join teacher_profiles st on m.sender_user_id = c.teacher_user_id and st.user_id = m.sender_user_id
         where m.id = ${messageId}`,
  );
}

/**
 * Stamps the conversation's last email time, in one statement, only while the message is still
 * unread and no email went out for the conversation in the last hour: of two processes (or two
 * messages' jobs) racing, one wins and sends; the other sees false and sends nothing.
 */
export async function stampUnreadEmail(db: Executor, conversationId: string, messageId: string, now: Date, gapMs: number): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update conversations c set last_emailed_at = ${now.toISOString()}::timestamptz
         where c.id = ${conversationId}
           and (c.last_emailed_at is null
                or c.last_emailed_at <= ${now.toISOString()}::timestamptz - (${gapMs}::int * interval '1 millisecond'))
           and exists (select 1 from messages m where m.id = ${messageId} and m.read_at is null)
        returning c.id`,
  );
  return rows.length > 0;
}
