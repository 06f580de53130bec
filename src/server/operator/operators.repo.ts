import { eq, inArray } from "drizzle-orm";
import type { Database, Executor } from "../db/client";
import { accountKindColumns, joinAccountKinds } from "./account-kinds.repo";
import { operators, session, user } from "../db/schema";

/** The accounts holding the listed addresses, with what they are (operator, parent, teacher, deleted). */
export async function findAccountsByEmail(db: Executor, emails: string[]) {
  if (emails.length === 0) return [];
  const query = db.select({ userId: user.id, email: user.email, deleted: user.deleted, ...accountKindColumns }).from(user).$dynamic();
  return joinAccountKinds(query).where(inArray(user.email, emails));
}

/** Every operator with its address, to find the ones taken off OPERATOR_EMAILS. */
export function listOperators(db: Executor) {
  return db.select({ userId: operators.userId, email: user.email }).from(operators).innerJoin(user, eq(user.id, operators.userId));
}

export async function insertOperator(db: Executor, userId: string): Promise<void> {
  await db.insert(operators).values({ userId }).onConflictDoNothing();
}

/** Takes operator rights away and ends every session of those accounts, in one transaction. */
export async function removeOperators(db: Database, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db.transaction(async (tx) => {
    await tx.delete(operators).where(inArray(operators.userId, userIds));
    await tx.delete(session).where(inArray(session.userId, userIds));
  });
}

