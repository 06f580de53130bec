import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Executor } from "../db/client";
import { householdActive, teacherUserInGoodStanding } from "../db/account-standing";

/**
 * The SQL pieces the messages feature's queries share (messages.repo.ts, unread-email.repo.ts):
 * who is in a conversation and on which side (issue 45: the teacher, or any guardian of the
 * household), and who wrote a message. Queries name the conversation `c` and the message `m`.
 */

/** The viewer is the conversation's teacher (else a guardian of its household). */
export const iAmTeacher = (userId: string) => sql`coalesce(c.teacher_user_id = ${userId}, false)`;

/** The user is in conversation `c`: its teacher, or a guardian of its household (today's, not a former one). */
export function member(userId: string): SQL {
  return sql`(c.teacher_user_id = ${userId}
    or c.parent_id = (select mh.household_id from parent_profiles mh where mh.user_id = ${userId}))`;
}

/** Whether the viewer's other side may be written to: an active household, a teacher in good standing. */
export function otherMayReceive(userId: string): SQL {
  return sql`(case when ${iAmTeacher(userId)} then ${householdActive(sql`c.parent_id`)} else ${teacherUserInGoodStanding(sql`c.teacher_user_id`)} end)`;
}

/** A block's side: the teacher's, or the household's (any guardian's, also one who has left since). */
export const blockByTeacher = sql`coalesce(b.blocker_user_id = c.teacher_user_id, false)`;

/** Who wrote message `m` of conversation `c`, as the profile on that side names them (null once gone). */
export const senderIsTeacher = sql`coalesce(m.sender_user_id = c.teacher_user_id, false)`;
const senderNamed = (name: SQL) => sql`(case when ${senderIsTeacher}
  then (select ${name} from teacher_profiles sn where sn.user_id = m.sender_user_id)
  else (select ${name} from parent_profiles sn where sn.user_id = m.sender_user_id) end)`;
export const senderName = senderNamed(sql`sn.first_name || ' ' || sn.last_name`);
export const senderFirstName = senderNamed(sql`sn.first_name`);

/** An instant as ISO text in UTC (raw queries return timestamps as driver-specific text). */
export function iso(column: SQL, precision: "MS" | "US" = "MS"): SQL {
  return sql`to_char((${column}) at time zone 'UTC', ${sql.raw(`'YYYY-MM-DD"T"HH24:MI:SS.${precision}"Z"'`)})`;
}

export async function one<Row>(db: Executor, query: SQL): Promise<Row | null> {
  const [row] = await queryRows<Row>(db, query);
  return row ?? null;
}
