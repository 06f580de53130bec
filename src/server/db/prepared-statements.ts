import { createHash } from "node:crypto";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { postgresPoolsOf, queryRows, type Executor } from "./client";

const dialect = new PgDialect();

/**
 * How a hot statement is planned on PostgreSQL: `generic` runs on the pool whose sessions keep one
 * generic plan per prepared statement (db/client.ts: plan_cache_mode=force_generic_plan, no
 * parallel workers) and so skips planning, which costs as much as running a search page;
 * `per-values` is planned for its values each time (PostgreSQL's own choice).
 */
export type PlanMode = "generic" | "per-values";

/**
 * Runs a statement as a named prepared statement (named after its text, so statements that
 * differ only in their values share one), parsed once per connection. Only for statements whose
 * text is built from a small set of shapes (the search pages), or the per-connection statement
 * cache would grow without end. PGlite runs every statement as is.
 */
export async function preparedRows<Row>(db: Executor, statement: SQL, plan: PlanMode = "per-values"): Promise<Row[]> {
  const pools = postgresPoolsOf(db);
  if (!pools) return queryRows<Row>(db, statement);
  const { sql: text, params } = dialect.sqlToQuery(statement);
  const name = `search_${createHash("sha1").update(text).digest("hex").slice(0, 24)}`;
  const result = await (plan === "generic" ? pools.genericPlanPool : pools.pool).query({ name, text, values: params });
  return result.rows as Row[];
}
