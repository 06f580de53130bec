// The column list of a bulk `insert … select generate_series` in a bench's seed, named through the
// drizzle schema (the idea of scripts/bench-search.ts, shared here for the benches written since).
import { getTableColumns, getTableName, type Table } from "drizzle-orm";
import { toSnakeCase } from "drizzle-orm/casing";

/**
 * `"table" ("col", …)` of a bulk insert: the keys are checked against the table's insert type
 * (`$inferInsert`), so a renamed or removed column fails type-checking rather than the benchmark,
 * and no column is typed out twice.
 */
export function insertInto<T extends Table>(table: T, keys: readonly (keyof T["$inferInsert"] & string)[]): string {
  const columns = getTableColumns(table) as Record<string, { name: string; keyAsName: boolean }>;
  const names = keys.map((key) => {
    const column = columns[key]!;
    return `"${column.keyAsName ? toSnakeCase(column.name) : column.name}"`;
  });
  return `"${getTableName(table)}" (${names.join(", ")})`;
}
