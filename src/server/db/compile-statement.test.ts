import { eq, sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it, vi } from "vitest";
import { SORT_KEYS, type SortOption } from "../../shared/search/search.constants";
import type { SortKeyValue } from "../../shared/search/search-cursor";
import { teacherCountQuery, teacherPageQuery, type PageRead, type PointAccess, type TeacherFilters } from "../search/search.repo";
import { compileStatement } from "./compile-statement";
import { teacherProfiles } from "./schema";

const dialect = new PgDialect();

/** What drizzle's own compiler gives (its typings aside, which no caller reads). */
function drizzleQuery(statement: SQL) {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return { sql: text, params };
}

const none: TeacherFilters = { instrument: undefined, formats: null, minRating: null, point: null, radiusMiles: null, state: null, text: null };
const filterSets: [string, TeacherFilters][] = [
  ["no filters", none],
  ["instrument, formats, rating", { ...none, instrument: "piano", formats: ["online", "both"], minRating: 4.5 }],
  ["a point and a radius", { ...none, instrument: "violin", point: { lat: 40.7128, lon: -74.006 }, radiusMiles: 10 }],
  ["a point near the pole (no longitude box)", { ...none, point: { lat: 89.9, lon: 12 }, radiusMiles: 50 }],
  ["a point, any distance", { ...none, point: { lat: 34.05, lon: -118.24 }, radiusMiles: null }],
  ["a state", { ...none, state: { abbreviation: "NY", name: "New York" } }],
  ["a text with LIKE characters and a quote", { ...none, text: "O'Fallon_%\\" }],
];

const ID = "0b7f5a7e-4c1d-4b7a-9a51-3f1f0c2d9e11";

/** Cursor keys of the right shape for each order (a null where a rating or a distance may be null). */
function cursorKeys(sort: SortOption, withPoint: boolean): SortKeyValue[][] {
  switch (sort) {
    case "relevance":
      return withPoint ? [[0.75, 3.2, 1_700_000_000_000_000, ID], [0.75, null, 1_700_000_000_000_000, ID]] : [[0.75, 1_700_000_000_000_000, ID]];
    case "rating":
      return [[4.5, 12, ID], [null, 0, ID]];
    case "price-asc":
    case "price-desc":
      return [[30, 60, ID]];
    case "experience":
      return [[4, 0.5, ID]];
  }
}

describe("compileStatement", () => {
  it.each(filterSets)("gives drizzle's text and values for every search page and count statement: %s", (_, filters) => {
    const statements: SQL[] = [teacherCountQuery(filters)];
    for (const sort of SORT_KEYS) {
      const reads: PageRead[] = [
        { reverse: false, offset: 0, limit: 9 },
        { reverse: false, offset: 90, limit: 9 },
        { reverse: true, offset: 0, limit: 9 },
        ...cursorKeys(sort, filters.point !== null).map((after) => ({ reverse: false, offset: 0, limit: 9, after })),
      ];
      for (const read of reads) {
        for (const access of ["spatial", "ordered"] as PointAccess[]) statements.push(teacherPageQuery(filters, sort, read, access));
      }
    }
    for (const statement of statements) expect(compileStatement(statement)).toEqual(drizzleQuery(statement));
  });

  it.each([
    ["plain values of every kind", sql`select ${"it's"}::text, ${42}, ${-0.5}::float8, ${true}, ${null}::int, ${""}`],
    ["an identifier", sql`select ${sql.identifier("tp")}.id from teacher_profiles ${sql.identifier("tp")}`],
    ["joined and raw pieces", sql`select 1 where ${sql.join([sql`a = ${1}`, sql.raw("b is null"), sql`c = ${"x"}`], sql` and `)}`],
    ["an undefined chunk", sql`select ${undefined} 1`],
    ["an empty statement", sql.empty()],
    ["a column (left to drizzle)", sql`select 1 where ${eq(teacherProfiles.id, "x")} and ${teacherProfiles.city} = ${"Boston"}`],
    ["a Date (left to drizzle)", sql`select ${new Date("2026-01-02T03:04:05Z")}::timestamptz, ${7}`],
    ["an array (left to drizzle)", sql`select 1 where x in ${[1, 2, 3]} and y = ${4}`],
    ["inlined values (left to drizzle)", sql`select ${"it's"}::text, ${3}`.inlineParams()],
    ["inlined values in a part (left to drizzle)", sql`select ${1}, ${sql`${"x"}::text`.inlineParams()}`],
  ])("gives drizzle's text and values for %s", (_, statement) => {
    expect(compileStatement(statement)).toEqual(drizzleQuery(statement));
  });

  it("compiles the search statements itself, without drizzle's compiler (the reason it exists)", () => {
    const statements = filterSets.flatMap(([, filters]) => [
      teacherCountQuery(filters),
      ...SORT_KEYS.map((sort) => teacherPageQuery(filters, sort, { reverse: false, offset: 0, limit: 9, after: cursorKeys(sort, filters.point !== null)[0]! })),
    ]);
    const drizzle = vi.spyOn(PgDialect.prototype, "sqlToQuery");
    try {
      for (const statement of statements) compileStatement(statement);
      expect(drizzle).not.toHaveBeenCalled();
      compileStatement(sql`select ${teacherProfiles.city}`);
      expect(drizzle).toHaveBeenCalledTimes(1);
    } finally {
      drizzle.mockRestore();
    }
  });

  it("numbers the values in order, nested statements included", () => {
    expect(compileStatement(sql`select ${"a"}, ${sql`${"b"}, ${sql`${"c"}`}`}, ${"d"}`)).toEqual({ sql: "select $1, $2, $3, $4", params: ["a", "b", "c", "d"] });
  });
});
