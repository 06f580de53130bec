import { sql, type SQL } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { SEARCH_PAGE_SIZE, type SortOption } from "../../shared/search/search.constants";
import { boundingBox, EARTH_RADIUS_MILES, haversineTermAt } from "../../shared/search/search.rules";
import { type Instrument, type LessonFormat } from "../../shared/teachers/teachers.constants";
import type { Executor } from "../db/client";
import { discoverableTeacherAs } from "../db/discoverable";
import { namedStatement, preparedRows, preparedStatementRows, type NamedStatement } from "../db/prepared-statements";
import type { SortKeyValue } from "../../shared/search/search-cursor";

/** Filters in database terms (the service turns the query and the typed place into these). */
export interface TeacherFilters {
  instrument: Instrument | undefined;
  /** lesson_format values accepted; null = any. */
  formats: LessonFormat[] | null;
  /** Teachers without reviews always pass (decisions.md); null = any rating. */
  minRating: number | null;
  /** The searched point; distances are measured from it. */
  point: { lat: number; lon: number } | null;
  /** Only with a point; null = any distance. */
  radiusMiles: number | null;
  /** Two-letter state, when a state was typed. */
  state: { abbreviation: string; name: string } | null;
  /** Fallback "city or state contains" text, when the place is unknown. */
  text: string | null;
}

export interface TeacherPageRow {
  id: string;
  first_name: string;
  last_name: string;
  city: string;
  state: string;
  teaching_experience_years: string;
  lesson_format: LessonFormat;
  hourly_rate_min: number;
  hourly_rate_max: number;
  rating: string | null;
  review_count: number;
  distance_miles: number | null;
  instruments: Instrument[] | null;
  total_students: number;
  /** search_state.generation in the snapshot that read this page (bigint: a string from pg). */
  generation: string | number;
  /** The row's sort keys as a cursor carries them (the last one is its id). */
  sort_key: SortKeyValue[];
}


const teacherPoint = sql`ll_to_earth(tp.latitude, tp.longitude)`;

function centre(point: { lat: number; lon: number }): SQL {
  return sql`ll_to_earth(${point.lat}::float8, ${point.lon}::float8)`;
}

/**
 * A radius in earthdistance's units (metres on a sphere of radius earth()), scaled so the GiST
 * box around the point covers the same great-circle miles as haversineMiles() in search.rules.ts.
 */
function milesToEarthUnits(miles: number): SQL {
  return sql`(${miles}::float8 / ${EARTH_RADIUS_MILES}::float8 * earth())`;
}

/**
 * The haversine term h between the point and a teacher (distance = 2R·asin(√h)), the formula of
 * haversineMiles() in search.rules.ts. Built-in functions only: earthdistance's are SQL functions
 * that a prepared statement's plan cannot fold, and PostgreSQL parses them again on every run,
 * which cost more than the rest of a page query.
 */
function haversineTerm(point: { lat: number; lon: number }): SQL {
  return sql`(power(sind((tp.latitude - ${point.lat}::float8) / 2), 2) + ${Math.cos((point.lat * Math.PI) / 180)}::float8 * cosd(tp.latitude) * power(sind((tp.longitude - ${point.lon}::float8) / 2), 2))`;
}

/** Null for a teacher without coordinates (LEAST would turn a null h into 1, half the earth). */
function distanceMiles(point: { lat: number; lon: number }): SQL {
  return sql`(case when tp.latitude is null or tp.longitude is null then null::float8
                   else ${2 * EARTH_RADIUS_MILES}::float8 * asin(least(1::float8, sqrt(${haversineTerm(point)}))) end)`;
}

function withinMiles(point: { lat: number; lon: number }, miles: number): SQL {
  return sql`${haversineTerm(point)} <= ${haversineTermAt(miles)}::float8`;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * How to find teachers near a point: `spatial` reads the GiST index for every teacher in the
 * radius (best when few teachers match); otherwise the page walks a sort-order index and checks
 * each teacher's point as it goes (best when many match: a full page comes quickly).
 */
export type PointAccess = "spatial" | "ordered";

function whereClause(f: TeacherFilters, access: PointAccess = "spatial"): SQL {
  const conditions: SQL[] = [discoverableTeacherAs("tp")];
  if (f.instrument) {
    // The card's list (kept from teacher_instruments by triggers, in the same statement) is in
    // every sort index: a walk checks it in the index entry. A lookup in teacher_instruments per
    // teacher near the point was half of the relevance page's cost.
    conditions.push(sql`${f.instrument} = any(tp.search_instruments)`);
  }
  if (f.formats) {
    conditions.push(sql`tp.lesson_format in (${sql.join(f.formats.map((format) => sql`${format}`), sql`, `)})`);
  }
  if (f.minRating !== null) {
    // rating >= minRating, unreviewed teachers passing (see rating_filter_tenths in the schema).
    conditions.push(sql`tp.rating_filter_tenths >= ${Math.round(f.minRating * 10)}::int2`);
  }
  if (f.point && f.radiusMiles !== null) {
    // Plain number comparisons first: they reject most teachers without any trigonometry. Written
    // as a distance from the centre, not BETWEEN, so the planner neither reads them as index
    // bounds nor, in a generic plan, takes them for near-empty ranges: the access path is ours.
    const box = boundingBox(f.point, f.radiusMiles);
    conditions.push(sql`abs(tp.latitude - ${f.point.lat}::float8) <= ${(box.maxLat - box.minLat) / 2}::float8`);
    if (box.minLon !== null && box.maxLon !== null) {
      conditions.push(sql`abs(tp.longitude - ${f.point.lon}::float8) <= ${(box.maxLon - box.minLon) / 2}::float8`);
    }
    // earth_box is what the GiST index answers; the exact distance trims the corners.
    if (access === "spatial") conditions.push(sql`earth_box(${centre(f.point)}, ${milesToEarthUnits(f.radiusMiles)}) @> ${teacherPoint}`);
    conditions.push(withinMiles(f.point, f.radiusMiles));
  }
  if (f.state) {
    conditions.push(
      sql`((tp.city || ', ' || tp.state) ilike ${`%, ${f.state.abbreviation}`} or (tp.city || ', ' || tp.state) ilike ${`%, ${escapeLike(f.state.name)}`})`,
    );
  }
  if (f.text) {
    conditions.push(sql`(tp.city || ', ' || tp.state) ilike ${`%${escapeLike(f.text)}%`}`);
  }
  return sql.join(conditions, sql` and `);
}

/** How a sort key travels in a cursor (a JSON value) and is read back in SQL. */
type KeyType = "float8" | "numeric" | "int" | "uuid" | "micros";

interface OrderTerm {
  expression: SQL;
  direction: "asc" | "desc";
  key: KeyType;
  /** Only a rating (new teachers) and a distance (a teacher off the map) can be null: they sort last. */
  nullable?: boolean;
}

/**
 * Each order ends with the id, so it is total and its exact reverse is well defined. The terms
 * are those of the partial indexes of migration 0003 (every key NULLS LAST), so forwards the
 * planner reads an index in order and backwards it reads the same index from the other end.
 */
function orderTerms(sort: SortOption, point: { lat: number; lon: number } | null): OrderTerm[] {
  const id: OrderTerm = { expression: sql`tp.id`, direction: "desc", key: "uuid" };
  switch (sort) {
    case "relevance":
      return [
        { expression: sql`tp.relevance_score`, direction: "desc", key: "float8" },
        ...(point ? [{ expression: distanceMiles(point), direction: "asc" as const, key: "float8" as const, nullable: true }] : []),
        { expression: sql`tp.discovery_enabled_at`, direction: "desc", key: "micros" },
        id,
      ];
    case "rating":
      return [
        { expression: sql`tp.rating`, direction: "desc", key: "numeric", nullable: true },
        { expression: sql`tp.review_count`, direction: "desc", key: "int" },
        id,
      ];
    case "price-asc":
      return [
        { expression: sql`tp.hourly_rate_min`, direction: "asc", key: "int" },
        { expression: sql`tp.hourly_rate_max`, direction: "asc", key: "int" },
        { expression: sql`tp.id`, direction: "asc", key: "uuid" },
      ];
    case "price-desc":
      return [
        { expression: sql`tp.hourly_rate_min`, direction: "desc", key: "int" },
        { expression: sql`tp.hourly_rate_max`, direction: "desc", key: "int" },
        id,
      ];
    case "experience":
      return [
        { expression: sql`tp.experience_rank`, direction: "desc", key: "int" },
        { expression: sql`tp.relevance_score`, direction: "desc", key: "float8" },
        id,
      ];
  }
}

function orderBy(terms: OrderTerm[], reverse: boolean, column: (index: number, term: OrderTerm) => SQL): SQL {
  return sql.join(
    terms.map((term, index) => {
      const direction = reverse ? (term.direction === "asc" ? "desc" : "asc") : term.direction;
      return sql`${column(index, term)} ${sql.raw(direction)} ${sql.raw(reverse ? "nulls first" : "nulls last")}`;
    }),
    sql`, `,
  );
}

// ---------------------------------------------------------------------------------------------
// Keyset (the cursor of Load More)
// ---------------------------------------------------------------------------------------------

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether cursor keys have the shape of this order's keys, so reading them back in SQL cannot fail. */
function keyFits(term: OrderTerm, value: SortKeyValue): boolean {
  if (value === null) return term.nullable === true;
  switch (term.key) {
    case "float8":
    case "numeric":
      return typeof value === "number";
    case "int":
    case "micros":
      return Number.isSafeInteger(value);
    case "uuid":
      return typeof value === "string" && UUID.test(value);
  }
}

export function cursorFitsSort(sort: SortOption, point: TeacherFilters["point"], keys: SortKeyValue[]): boolean {
  const terms = orderTerms(sort, point);
  return keys.length === terms.length && terms.every((term, index) => keyFits(term, keys[index]!));
}

/** A cursor key as a value of the term's type (a timestamp travels as whole microseconds since 1970). */
function keyValue(term: OrderTerm, value: SortKeyValue): SQL {
  switch (term.key) {
    case "float8":
      return sql`${value}::float8`;
    case "numeric":
      return sql`${value}::numeric`;
    case "int":
      return sql`${value}::int8`;
    case "uuid":
      return sql`${value}::uuid`;
    case "micros":
      return sql`(timestamptz 'epoch' + ${value}::int8 * interval '1 microsecond')`;
  }
}

/** A key as the cursor carries it (exact: the JSON of a float8 is its shortest exact form). */
function cursorKey(term: OrderTerm, column: SQL): SQL {
  return term.key === "micros" ? sql`(extract(epoch from ${column}) * 1000000)::int8` : column;
}

/**
 * Compares consecutive terms with one row comparison, which PostgreSQL reads as a bound of the
 * index range when the terms are the index's leading columns in the index's direction: the scan
 * starts right at the cursor instead of at the start of its group of equal keys.
 */
function compareRow(terms: OrderTerm[], values: SQL[], operator: "<" | "<=" | ">" | ">=" | "="): SQL {
  const op = sql.raw(operator);
  if (terms.length === 1) return sql`${terms[0]!.expression} ${op} ${values[0]!}`;
  return sql`(${sql.join(terms.map((term) => term.expression), sql`, `)}) ${op} (${sql.join(values, sql`, `)})`;
}

/**
 * The rows after the cursor on terms[from…], as ranges that follow one another in the order (each
 * one read with an index range where an index has these keys). Terms with one direction and no
 * nulls are one row comparison; a nullable term's nulls come last (NULLS LAST), as a range of their
 * own, and a null cursor key keeps to the nulls. A term of the other direction (the distance of
 * relevance near a point) bounds the run before it (<=) and splits it into before and equal.
 */
function rangesAfter(terms: OrderTerm[], keys: SortKeyValue[], from: number): SQL[] {
  const first = terms[from]!;
  if (keys[from] === null) return [sql`${first.expression} is null and ${afterCursor(terms, keys, from + 1)}`];
  let end = from + 1;
  while (end < terms.length && terms[end]!.direction === first.direction && !terms[end]!.nullable) end++;
  const run = terms.slice(from, end);
  const values = run.map((term, index) => keyValue(term, keys[from + index]!));
  const [strict, loose] = first.direction === "desc" ? (["<", "<="] as const) : ([">", ">="] as const);
  const core =
    end === terms.length
      ? compareRow(run, values, strict)
      : sql`${compareRow(run, values, loose)} and (${compareRow(run, values, strict)} or (${compareRow(run, values, "=")} and ${afterCursor(terms, keys, end)}))`;
  return first.nullable ? [core, sql`${first.expression} is null`] : [core];
}

function afterCursor(terms: OrderTerm[], keys: SortKeyValue[], from: number): SQL {
  const ranges = rangesAfter(terms, keys, from);
  return ranges.length === 1 ? ranges[0]! : sql`((${sql.join(ranges, sql`) or (`)}))`;
}

/**
 * Whether one plan serves every value of a page statement: yes when its text fixes the access
 * path (a sort index walked in order, or the spatial index near a point, chosen by the service).
 * Place-name text patterns are not: how many teachers match one depends on the pattern.
 */
export function pagePlanIsFixed(filters: TeacherFilters): boolean {
  return filters.state === null && filters.text === null;
}

/** The current search_state generation (the count cache's key; see schema/search.ts). */
export async function readSearchGeneration(db: Executor): Promise<number> {
  const [row] = await preparedRows<{ generation: string | number }>(db, sql`select generation from search_state`, "generic");
  return row ? Number(row.generation) : 0;
}

export function teacherCountQuery(filters: TeacherFilters): SQL {
  return sql`select count(*)::int as total from teacher_profiles tp where ${whereClause(filters)}`;
}

export async function countTeachers(db: Executor, filters: TeacherFilters): Promise<number> {
  const [row] = await preparedRows<{ total: number }>(db, teacherCountQuery(filters));
  return Number(row?.total ?? 0);
}

/**
 * How to read a page: a window of the order at an offset, read forwards or (past the middle)
 * backwards; or, with `after` (a cursor's keys), the rows after those keys, forwards, with no offset.
 */
export interface PageRead {
  reverse: boolean;
  offset: number;
  limit: number;
  after?: SortKeyValue[];
}

/**
 * One page of cards. The inner query finds the page's ids in order (index-driven, reading only
 * the sort keys); the outer one fetches the card fields of those few rows. With `reverse` the inner
 * query walks the order backwards and the outer query puts the rows back in the real order.
 *
 * The LIMIT is always the page size, written into the text, and so is an OFFSET of 0 (the first
 * page, and the last one, read backwards): for a parameter there a generic plan guesses a tenth
 * of the table and may join the card fields by scanning it whole. A short last page takes its rows
 * from this window (findTeacherPage).
 *
 * After a cursor, the keyset condition starts the index range at the cursor, so the page costs
 * what the first one does. When the rows after it are two ranges (a rating's nulls come after the
 * rated teachers), each range gives at most a page and the page is the first rows of both.
 * Near a point on the spatial path the condition is a filter: that path reads every teacher in the
 * radius for any page, the first one included, and keeps the few after the cursor.
 */
export function teacherPageQuery(
  filters: TeacherFilters,
  sort: SortOption,
  read: PageRead,
  access: PointAccess = "spatial",
): SQL {
  const terms = orderTerms(sort, filters.point);
  const keys = sql.join(
    terms.map((term, index) => sql`${term.expression} as ${sql.raw(`k${index}`)}`),
    sql`, `,
  );
  const distance = filters.point ? distanceMiles(filters.point) : sql`null::float8`;
  const limit = sql.raw(String(SEARCH_PAGE_SIZE));
  const window = (condition: SQL | null, offset: SQL | null) => sql`
        select tp.id, ${distance} as distance, ${keys}
          from teacher_profiles tp
         where ${whereClause(filters, access)}${condition ? sql` and ${condition}` : sql``}
         order by ${orderBy(terms, read.reverse, (_, term) => term.expression)}
         limit ${limit}${offset ? sql` offset ${offset}` : sql``}`;
  const ranges = read.after ? rangesAfter(terms, read.after, 0) : null;
  const page = !ranges
    ? window(null, read.offset === 0 ? sql.raw("0") : sql`${read.offset}`)
    : ranges.length === 1
      ? window(ranges[0]!, null)
      : sql`select * from (${sql.join(
          ranges.map((range) => sql`(${window(range, null)})`),
          sql` union all `,
        )}) ranges order by ${orderBy(terms, false, (index) => sql.raw(`k${index}`))} limit ${limit}`;
  const sortKey = sql.join(
    terms.map((term, index) => cursorKey(term, sql.raw(`page.k${index}`))),
    sql`, `,
  );
  return sql`
      with page as (${page}
      )
      select tp.id, tp.first_name, tp.last_name, tp.city, tp.state, tp.teaching_experience_years,
             tp.lesson_format, tp.hourly_rate_min, tp.hourly_rate_max, tp.rating::text as rating,
             tp.review_count,
             page.distance as distance_miles,
             tp.search_instruments as instruments, tp.total_students,
             (select generation from search_state) as generation,
             json_build_array(${sortKey}) as sort_key
        from page
        join teacher_profiles tp on tp.id = page.id
       order by ${orderBy(terms, false, (index) => sql.raw(`page.k${index}`))}
    `;
}

/**
 * Page statements compiled and named, by everything they are built from, least recently used
 * first out. The same searches come back again and again (a city's piano teachers, the first
 * page with no filters), and building the statement (drizzle's tree, its text, its name) was
 * about a seventh of the server's CPU for such a search; the database still runs it every time.
 */
const pageStatements = new LRUCache<string, NamedStatement>({ max: 500 });

function pageStatement(filters: TeacherFilters, sort: SortOption, read: PageRead, access: PointAccess): NamedStatement {
  const key = JSON.stringify([filters, sort, read, access]);
  let named = pageStatements.get(key);
  if (!named) {
    named = namedStatement(() => teacherPageQuery(filters, sort, read, access));
    pageStatements.set(key, named);
  }
  return named;
}

export async function findTeacherPage(
  db: Executor,
  filters: TeacherFilters,
  sort: SortOption,
  read: PageRead,
  access: PointAccess = "spatial",
): Promise<TeacherPageRow[]> {
  if (read.limit > SEARCH_PAGE_SIZE) throw new RangeError(`a page has at most ${SEARCH_PAGE_SIZE} teachers`);
  if (read.after && (read.reverse || read.offset !== 0)) throw new RangeError("a cursor page is read forwards, without an offset");
  const rows = await preparedStatementRows<TeacherPageRow>(db, pageStatement(filters, sort, read, access), pagePlanIsFixed(filters) ? "generic" : "per-values");
  // Read backwards, the window ends with the page (in the real order); forwards, it starts with it.
  return read.reverse ? rows.slice(Math.max(0, rows.length - read.limit)) : rows.slice(0, read.limit);
}
