import { LRUCache } from "lru-cache";
import { AppError } from "../../shared/errors";
import { CURSOR_DAMAGED_MESSAGE, encodeSearchCursor, filtersHash } from "../../shared/search/search-cursor";
import { SEARCH_DIRECT_PAGE_DEPTH, SEARCH_PAGE_SIZE } from "../../shared/search/search.constants";
import type { SearchQuery, TeacherSearchResponse, TeacherSearchResult } from "../../shared/search/search.schemas";
import {
  distanceRadiusMiles,
  hasMorePages,
  lessonFormatsFor,
  minimumRating,
  offsetTooDeep,
  pageReadPlan,
  placeNarrowsSearch,
} from "../../shared/search/search.rules";
import type { Deps } from "../deps";
import { resolveArea } from "../geo";
import * as repo from "./search.repo";

/**
 * Public teacher search (spec sections 2 and 7, decisions.md section 2): every filter, sort and
 * page is applied by SQL in search.repo.ts; this file turns the query into database filters and
 * keeps exact counts between data changes.
 */

type Place = TeacherSearchResponse["place"];

function resolveLocation(location: string | undefined): {
  place: Place;
  point: repo.TeacherFilters["point"];
  state: repo.TeacherFilters["state"];
  text: string | null;
} {
  if (!location) return { place: null, point: null, state: null, text: null };
  const area = resolveArea(location);
  if (area?.kind === "point") {
    const { lat, lon, label } = area.place;
    return { place: { kind: "point", label }, point: { lat, lon }, state: null, text: null };
  }
  // A whole state is too big for a radius: show the teachers who live in it.
  if (area?.kind === "state") {
    return {
      place: { kind: "state", label: area.abbreviation },
      point: null,
      state: { abbreviation: area.abbreviation, name: location },
      text: null,
    };
  }
  // Unknown to the gazetteer: the spec's "city or state contains the typed text".
  return { place: { kind: "text", label: location }, point: null, state: null, text: location };
}

/**
 * Exact counts, reused while search_state.generation (bumped by triggers on every change to
 * teachers, their instruments and reviews) stays the same: counting is the one part of a search
 * whose cost grows with the number of matching teachers, and Load More asks for the same count
 * again and again. Least recently used entries go first.
 */
type CountCache = LRUCache<string, { generation: number; total: number }>;

// One cache per database: test apps each have their own database and must not share counts.
const countCaches = new WeakMap<object, CountCache>();

function countCacheFor(db: Deps["db"]): CountCache {
  let cache = countCaches.get(db);
  if (!cache) {
    cache = new LRUCache({ max: 2_000 });
    countCaches.set(db, cache);
  }
  return cache;
}

async function exactCount(
  deps: Pick<Deps, "db">,
  cache: CountCache,
  filters: repo.TeacherFilters,
  generation: number,
): Promise<number> {
  const key = JSON.stringify(filters);
  const entry = cache.get(key);
  if (entry && entry.generation === generation) return entry.total;
  const total = await repo.countTeachers(deps.db, filters);
  cache.set(key, { generation, total });
  return total;
}

function toResult(row: repo.TeacherPageRow): TeacherSearchResult {
  return {
    teacherId: row.id,
    fullName: `${row.first_name} ${row.last_name}`,
    firstName: row.first_name,
    instruments: row.instruments ?? [],
    rating: row.rating === null ? null : Number(row.rating),
    reviewCount: Number(row.review_count),
    city: row.city,
    state: row.state,
    distanceMiles: row.distance_miles === null ? null : Number(row.distance_miles),
    totalStudents: Number(row.total_students),
    teachingExperienceYears: row.teaching_experience_years,
    lessonFormat: row.lesson_format,
    hourlyRateMin: Number(row.hourly_rate_min),
    hourlyRateMax: Number(row.hourly_rate_max),
  };
}

/** The query in database terms, and what the typed location turned out to be. */
export function toTeacherFilters(query: SearchQuery): { filters: repo.TeacherFilters; place: Place } {
  const location = resolveLocation(query.location);
  const narrows = placeNarrowsSearch(query.lessonType);
  return {
    place: location.place,
    filters: {
      instrument: query.instrument,
      formats: lessonFormatsFor(query.lessonType),
      minRating: minimumRating(query.minRating),
      point: location.point,
      radiusMiles: location.point && narrows ? distanceRadiusMiles(query.distance) : null,
      state: narrows ? location.state : null,
      text: narrows ? location.text : null,
    },
  };
}

const EVERY_DISCOVERABLE_TEACHER: repo.TeacherFilters = {
  instrument: undefined,
  formats: null,
  minRating: null,
  point: null,
  radiusMiles: null,
  state: null,
  text: null,
};

/**
 * Above this many index entries expected to be read before a page is full, reading every teacher
 * in the radius from the spatial index is cheaper than walking the sort order.
 */
const ORDERED_WALK_LIMIT = 2_000;

/**
 * Near a point, which way is cheaper depends on how many teachers match, which the planner can
 * only guess but the exact counts tell: walking a sort index meets a match every all/total
 * entries, so a page needs about (offset + limit) × all / total of them. (Relevance walks the
 * rating-score index and orders each group of equal scores by distance.)
 */
export function choosePointAccess(
  filters: repo.TeacherFilters,
  read: { offset: number; limit: number },
  counts: { total: number; all: number | null },
): repo.PointAccess {
  if (!filters.point || filters.radiusMiles === null || counts.all === null) return "spatial";
  return ((read.offset + read.limit) * counts.all) / counts.total <= ORDERED_WALK_LIMIT ? "ordered" : "spatial";
}

/** The counts a search needs: its own total, and near a point the number of all discoverable teachers. */
export async function searchCounts(
  deps: Pick<Deps, "db">,
  filters: repo.TeacherFilters,
): Promise<{ generation: number; total: number; all: number | null }> {
  const cache = countCacheFor(deps.db);
  const generation = await repo.readSearchGeneration(deps.db);
  const total = await exactCount(deps, cache, filters, generation);
  const all = filters.radiusMiles !== null ? await exactCount(deps, cache, EVERY_DISCOVERABLE_TEACHER, generation) : null;
  return { generation, total, all };
}

/** The counts of the last search with these filters, if they are of one generation (not yet confirmed). */
function rememberedCounts(deps: Pick<Deps, "db">, filters: repo.TeacherFilters) {
  const cache = countCacheFor(deps.db);
  const own = cache.get(JSON.stringify(filters));
  if (!own) return undefined;
  if (filters.radiusMiles === null) return { generation: own.generation, total: own.total, all: null };
  const all = cache.get(JSON.stringify(EVERY_DISCOVERABLE_TEACHER));
  return all && all.generation === own.generation ? { generation: own.generation, total: own.total, all: all.total } : undefined;
}

/** The cursor of the page after `rows` (null when none follows), for the search `query`. */
function nextCursorOf(query: SearchQuery, rows: repo.TeacherPageRow[], position: number, hasMore: boolean): string | null {
  const last = rows.at(-1);
  if (!hasMore || !last) return null;
  return encodeSearchCursor({ keys: last.sort_key, position, filters: filtersHash(query) });
}

export async function searchTeachers(deps: Pick<Deps, "db">, query: SearchQuery): Promise<TeacherSearchResponse> {
  const { filters, place } = toTeacherFilters(query);
  const cursor = query.cursor;
  // The hash proved the filters; this proves the keys can be read back (a forged cursor, or a place
  // the gazetteer has come to read differently since).
  if (cursor && !repo.cursorFitsSort(query.sort, filters.point, cursor.keys)) {
    throw new AppError("validation", CURSOR_DAMAGED_MESSAGE, { fields: { cursor: CURSOR_DAMAGED_MESSAGE } });
  }
  const skipped = cursor ? cursor.position : (query.page - 1) * SEARCH_PAGE_SIZE;
  const page = Math.floor(skipped / SEARCH_PAGE_SIZE) + 1;
  const respond = (rows: repo.TeacherPageRow[], total: number): TeacherSearchResponse => {
    const hasMore = hasMorePages(page, total) && (!cursor || rows.length === SEARCH_PAGE_SIZE);
    return {
      teachers: rows.map(toResult),
      total,
      page,
      pageSize: SEARCH_PAGE_SIZE,
      hasMore,
      nextCursor: nextCursorOf(query, rows, skipped + rows.length, hasMore),
      place,
      distanceApplied: filters.radiusMiles !== null,
    };
  };
  // A cursor page reads the rows after its keys; a numbered page a window at an offset, which must
  // not be deeper than SEARCH_DIRECT_PAGE_DEPTH pages from the nearer end.
  const planRead = (total: number): repo.PageRead | null | "too deep" => {
    if (cursor) return { reverse: false, offset: 0, limit: SEARCH_PAGE_SIZE, after: cursor.keys };
    const read = pageReadPlan(query.page, total);
    return read && offsetTooDeep(read) ? "too deep" : read;
  };
  // After a cursor, the walk of a sort index starts at the cursor (a first page's cost), except
  // for relevance near a point, which starts at the cursor's group of equal scores: counted as the
  // rows before the cursor, as OFFSET would read them.
  const readPage = (read: repo.PageRead | null, counts: { total: number; all: number | null }) => {
    if (!read) return null;
    const walked = !cursor ? read.offset : query.sort === "relevance" ? cursor.position : 0;
    return repo.findTeacherPage(deps.db, filters, query.sort, read, choosePointAccess(filters, { offset: walked, limit: read.limit }, counts));
  };

  // Usually one query: the page is read with the counts of the last identical search, and the
  // generation it returns proves they still hold (the same snapshot saw no change since).
  const remembered = rememberedCounts(deps, filters);
  const rememberedRead = remembered ? planRead(remembered.total) : null;
  if (remembered && rememberedRead !== "too deep") {
    const rows = await readPage(rememberedRead, remembered);
    if (rows?.length && Number(rows[0]!.generation) === remembered.generation) return respond(rows, remembered.total);
  }

  const counts = await searchCounts(deps, filters);
  const read = planRead(counts.total);
  if (read === "too deep") {
    const message = `Page ${query.page} is more than ${SEARCH_DIRECT_PAGE_DEPTH} pages from both ends of the results, too deep to open by number: use Load More (its cursor) or narrow the search.`;
    throw new AppError("validation", message, { fields: { page: message } });
  }
  return respond((await readPage(read, counts)) ?? [], counts.total);
}
