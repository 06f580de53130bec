import { pgErrorCode } from "../http/errors";
import type { Database, Tx } from "./client";

/** PostgreSQL's "try again" answers: a deadlock victim (40P01) or a serialization failure (40001). */
const RETRYABLE = new Set(["40P01", "40001"]);
export const TRANSACTION_ATTEMPTS = 3;

/**
 * Runs `work` in a transaction and runs it again, up to 3 times in all, when PostgreSQL rolled it
 * back as a deadlock victim or a serialization failure: both mean "nothing of yours was kept, try
 * again", so the client should never see them as a 500. Any other error, and the last attempt's,
 * goes to the caller unchanged.
 */
export async function transactionWithRetry<T>(db: Database, work: (tx: Tx) => Promise<T>, attempts = TRANSACTION_ATTEMPTS): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      const code = pgErrorCode(error);
      if (attempt >= attempts || !code || !RETRYABLE.has(code)) throw error;
    }
  }
}
