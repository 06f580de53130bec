import { AppError } from "../../shared/errors";
import type { Executor } from "../db/client";
import type { Deps, OperatorUser } from "../http/app-env";
import { recordOperatorAction } from "./audit.repo";
import { insertSuspension, unlistAndSignOut } from "./suspension.repo";

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
    if (!(await insertSuspension(tx, input.userId, input.reason, operator.userId))) {
      throw new AppError("conflict", ALREADY_SUSPENDED_MESSAGE, { reason: "already_suspended" });
    }
    await unlistAndSignOut(tx, input.userId);
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
