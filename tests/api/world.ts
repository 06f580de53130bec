import { sql } from "drizzle-orm";
import { queryRows } from "../../src/server/db/client";
import { createParent, createTeacher } from "../factories/accounts";
import { signIn } from "../fixtures/http";
import type { TestApp } from "../fixtures/test-app";

export const ACTORS = ["anonymous", "parent", "otherParent", "teacher", "otherTeacher"] as const;
export type Actor = (typeof ACTORS)[number];

/**
 * The people of the authorization matrix: `parent` and `teacher` own the resources a route is
 * called on; `otherParent` and `otherTeacher` are strangers to them.
 */
export async function createWorld(t: TestApp) {
  const [parent, otherParent, teacher, otherTeacher] = await Promise.all([
    createParent(t.deps, { students: 2 }),
    createParent(t.deps),
    createTeacher(t.deps),
    createTeacher(t.deps),
  ]);
  const cookies: Record<Actor, string | undefined> = {
    anonymous: undefined,
    parent: await signIn(t, "parent", parent.email, parent.password),
    otherParent: await signIn(t, "parent", otherParent.email, otherParent.password),
    teacher: await signIn(t, "teacher", teacher.email, teacher.password),
    otherTeacher: await signIn(t, "teacher", otherTeacher.email, otherTeacher.password),
  };
  return { parent, otherParent, teacher, otherTeacher, cookies };
}
export type World = Awaited<ReturnType<typeof createWorld>>;

/** Rows per table, to prove a refused request changed nothing. */
export async function tableCounts(t: TestApp): Promise<Record<string, number>> {
  const tables = await queryRows<{ name: string }>(
    t.deps.db,
    sql`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like '%migrations%'
        order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from ${sql.identifier(name)}`);
    counts[name] = Number(row?.n);
  }
  return counts;
}

/** Every API route the app itself has registered, as "METHOD /path" (middleware-only entries left out). */
export function registeredRoutes(t: TestApp): string[] {
  const routes = new Set<string>();
  for (const r of t.app.routes) {
    if (r.method === "ALL" || !r.path.startsWith("/api")) continue;
    routes.add(`${r.method} ${r.path}`);
  }
  return [...routes].sort();
}
