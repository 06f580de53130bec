import { eq } from "drizzle-orm";
import type { Executor } from "../db/client";
import { operators } from "../db/schema";

/** Whether the account may use the operator desk (kept in step with OPERATOR_EMAILS at start). */
export async function isOperator(db: Executor, userId: string): Promise<boolean> {
  const rows = await db.select({ userId: operators.userId }).from(operators).where(eq(operators.userId, userId)).limit(1);
  return rows.length > 0;
}
