import { sql, type SQL } from "drizzle-orm";
import { text, timestamp, uuid } from "drizzle-orm/pg-core";

/** Every instant is a timestamptz, read as a JS Date (stored in UTC). */
export const instant = () => timestamp({ withTimezone: true, mode: "date" });

export const id = () => uuid().primaryKey().defaultRandom();

export const createdAt = () => instant().notNull().defaultNow();

/** `column IN ('a','b')` for CHECK constraints over enumerations kept in src/shared. */
export function oneOf(column: SQL | { name: string }, values: readonly string[]): SQL {
  const list = sql.join(
    values.map((v) => sql.raw(`'${v.replaceAll("'", "''")}'`)),
    sql`, `,
  );
  return sql`${column} in (${list})`;
}

/** Every element of a text[] column is one of the values (empty arrays pass). */
export function allOf(column: SQL | { name: string }, values: readonly string[]): SQL {
  const list = sql.join(
    values.map((v) => sql.raw(`'${v.replaceAll("'", "''")}'`)),
    sql`, `,
  );
  return sql`${column} <@ array[${list}]::text[]`;
}

/** A text[] column that is never null (empty by default), for the spec's list fields. */
export const textList = () => text().array().notNull().default(sql`'{}'::text[]`);

/** Every column holds something other than blanks, for required names and titles. */
export function nonBlank(...columns: { name: string }[]): SQL {
  return sql.join(
    columns.map((c) => sql`length(trim(${c})) > 0`),
    sql` and `,
  );
}
