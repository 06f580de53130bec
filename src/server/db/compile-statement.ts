import { Name, SQL, StringChunk } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";

const dialect = new PgDialect();

export interface CompiledStatement {
  sql: string;
  params: unknown[];
}

/**
 * A statement's text and values, exactly as drizzle's `PgDialect.sqlToQuery` gives them, for the
 * chunks hand-written `sql` statements are made of: text, nested statements, identifiers and plain
 * values (strings, numbers, booleans, null). Any other chunk (a column, a table, a typed param, an
 * array, a Date…) hands the whole statement to drizzle. Why: search builds its page statement per
 * request, and drizzle's general compiler, which checks each chunk against a dozen entity kinds,
 * took 8-9 % of the server's CPU under `npm run bench:search`; this walk is a few instanceof tests.
 */
export function compileStatement(statement: SQL): CompiledStatement {
  const params: unknown[] = [];
  const text = appendChunks(statement, params);
  if (text !== null) return { sql: text, params };
  const query = dialect.sqlToQuery(statement);
  return { sql: query.sql, params: query.params };
}

/** The statement's text, its values pushed onto `params`; null when it holds a chunk left to drizzle. */
function appendChunks(statement: SQL, params: unknown[]): string | null {
  // `.inlineParams()` writes values into the text: drizzle's own compiler does that (the flag is private in its types).
  if ((statement as unknown as { shouldInlineParams: boolean }).shouldInlineParams) return null;
  let text = "";
  for (const chunk of statement.queryChunks as unknown[]) {
    if (chunk instanceof StringChunk) {
      text += chunk.value.join("");
    } else if (chunk instanceof SQL) {
      const inner = appendChunks(chunk, params);
      if (inner === null) return null;
      text += inner;
    } else if (chunk instanceof Name) {
      text += dialect.escapeName(chunk.value);
    } else if (chunk === undefined) {
      // drizzle writes nothing for an undefined chunk
    } else if (chunk === null || typeof chunk === "string" || typeof chunk === "number" || typeof chunk === "boolean") {
      params.push(chunk);
      text += dialect.escapeParam(params.length - 1);
    } else {
      return null;
    }
  }
  return text;
}
