import { sql } from "drizzle-orm";
import type { Executor } from "./client";

/** GET /api/health: one round trip proves the database answers. */
export async function pingDatabase(db: Executor): Promise<void> {
  await db.execute(sql`select 1`);
}
