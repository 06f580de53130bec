import { sql } from "drizzle-orm";
import { AppError } from "../../shared/errors";
import { queryRows, type Executor } from "../db/client";
import type { Deps, OperatorUser } from "../http/app-env";
import { recordOperatorAction } from "./audit.repo";

/**
 * MINIMAL LOCAL VERSION written on the reports branch so the report's Suspend action works before
 * the merge. The suspend helper owns this file (same path and signatures); at the merge keep theirs.
 */

export const ALREADY_SUSPENDED_MESSAGE = "This account is already suspended.";

/** Suspends the account: no more sign-in (sessions revoked), a teacher leaves search; recorded in the audit trail. */
export async function suspendAccount(
  deps: Pick<Deps, "db">,
  operator: OperatorUser,
  input: { userId: string; reason: string },
  options: { tx?: Executor } = {},
): Promise<void> {
  const run = async (tx: Executor) => {
    const rows = await queryRows<{ userId: string }>(
      tx,
      sql`insert into account_suspensions (user_id, reason, operator_user_id, teacher_was_listed)
          select u.id, ${input.reason}, ${operator.userId},
                 coalesce((select tp.is_discoverable from teacher_profiles tp where tp.user_id = u.id), false)
            from "user" u where u.id = ${input.userId} and not u.deleted
          on conflict (user_id) do nothing
          returning user_id as "userId"`,
    );
    if (rows.length === 0) throw new AppError("conflict", ALREADY_SUSPENDED_MESSAGE, { reason: "already_suspended" });
    await tx.execute(sql`update teacher_profiles set is_discoverable = false where user_id = ${input.userId} and is_discoverable`);
    await tx.execute(sql`delete from "session" where user_id = ${input.userId}`);
    await recordOperatorAction(tx, operator, {
      action: "suspend",
      targetKind: "account",
      targetId: input.userId,
      subjectUserId: input.userId,
      reason: input.reason,
    });
  };
  if (options.tx) await run(options.tx);
  else await deps.db.transaction(run);
}
