import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "../db/client";
import { activeAccount, teacherUserInGoodStanding } from "../db/account-standing";
import { one, senderIsTeacher, senderName } from "./conversation-sides.repo";

/** SQL of the unread-message email (unread-email.job.ts): the message, who is to be told, and the once-an-hour stamp. */

export interface UnreadMessage {
  conversationId: string;
  body: string;
  senderName: string | null;
  senderIsTeacher: boolean;
  /** The teacher's name, for a guardian told of another guardian's message. */
  teacherName: string | null;
  /** An operator removed the message: the email says so instead of quoting it. */
  hidden: boolean;
  /** Either side blocked the other: no email about the conversation goes out. */
  blocked: boolean;
}

export function findUnreadMessage(db: Executor, messageId: string) {
  return one<UnreadMessage>(
    db,
    sql`select c.id as "conversationId", m.body, (m.hidden_at is not null) as hidden, ${senderName} as "senderName",
               ${senderIsTeacher} as "senderIsTeacher",
               (select t.first_name || ' ' || t.last_name from teacher_profiles t where t.user_id = c.teacher_user_id) as "teacherName",
               exists (select 1 from conversation_blocks b where b.conversation_id = c.id) as blocked
          from messages m join conversations c on c.id = m.conversation_id
         where m.id = ${messageId}`,
  );
}

export interface UnreadEmailRecipient {
  userId: string;
  email: string;
  firstName: string | null;
  isTeacher: boolean;
  /** Deleted, suspended, or a teacher not (or no longer) in good standing: nobody to email (account-standing.ts). */
  unavailable: boolean;
  /** They read the conversation since the message came. */
  read: boolean;
}

/** Everyone in the message's conversation but its sender: the teacher and the household's guardians now. */
export function unreadEmailRecipients(db: Executor, messageId: string): Promise<UnreadEmailRecipient[]> {
  return queryRows<UnreadEmailRecipient>(
    db,
    sql`select x.user_id as "userId", u.email, x.is_teacher as "isTeacher",
               (case when x.is_teacher then (select t.first_name from teacher_profiles t where t.user_id = x.user_id)
                     else (select g.first_name from parent_profiles g where g.user_id = x.user_id) end) as "firstName",
               not coalesce(case when x.is_teacher then ${teacherUserInGoodStanding(sql`x.user_id`)} else ${activeAccount(sql`x.user_id`)} end, false)
                 as unavailable,
               exists (select 1 from conversation_reads r
                        where r.conversation_id = c.id and r.user_id = x.user_id and r.last_read_at >= m.created_at) as read
          from messages m
          join conversations c on c.id = m.conversation_id
          cross join lateral (
            select c.teacher_user_id as user_id, true as is_teacher
            union all
            select g.user_id, false from parent_profiles g where g.household_id = c.parent_id
          ) x
          join "user" u on u.id = x.user_id
         where m.id = ${messageId} and x.user_id is distinct from m.sender_user_id
         order by x.is_teacher desc, u.email`,
  );
}

/**
 * Stamps the recipient's last email time for the conversation, in one statement, only while the
 * message is still unread for them and no such email went to them in the last hour: of two
 * processes (or two messages' jobs) racing, one wins and sends; the other sees false.
 */
export async function stampUnreadEmail(
  db: Executor,
  recipient: { conversationId: string; userId: string },
  messageId: string,
  now: Date,
  gapMs: number,
): Promise<boolean> {
  const at = now.toISOString();
  const rows = await queryRows<{ userId: string }>(
    db,
    sql`insert into conversation_reads as r (conversation_id, user_id, last_emailed_at)
        select m.conversation_id, ${recipient.userId}, ${at}::timestamptz from messages m
         where m.id = ${messageId} and m.conversation_id = ${recipient.conversationId}
        on conflict (conversation_id, user_id) do update set last_emailed_at = excluded.last_emailed_at
         where (r.last_emailed_at is null or r.last_emailed_at <= ${at}::timestamptz - (${gapMs}::int * interval '1 millisecond'))
           and (r.last_read_at is null or r.last_read_at < (select m.created_at from messages m where m.id = ${messageId}))
        returning r.user_id as "userId"`,
  );
  return rows.length > 0;
}
