import { sql } from "drizzle-orm";
export const leaked = sql`select 1`;
