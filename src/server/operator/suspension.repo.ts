import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "../db/client";

/** MINIMAL LOCAL VERSION (reports branch): the suspend helper owns this area; keep theirs at the merge. */

/** Suspends an existing account, remembering whether a teacher was listed; false when already suspended or gone. */
export async function insertSuspension(tx: Executor, userId: string, reason: string, operatorUserId: string): Promise<boolean> {
  const rows = await queryRows<{ userId: string }>(
    tx,
    sql`insert into account_suspensions (user_id, reason, operator_user_id, teacher_was_listed)
        select u.id, ${reason}, ${operatorUserId},
               coalesce((select tp.is_discoverable from teacher_profiles tp where tp.user_id = u.id), false)
          from "user" u where u.id = ${userId} and not u.deleted
        on conflict (user_id) do nothing
        returning user_id as "userId"`,
  );
  return rows.length > 0;
}

/** A suspended teacher leaves search; every session of the account ends. */
export async function unlistAndSignOut(tx: Executor, userId: string): Promise<void> {
  await tx.execute(sql`update teacher_profiles set is_discoverable = false where user_id = ${userId} and is_discoverable`);
  await tx.execute(sql`delete from "session" where user_id = ${userId}`);
}
