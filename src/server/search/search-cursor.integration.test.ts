import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTeacher } from "../../../tests/factories/accounts";
import { send } from "../../../tests/fixtures/http";
import { createTestApp, type TestApp } from "../../../tests/fixtures/test-app";
import { decodeSearchCursor, encodeSearchCursor, filtersHash } from "../../shared/search/search-cursor";
import { SORT_KEYS } from "../../shared/search/search.constants";
import { searchQuerySchema, type TeacherSearchResponse } from "../../shared/search/search.schemas";
import { findTeacherPage, type PointAccess } from "./search.repo";
import { toTeacherFilters } from "./search.service";

// Load More's keyset cursor against numbered (OFFSET) pages: the same rows in the same order, for
// every sort, with ties in every sort key, new teachers (no rating), teachers off the map and a
// place with distances. Bass is this file's instrument and the town its own.

let t: TestApp;
const town = `Cursorville ${randomUUID().slice(0, 8)}`;
const AUSTIN = { lat: 30.26715, lon: -97.74306 };
const ROUND_ROCK = { lat: 30.50826, lon: -97.6789 };
const TEACHERS = 31;

beforeAll(async () => {
  t = await createTestApp();
  for (let i = 0; i < TEACHERS; i++) {
    const { teacherId } = await createTeacher(t.deps, { instruments: ["bass"] });
    const min = 30 + (i % 3) * 10;
    // A third new (no rating, relevance 4.0), a third 4.5 from 2 reviews, the rest 5.0 from one or 4.0 from two.
    const [reviewCount, ratingSum] = i % 3 === 0 ? [0, 0] : i % 3 === 1 ? [2, 9] : i % 2 ? [1, 5] : [2, 8];
    // Same point for many (equal distances), some 17 miles away, a quarter with no coordinates.
    const point = [null, AUSTIN, AUSTIN, ROUND_ROCK][i % 4]!;
    await t.deps.db.execute(sql`
      update teacher_profiles set
        city = ${town}, state = 'TX',
        latitude = ${point?.lat ?? null}::float8, longitude = ${point?.lon ?? null}::float8,
        hourly_rate_min = ${min}, hourly_rate_max = ${min + (i % 2) * 10},
        teaching_experience_years = ${["Less than 1", "1-3", "3-5", "5+"][i % 4]!},
        review_count = ${reviewCount}, rating_sum = ${ratingSum},
        -- Microseconds matter: equal times and the id decide between new teachers.
        discovery_enabled_at = timestamptz '2026-01-01 00:00:00.123457+00' + ${i % 2} * interval '1 minute'
      where id = ${teacherId}`);
  }
});
afterAll(() => t.close());

async function get(query: Record<string, string>) {
  return send(t, "GET", `/api/search/teachers?${new URLSearchParams(query).toString()}`);
}

async function ok(query: Record<string, string>): Promise<TeacherSearchResponse> {
  const res = await get(query);
  expect(res.status, res.text.slice(0, 300)).toBe(200);
  return res.json as TeacherSearchResponse;
}

const ids = (response: TeacherSearchResponse) => response.teachers.map((teacher) => teacher.teacherId);

/** A walk that does not end within this many pages is a failure, not a hang (31 teachers make 4). */
const MAX_PAGES = 8;
function guard(pages: number) {
  if (pages > MAX_PAGES) throw new Error(`the walk did not end within ${MAX_PAGES} pages`);
}

async function walkByPage(query: Record<string, string>): Promise<string[]> {
  const all: string[] = [];
  for (let page = 1; ; page++) {
    guard(page);
    const response = await ok({ ...query, page: String(page) });
    all.push(...ids(response));
    if (!response.hasMore) return all;
  }
}

async function walkByCursor(query: Record<string, string>): Promise<{ ids: string[]; pages: TeacherSearchResponse[] }> {
  const pages: TeacherSearchResponse[] = [];
  let cursor: string | null = null;
  do {
    guard(pages.length + 1);
    const response = await ok(cursor ? { ...query, cursor } : query);
    pages.push(response);
    expect(response.nextCursor === null).toBe(!response.hasMore);
    cursor = response.nextCursor;
  } while (cursor);
  return { ids: pages.flatMap(ids), pages };
}

const PLACES: Record<string, Record<string, string>> = {
  "a town by name": { location: town, minRating: "any" },
  "every bass teacher, no place": { instrument: "bass", minRating: "any" },
  "near Austin, 25 miles": { instrument: "bass", location: "Austin, TX", distance: "25", minRating: "any" },
  "near Austin, any distance (some off the map)": { instrument: "bass", location: "Austin, TX", distance: "any", minRating: "any" },
  "the default minimum rating (4.0)": { location: town },
};

describe("walking by cursor gives the numbered pages' rows, in their order", () => {
  for (const [label, filters] of Object.entries(PLACES)) {
    for (const sort of SORT_KEYS) {
      it(`${label}, ${sort}`, async () => {
        const query = { ...filters, sort };
        const byPage = await walkByPage(query);
        const { ids: byCursor, pages } = await walkByCursor(query);
        expect(byCursor).toEqual(byPage);
        expect(new Set(byCursor).size).toBe(byCursor.length);
        expect(byCursor.length).toBe(pages[0]!.total);
        expect(byCursor.length).toBeGreaterThan(9);
        expect(pages.map((page) => page.page)).toEqual(pages.map((_, index) => index + 1));
      });
    }
  }
});

describe("near a point, both access paths page the same by cursor", () => {
  async function walkRepo(input: Record<string, string>, access: PointAccess, byCursor: boolean): Promise<string[]> {
    const query = searchQuerySchema.parse(input);
    const { filters } = toTeacherFilters(query);
    const all: string[] = [];
    let after: (string | number | null)[] | undefined;
    for (let offset = 0; ; offset += 9) {
      guard(offset / 9 + 1);
      const read = byCursor ? { reverse: false, offset: 0, limit: 9, ...(after ? { after } : {}) } : { reverse: false, offset, limit: 9 };
      const rows = await findTeacherPage(t.deps.db, filters, query.sort, read, access);
      all.push(...rows.map((row) => row.id));
      if (rows.length < 9) return all;
      after = rows.at(-1)!.sort_key;
    }
  }

  for (const sort of SORT_KEYS) {
    it(sort, async () => {
      const input = { ...PLACES["near Austin, 25 miles"]!, sort };
      const expected = await walkRepo(input, "ordered", false);
      expect(expected.length).toBeGreaterThan(9);
      expect(await walkRepo(input, "spatial", false)).toEqual(expected);
      expect(await walkRepo(input, "spatial", true)).toEqual(expected);
      expect(await walkRepo(input, "ordered", true)).toEqual(expected);
    });
  }
});

describe("cursors that do not fit → 400, never 500", () => {
  const query = { location: town, minRating: "any", sort: "price-asc" };
  let cursor: string;
  beforeAll(async () => {
    cursor = (await ok(query)).nextCursor!;
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  async function refused(input: Record<string, string>, message: RegExp) {
    const res = await get(input);
    expect(res.status, res.text.slice(0, 300)).toBe(400);
    expect(res.json.error.message).toMatch(message);
  }

  it("with other filters or another sort", async () => {
    await refused({ ...query, cursor, sort: "price-desc" }, /belongs to a search with other filters/);
    await refused({ ...query, cursor, minRating: "4.5" }, /belongs to a search with other filters/);
    await refused({ ...query, cursor, instrument: "bass" }, /belongs to a search with other filters/);
  });

  it("garbage, cut or edited", async () => {
    for (const bad of ["garbage!", "AAAA", "e30", cursor.slice(0, -3), `${cursor}x`, "x".repeat(5_000)]) {
      await refused({ ...query, cursor: bad }, /cursor is damaged/);
    }
    const body = JSON.parse(Buffer.from(cursor, "base64url").toString()) as { n: number };
    const edited = Buffer.from(JSON.stringify({ ...body, n: body.n + 9 })).toString("base64url");
    await refused({ ...query, cursor: edited }, /cursor is damaged/);
  });

  it("keys of another shape, even with a good hash", async () => {
    const filters = filtersHash(searchQuerySchema.parse(query));
    const id = randomUUID();
    for (const keys of [["30", 40, id], [30, 40], [30, 40, "not-an-id"], [1e300, 40, id], [30.5, 40, id], [null, 40, id]]) {
      await refused({ ...query, cursor: encodeSearchCursor({ keys, position: 9, filters }) }, /cursor is damaged/);
    }
    // The largest keys that fit: read, and nothing comes after them.
    const last = await ok({ ...query, cursor: encodeSearchCursor({ keys: [Number.MAX_SAFE_INTEGER, 0, id], position: 9, filters }) });
    expect(last.teachers).toEqual([]);
    expect(last.nextCursor).toBeNull();
  });

  it("together with another page number", async () => {
    await refused({ ...query, cursor, page: "3" }, /either page or cursor/);
    expect((await ok({ ...query, cursor, page: "1" })).page).toBe(2);
  });

  it("a numbered page gives the cursor of the page after it", async () => {
    const second = await ok({ ...query, page: "2" });
    expect(decodeSearchCursor(second.nextCursor!)?.position).toBe(18);
    const third = await ok({ ...query, cursor: second.nextCursor! });
    expect(ids(third)).toEqual(ids(await ok({ ...query, page: "3" })));
  });
});
