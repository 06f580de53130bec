import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { rateLimitWindows } from "../db/schema";

/**
 * Counts one hit in the key's fixed window, in one statement, so processes racing on the same key
 * each get their own count: a window that has ended starts again at 1.
 */
export async function hitWindow(db: Database, key: string, windowMs: number): Promise<{ hits: number; resetAt: Date }> {
  const interval = sql`(${windowMs}::int * interval '1 millisecond')`;
  const [row] = await db
    .insert(rateLimitWindows)
    .values({ key, hits: 1, resetAt: sql`now() + ${interval}` })
    .onConflictDoUpdate({
      target: rateLimitWindows.key,
      set: {
        hits: sql`case when ${rateLimitWindows.resetAt} <= now() then 1 else ${rateLimitWindows.hits} + 1 end`,
        resetAt: sql`case when ${rateLimitWindows.resetAt} <= now() then now() + ${interval} else ${rateLimitWindows.resetAt} end`,
      },
    })
    .returning({ hits: rateLimitWindows.hits, resetAt: rateLimitWindows.resetAt });
  return row!;
}

export async function unhitWindow(db: Database, key: string): Promise<void> {
  await db
    .update(rateLimitWindows)
    .set({ hits: sql`greatest(${rateLimitWindows.hits} - 1, 0)` })
    .where(eq(rateLimitWindows.key, key));
}

export async function resetWindow(db: Database, key: string): Promise<void> {
  await db.delete(rateLimitWindows).where(eq(rateLimitWindows.key, key));
}
