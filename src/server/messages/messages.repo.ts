import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "../db/client";
import { householdActive, teacherInGoodStanding } from "../db/account-standing";
import { knowsStudent } from "../db/relationships";
import { blockByTeacher, iAmTeacher, iso, member, one, otherMayReceive, senderFirstName, senderIsTeacher, senderName } from "./conversation-sides.repo";

/**
 * SQL of the messages feature. The service decides who may do what; these functions take ids it
 * checked, or return what it checks. A conversation's two sides are a household (parent_id: the
 * founder's parent profile; every guardian of it is in the conversation, issue 45) and a teacher
 * (teacher_user_id). Names and photos come from the profiles (gone once an account is deleted).
 * Queries name the conversation `c`.
 */

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

/** Whether a login is one of the household's guardians (a teacher who is also a guardian cannot message their own family). */
export async function isGuardianOf(db: Executor, householdId: string, userId: string): Promise<boolean> {
  return (await one(db, sql`select 1 from parent_profiles where household_id = ${householdId} and user_id = ${userId}`)) !== null;
}

export interface Family {
  /** The household (the founder's parent_profiles.id). */
  parentId: string;
  studentId: string | null;
  classId: string | null;
}

/** The family of one of the teacher's classes (with a family in it, while one of its guardians is active). */
export function findFamilyOfClass(db: Executor, teacherId: string, classId: string) {
  return one<Family>(
    db,
    sql`select c.parent_id as "parentId", c.student_id as "studentId", c.id as "classId"
          from classes c
         where c.id = ${classId} and c.teacher_id = ${teacherId} and c.parent_id is not null and ${householdActive(sql`c.parent_id`)}`,
  );
}

/** The family of a student the teacher knows (relationships.ts: any request, a class or a credit). */
export function findFamilyOfStudent(db: Executor, teacherId: string, studentId: string) {
  return one<Family>(
    db,
    sql`select s.parent_id as "parentId", s.id as "studentId", null::uuid as "classId"
          from student_profiles s
         where s.id = ${studentId} and ${knowsStudent(sql`${teacherId}`, sql`s.id`)} and ${householdActive(sql`s.parent_id`)}`,
  );
}

// ---------------------------------------------------------------------------------------------
// Conversations

/**
 * The household's one conversation with the teacher, created when missing (the unique index makes
 * two guardians, or the teacher and a guardian, opening it at once end with one row). The first
 * context given stays: it says what the conversation was started about.
 */
export async function upsertConversation(
  db: Executor,
  pair: { parentId: string; teacherUserId: string; studentId: string | null; classId: string | null },
): Promise<string> {
  const row = await one<{ id: string }>(
    db,
    sql`insert into conversations (parent_id, teacher_user_id, student_id, class_id)
        values (${pair.parentId}, ${pair.teacherUserId}, ${pair.studentId}, ${pair.classId})
        on conflict (parent_id, teacher_user_id) do update
          set student_id = coalesce(conversations.student_id, excluded.student_id),
              class_id = coalesce(conversations.class_id, excluded.class_id)
        returning id`,
  );
  if (!row) throw new Error("upsert into conversations returned no row");
  return row.id;
}

/** A guardian of the household, as the conversation shows them (founder first, then by when they joined). */
export interface GuardianName {
  userId: string;
  firstName: string;
  lastName: string;
}

export interface ConversationRow {
  id: string;
  iAmParent: boolean;
  createdAt: string;
  lastMessageAt: string | null;
  /** The teacher's login, or the household founder's (a teacher's view of the family). */
  otherUserId: string | null;
  otherDeleted: boolean | null;
  otherImage: string | null;
  otherFirstName: string | null;
  otherLastName: string | null;
  otherTeacherId: string | null;
  /** The other side may be written to and shown (account-standing.ts): false once suspended or gone. */
  otherReachable: boolean;
  /** The household's guardians now (the viewer among them when they are one). */
  guardians: GuardianName[];
  studentId: string | null;
  studentFirstName: string | null;
  classId: string | null;
  className: string | null;
  lastId: string | null;
  lastBody: string | null;
  lastSenderUserId: string | null;
  lastSenderFirstName: string | null;
  lastSenderIsTeacher: boolean | null;
  lastSentAt: string | null;
  lastHidden: boolean | null;
  unread: number;
  /** Blocks (issue 27): the viewer's side blocked the other side; the other side blocked the viewer's. */
  blockedByMe: boolean;
  blockedByOther: boolean;
}

/**
 * The viewer's conversations as the inbox shows them, newest first: the other side (profile name,
 * photo, deleted or not), the household's guardians, the context, the last message and the
 * viewer's own unread count. With `conversationId`, that one (still only when the viewer is in
 * it); otherwise only conversations with at least one message (one opened and left empty stays
 * out of every inbox).
 */
export async function listConversations(
  db: Executor,
  userId: string,
  options: { conversationId?: string; limit: number },
): Promise<ConversationRow[]> {
  const rows = await queryRows<ConversationRow>(
    db,
    sql`select c.id, not ${iAmTeacher(userId)} as "iAmParent", ${iso(sql`c.created_at`)} as "createdAt",
               ${iso(sql`c.last_message_at`)} as "lastMessageAt",
               ou.id as "otherUserId", ou.deleted as "otherDeleted", ou.image as "otherImage",
               (case when ${iAmTeacher(userId)} then fp.first_name else tp.first_name end) as "otherFirstName",
               (case when ${iAmTeacher(userId)} then fp.last_name else tp.last_name end) as "otherLastName", tp.id as "otherTeacherId",
               coalesce(${otherMayReceive(userId)}, false) as "otherReachable",
               (select coalesce(json_agg(json_build_object('userId', g.user_id, 'firstName', g.first_name, 'lastName', g.last_name)
                                         order by (g.id = g.household_id) desc, g.household_joined_at, g.created_at), '[]'::json)
                  from parent_profiles g where g.household_id = c.parent_id) as guardians,
               c.student_id as "studentId", s.first_name as "studentFirstName",
               c.class_id as "classId", cl.name as "className",
               lm.id as "lastId", lm.body as "lastBody", lm.sender_user_id as "lastSenderUserId",
               lm.sender_first_name as "lastSenderFirstName", lm.sender_is_teacher as "lastSenderIsTeacher",
               ${iso(sql`lm.created_at`)} as "lastSentAt", (lm.hidden_at is not null) as "lastHidden",
               exists (select 1 from conversation_blocks b where b.conversation_id = c.id and ${blockByTeacher} = ${iAmTeacher(userId)}) as "blockedByMe",
               exists (select 1 from conversation_blocks b where b.conversation_id = c.id and ${blockByTeacher} <> ${iAmTeacher(userId)}) as "blockedByOther",
               (select count(*)::int from messages u
                 where u.conversation_id = c.id and u.sender_user_id is distinct from ${userId}
                   and (r.last_read_at is null or u.created_at > r.last_read_at)) as unread
          from conversations c
          left join parent_profiles fp on fp.id = c.parent_id
          left join "user" ou on ou.id = case when ${iAmTeacher(userId)} then fp.user_id else c.teacher_user_id end
          left join teacher_profiles tp on not ${iAmTeacher(userId)} and tp.user_id = ou.id
          left join conversation_reads r on r.conversation_id = c.id and r.user_id = ${userId}
          left join student_profiles s on s.id = c.student_id
          left join classes cl on cl.id = c.class_id
          left join lateral (
            select m.id, m.body, m.sender_user_id, m.created_at, m.hidden_at, ${senderIsTeacher} as sender_is_teacher,
                   ${senderFirstName} as sender_first_name
              from messages m
             where m.conversation_id = c.id order by m.created_at desc, m.id desc limit 1
          ) lm on true
         where ${member(userId)}
           and ${options.conversationId ? sql`c.id = ${options.conversationId}` : sql`c.last_message_at is not null`}
         order by c.last_message_at desc nulls last, c.id desc
         limit ${options.limit}`,
  );
  return rows.map((row) => ({
    ...row,
    unread: Number(row.unread),
    guardians: typeof row.guardians === "string" ? (JSON.parse(row.guardians) as GuardianName[]) : row.guardians,
  }));
}

export interface LockedConversation {
  id: string;
  /** The household (null once its founder's profile is gone). */
  parentId: string | null;
  teacherUserId: string | null;
  /** The viewer is the teacher (else a guardian of the household). */
  iAmTeacher: boolean;
  /** The household or the teacher is gone (a deleted account). */
  closed: boolean;
  /** The other side may not receive messages now: suspended, or a teacher not in good standing. */
  otherUnavailable: boolean;
}

/** The conversation row, locked until the transaction ends, when the user is in it (its teacher or a guardian of its household). */
export function lockConversationOf(tx: Executor, conversationId: string, userId: string) {
  return one<LockedConversation>(
    tx,
    sql`select c.id, c.parent_id as "parentId", c.teacher_user_id as "teacherUserId", ${iAmTeacher(userId)} as "iAmTeacher",
               (c.parent_id is null or c.teacher_user_id is null
                 or exists (select 1 from "user" u where u.id = c.teacher_user_id and u.deleted)) as closed,
               not coalesce(${otherMayReceive(userId)}, false) as "otherUnavailable"
          from conversations c
         where c.id = ${conversationId} and ${member(userId)}
           for update of c`,
  );
}

export async function isInConversation(db: Executor, conversationId: string, userId: string): Promise<boolean> {
  return (await one(db, sql`select 1 from conversations c where c.id = ${conversationId} and ${member(userId)}`)) !== null;
}

/** Everyone in the conversation now: its teacher and the household's guardians (user ids). */
export async function participantsOf(db: Executor, conversationId: string): Promise<{ teacherUserId: string | null; guardianUserIds: string[] }> {
  const rows = await queryRows<{ userId: string; teacher: boolean }>(
    db,
    sql`select c.teacher_user_id as "userId", true as teacher from conversations c where c.id = ${conversationId} and c.teacher_user_id is not null
        union all
        select g.user_id, false from conversations c join parent_profiles g on g.household_id = c.parent_id where c.id = ${conversationId}`,
  );
  return {
    teacherUserId: rows.find((row) => row.teacher)?.userId ?? null,
    guardianUserIds: rows.filter((row) => !row.teacher).map((row) => row.userId),
  };
}

// ---------------------------------------------------------------------------------------------
// Messages

export interface MessageRow {
  id: string;
  conversationId: string;
  senderUserId: string | null;
  /** The sender's name on their side's profile; null once their account is deleted. */
  senderName: string | null;
  senderFirstName: string | null;
  /** Sent by the conversation's teacher (else by a guardian of the household). */
  senderIsTeacher: boolean;
  body: string;
  createdAt: string;
  /** When the other side first read it (the "Read" receipt its sender sees). */
  readAt: string | null;
  /** When the viewer last read the conversation, if that covers this message (pages only). */
  myReadAt?: string | null;
  /** An operator removed it (issue 27): both sides see that, not the text. */
  hidden: boolean;
  /** created_at to the microsecond, for the keyset cursor (a Date keeps only milliseconds). */
  cursorAt: string;
}

const messageColumns = sql`m.id, m.conversation_id as "conversationId", m.sender_user_id as "senderUserId",
  ${senderName} as "senderName", ${senderFirstName} as "senderFirstName", ${senderIsTeacher} as "senderIsTeacher", m.body,
  ${iso(sql`m.created_at`)} as "createdAt", ${iso(sql`m.read_at`)} as "readAt",
  (m.hidden_at is not null) as hidden, ${iso(sql`m.created_at`, "US")} as "cursorAt"`;

/**
 * Stored under the conversation's row lock (sendMessage), stamped with the clock at that moment
 * rather than the transaction's start: a read under the same lock is later than every message it
 * saw and earlier than every one it did not, so each participant's read time is an exact line.
 */
export async function insertMessage(tx: Executor, conversationId: string, senderUserId: string, body: string): Promise<MessageRow> {
  const row = await one<MessageRow>(
    tx,
    sql`with m as (insert into messages (conversation_id, sender_user_id, body, created_at)
                   values (${conversationId}, ${senderUserId}, ${body}, clock_timestamp()) returning *),
             c as (update conversations set last_message_at = (select created_at from m) where id = ${conversationId}
                   returning teacher_user_id)
        select ${messageColumns} from m cross join c`,
  );
  if (!row) throw new Error("insert into messages returned no row");
  return row;
}

/** Newest first, before the (created_at, id) cursor when given; one more than `limit` tells whether older ones exist. */
export function messagesBefore(
  db: Executor,
  conversationId: string,
  viewerUserId: string,
  before: { sentAt: string; id: string } | undefined,
  limit: number,
): Promise<MessageRow[]> {
  return queryRows<MessageRow>(
    db,
    sql`select ${messageColumns}, (case when r.last_read_at >= m.created_at then ${iso(sql`r.last_read_at`)} end) as "myReadAt"
          from messages m
          join conversations c on c.id = m.conversation_id
          left join conversation_reads r on r.conversation_id = m.conversation_id and r.user_id = ${viewerUserId}
         where m.conversation_id = ${conversationId}
           ${before ? sql`and (m.created_at, m.id) < (${before.sentAt}::timestamptz, ${before.id}::uuid)` : sql``}
         order by m.created_at desc, m.id desc
         limit ${limit + 1}`,
  );
}

/**
 * The reader has read the conversation up to now (their own line; the other guardians' stay
 * theirs). Returns how many messages were unread for them, their new read time, and whether
 * messages of the other side were read for the first time (the other side's "Read" receipt): a
 * guardian reads the teacher's messages, the teacher the household's. One statement, one clock.
 */
export async function markRead(
  tx: Executor,
  conversationId: string,
  reader: { userId: string; isTeacher: boolean },
): Promise<{ marked: number; readAt: string | null; firstRead: boolean }> {
  const theirs = reader.isTeacher ? sql`m.sender_user_id is distinct from c.teacher_user_id` : sql`m.sender_user_id = c.teacher_user_id`;
  const row = await one<{ marked: number; readAt: string | null; firstRead: boolean }>(
    tx,
    sql`with at as (select clock_timestamp() as t),
             unread as (select count(*)::int as n from messages m
                          left join conversation_reads r on r.conversation_id = m.conversation_id and r.user_id = ${reader.userId}
                         where m.conversation_id = ${conversationId} and m.sender_user_id is distinct from ${reader.userId}
                           and (r.last_read_at is null or m.created_at > r.last_read_at)),
             mine as (insert into conversation_reads (conversation_id, user_id, last_read_at)
                      select ${conversationId}, ${reader.userId}, at.t from at where (select n from unread) > 0
                      on conflict (conversation_id, user_id) do update set last_read_at = excluded.last_read_at
                      returning last_read_at),
             seen as (update messages m set read_at = (select t from at) from conversations c
                       where c.id = m.conversation_id and m.conversation_id = ${conversationId} and m.read_at is null and ${theirs}
                         and (select n from unread) > 0
                      returning m.id)
        select (select n from unread) as marked, ${iso(sql`(select last_read_at from mine)`)} as "readAt",
               exists (select 1 from seen) as "firstRead"`,
  );
  return { marked: Number(row?.marked ?? 0), readAt: row?.readAt ?? null, firstRead: row?.firstRead === true };
}

/** Messages unread for the user across their conversations (sent by anyone else after their own read time). */
export async function unreadTotal(db: Executor, userId: string): Promise<number> {
  const row = await one<{ n: number }>(
    db,
    sql`select count(*)::int as n
          from conversations c
          join messages m on m.conversation_id = c.id
          left join conversation_reads r on r.conversation_id = c.id and r.user_id = ${userId}
         where c.id in (select x.id from conversations x where x.teacher_user_id = ${userId}
                        union all
                        select x.id from conversations x
                         where x.parent_id = (select mh.household_id from parent_profiles mh where mh.user_id = ${userId}))
           and m.sender_user_id is distinct from ${userId}
           and (r.last_read_at is null or m.created_at > r.last_read_at)`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Issue 45: a parent with conversations of their own joins a household. Their conversations
 * become the household's: one with a teacher the household already talks to is merged into it
 * (messages and blocks moved, the household's kept), the others move whole. The household's
 * history is not news to them: it counts as read up to the moment they joined (what was unread
 * for them in a conversation merged away is folded into that).
 */
export async function moveConversationsToHousehold(tx: Executor, from: string, into: string, joinerUserId: string, now: Date): Promise<void> {
  // First, while only the household's own are there: the ones they bring keep their read state.
  await tx.execute(
    sql`insert into conversation_reads (conversation_id, user_id, last_read_at)
        select c.id, ${joinerUserId}, ${now.toISOString()}::timestamptz from conversations c where c.parent_id = ${into}
        on conflict (conversation_id, user_id) do update
          set last_read_at = greatest(conversation_reads.last_read_at, excluded.last_read_at)`,
  );
  const merges = await queryRows<{ fromId: string; intoId: string }>(
    tx,
    sql`select f.id as "fromId", k.id as "intoId"
          from conversations f join conversations k on k.parent_id = ${into} and k.teacher_user_id = f.teacher_user_id
         where f.parent_id = ${from}
           for update of f, k`,
  );
  for (const { fromId, intoId } of merges) {
    await tx.execute(sql`update messages set conversation_id = ${intoId} where conversation_id = ${fromId}`);
    await tx.execute(
      sql`insert into conversation_blocks (conversation_id, blocker_user_id, created_at)
          select ${intoId}, blocker_user_id, created_at from conversation_blocks where conversation_id = ${fromId}
          on conflict do nothing`,
    );
    await tx.execute(
      sql`update conversations set last_message_at = (select max(created_at) from messages where conversation_id = ${intoId}),
                 student_id = coalesce(student_id, (select student_id from conversations where id = ${fromId})),
                 class_id = coalesce(class_id, (select class_id from conversations where id = ${fromId}))
           where id = ${intoId}`,
    );
    await tx.execute(sql`delete from conversations where id = ${fromId}`);
  }
  await tx.execute(sql`update conversations set parent_id = ${into} where parent_id = ${from}`);
}

// ---------------------------------------------------------------------------------------------
// Blocks (issue 27; issue 45: a block is its side's, the teacher's or the household's)

/** The blocks in the conversation, each with its side. */
export async function blocksOf(db: Executor, conversationId: string): Promise<{ blockerUserId: string; byTeacher: boolean }[]> {
  return queryRows<{ blockerUserId: string; byTeacher: boolean }>(
    db,
    sql`select b.blocker_user_id as "blockerUserId", ${blockByTeacher} as "byTeacher"
          from conversation_blocks b join conversations c on c.id = b.conversation_id
         where b.conversation_id = ${conversationId}`,
  );
}

/** The blocker's block; blocking twice keeps the first. */
export async function insertBlock(db: Executor, conversationId: string, blockerUserId: string): Promise<void> {
  await db.execute(
    sql`insert into conversation_blocks (conversation_id, blocker_user_id) values (${conversationId}, ${blockerUserId})
        on conflict do nothing`,
  );
}

/** Unblocks for a whole side: a guardian lifts the household's block, whichever guardian made it. */
export async function deleteBlocksOfSide(db: Executor, conversationId: string, teacherSide: boolean): Promise<void> {
  await db.execute(
    sql`delete from conversation_blocks b using conversations c
         where c.id = b.conversation_id and b.conversation_id = ${conversationId} and ${blockByTeacher} = ${teacherSide}`,
  );
}
