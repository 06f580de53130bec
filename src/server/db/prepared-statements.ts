import { createHash } from "node:crypto";
import type { SQL } from "drizzle-orm";
import type { PGlite } from "@electric-sql/pglite";
import { pgliteOf, postgresPoolsOf, queryRows, type Executor } from "./client";
import { compileStatement } from "./compile-statement";

/**
 * How a hot statement is planned on PostgreSQL: `generic` runs on the pool whose sessions keep one
 * generic plan per prepared statement (db/client.ts: plan_cache_mode=force_generic_plan, no
 * parallel workers) and so skips planning, which costs as much as running a search page;
 * `per-values` is planned for its values each time (PostgreSQL's own choice).
 */
export type PlanMode = "generic" | "per-values";

/**
 * Runs a statement as a named prepared statement (named after its text, so statements that
 * differ only in their values share one), parsed once per connection (on PGlite: once), so its
 * plan can be kept instead of made on every call. Only for statements whose text is built from a
 * small set of shapes (the search pages, a teacher's open slots), or the per-connection statement
 * cache would grow without end. Inside a transaction the statement runs as is. Rows come as the
 * driver parses them (timestamps as Date), not through drizzle's parsers.
 */
export async function preparedRows<Row>(db: Executor, statement: SQL, plan: PlanMode = "per-values"): Promise<Row[]> {
  return preparedStatementRows<Row>(db, namedStatement(() => statement), plan);
}

/** A statement's text, values and prepared-statement name, as `preparedRows` runs it. */
export interface NamedStatement {
  sql: string;
  params: unknown[];
  name: string;
  /** Builds the statement again, for an executor that takes no prepared statements (a transaction). */
  build: () => SQL;
}

/**
 * Compiles and names a statement once, for a caller that keeps it to run again (search pages).
 * The drizzle tree is not kept (tens of kilobytes for a search page); `build` makes it again if needed.
 */
export function namedStatement(build: () => SQL): NamedStatement {
  const { sql: text, params } = compileStatement(build());
  return { sql: text, params, name: statementName(text), build };
}

/** `preparedRows` of a statement already compiled and named. */
export async function preparedStatementRows<Row>(db: Executor, named: NamedStatement, plan: PlanMode = "per-values"): Promise<Row[]> {
  const { sql: text, params, name } = named;
  const pools = postgresPoolsOf(db);
  if (pools) {
    const result = await (plan === "generic" ? pools.genericPlanPool : pools.pool).query({ name, text, values: params });
    return result.rows as Row[];
  }
  const pglite = pgliteOf(db);
  if (pglite) return pglitePreparedRows<Row>(pglite, name, text, params);
  return queryRows<Row>(db, named.build());
}

/** Names by text: the few shapes of the hot statements come back on every request. */
const names = new Map<string, string>();
const NAMES_KEPT = 1_000;

/** The statement's name: its text's hash, so every connection and process names it alike. */
function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `stmt_${createHash("sha1").update(text).digest("hex").slice(0, 24)}`;
    // Statements built from values (not shapes) must not grow the map without end.
    if (names.size >= NAMES_KEPT) names.clear();
    names.set(text, name);
  }
  return name;
}

/** A value as an SQL literal (standard_conforming_strings: only the quote is doubled). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "boolean") return value ? "true" : "false";
  const text = value instanceof Date ? value.toISOString() : typeof value === "string" ? value : JSON.stringify(value);
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * PGlite's own queries are unnamed statements, planned on every call (for a teacher's month of
 * slots that was most of the query's time), so the statement is PREPAREd once in its session and
 * EXECUTEd with its values as literals (EXECUTE takes no bind parameters).
 */
async function pglitePreparedRows<Row>(pglite: PGlite, name: string, text: string, params: unknown[]): Promise<Row[]> {
  const execute = `execute ${name}(${params.map(literal).join(", ")})`;
  const run = async () => (params.length ? (await pglite.query<Row>(execute)).rows : (await pglite.query<Row>(`execute ${name}`)).rows);
  try {
    return await run();
  } catch (error) {
    // 26000: not prepared yet in this session.
    if ((error as { code?: string }).code !== "26000") throw error;
  }
  try {
    await pglite.exec(`prepare ${name} as ${text}`);
  } catch (error) {
    // 42P05: a concurrent call prepared it first.
    if ((error as { code?: string }).code !== "42P05") throw error;
  }
  return run();
}
