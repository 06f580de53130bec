import { randomBytes } from "node:crypto";
import { OPERATOR_PASSWORD_LINK_HOURS } from "../../shared/operator/operator.constants";
import { hashPassword, insertCredentialUser } from "../auth";
import { pgErrorCode } from "../http/errors";
import type { Deps } from "../deps";
import { operatorPasswordEmail } from "./operator-sync.emails";
import * as repo from "./operators.repo";

export interface OperatorSyncResult {
  /** New operator accounts, each sent a "Set your password" email. */
  created: string[];
  /** Existing accounts without a parent or teacher profile that got operator rights back. */
  restored: string[];
  /** Taken off the list: operator rights and sessions gone. */
  removed: string[];
  /** Listed addresses of parent or teacher accounts (or deleted accounts): never promoted. */
  refused: string[];
}

/**
 * Brings the operators table in step with OPERATOR_EMAILS (issue 27), at every start and in tests.
 * Operators are accounts of their own: a parent's or teacher's address on the list is refused,
 * not promoted, so one person's family account never carries the desk's powers.
 */
export async function syncOperators(deps: Pick<Deps, "db" | "auth" | "env" | "logger" | "mailer">): Promise<OperatorSyncResult> {
  const listed = deps.env.OPERATOR_EMAILS;
  const result: OperatorSyncResult = { created: [], restored: [], removed: [], refused: [] };

  const existing = new Map((await repo.findAccountsByEmail(deps.db, listed)).map((row) => [row.email, row]));
  for (const email of listed) {
    const account = existing.get(email);
    if (!account) {
      if (await createOperatorAccount(deps, email)) result.created.push(email);
      continue;
    }
    if (account.operator) continue;
    if (account.deleted || account.parentId || account.teacherId) {
      result.refused.push(email);
      deps.logger.warn(
        { email },
        `OPERATOR_EMAILS lists ${email}, which belongs to a ${account.deleted ? "deleted" : account.parentId ? "parent" : "teacher"} account: it is not made an operator (operators need an address of their own)`,
      );
      continue;
    }
    // An account with no profile at all can only be a former operator: it gets its rights back.
    await repo.insertOperator(deps.db, account.userId);
    result.restored.push(email);
  }

  const listedSet = new Set(listed);
  const gone = (await repo.listOperators(deps.db)).filter((operator) => !listedSet.has(operator.email.toLowerCase()));
  await repo.removeOperators(
    deps.db,
    gone.map((operator) => operator.userId),
  );
  result.removed = gone.map((operator) => operator.email);

  const changed = result.created.length + result.restored.length + result.removed.length + result.refused.length > 0;
  deps.logger.info({ ...result, operators: listed.length - result.refused.length }, changed ? "operators updated from OPERATOR_EMAILS" : "operators unchanged");
  return result;
}

/**
 * A new operator account: the user with a password nobody knows, its credential and its operators
 * row in one transaction, then a "Set your password" email. Returns false when another process
 * created the account first (several servers starting at once on one PostgreSQL).
 */
async function createOperatorAccount(deps: Pick<Deps, "db" | "auth" | "env" | "mailer" | "logger">, email: string): Promise<boolean> {
  const passwordHash = await hashPassword(deps.auth, randomBytes(32).toString("base64url"));
  let userId: string;
  try {
    userId = await deps.db.transaction(async (tx) => {
      // The address is proven by the emailed link, the only way in.
      const { id } = await insertCredentialUser(tx, { email, name: "Operator", passwordHash, emailVerified: true });
      await repo.insertOperator(tx, id);
      return id;
    });
  } catch (error) {
    if (pgErrorCode(error) === "23505") return false;
    throw error;
  }
  await sendSetPasswordEmail(deps, email, userId);
  return true;
}

/**
 * The same token better-auth's password reset makes (a `reset-password:<token>` verification row
 * that POST /api/auth/reset-password accepts), only valid 24 hours instead of one, and the same
 * link: better-auth checks the token and sends the browser to our /reset-password page.
 */
async function sendSetPasswordEmail(deps: Pick<Deps, "auth" | "env" | "mailer" | "logger">, email: string, userId: string) {
  const context = await deps.auth.$context;
  const token = randomBytes(18).toString("base64url");
  await context.internalAdapter.createVerificationValue({
    value: userId,
    identifier: `reset-password:${token}`,
    expiresAt: new Date(Date.now() + OPERATOR_PASSWORD_LINK_HOURS * 60 * 60 * 1000),
  });
  const callbackURL = encodeURIComponent(`${deps.env.PUBLIC_URL}/reset-password?for=operator`);
  const url = `${deps.env.PUBLIC_URL}/api/auth/reset-password/${token}?callbackURL=${callbackURL}`;
  try {
    // The token is better-auth's own row, not in a transaction of ours: the email is stored on its own.
    await deps.mailer.sendSoon(operatorPasswordEmail(email, url, OPERATOR_PASSWORD_LINK_HOURS));
  } catch (error) {
    // The account stays; the operator can ask for a new link with "Forgot password".
    deps.logger.error({ err: error, email }, "sending the operator's set-your-password email failed");
  }
}
