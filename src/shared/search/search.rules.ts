import { INSTRUMENTS, INSTRUMENT_KEYS, type Instrument, type LessonFormat } from "../teachers/teachers.constants";
import { rateRange } from "../teachers/public-profile.rules";
import { DEFAULT_DISTANCE, DEFAULT_FILTERS, SEARCH_DIRECT_PAGE_DEPTH, SEARCH_PAGE_SIZE, type DistanceOption, type LessonType, type RatingOption } from "./search.constants";
import type { SearchFilters } from "./search.schemas";

// ---------------------------------------------------------------------------------------------
// Distance
// ---------------------------------------------------------------------------------------------

/** Mean Earth radius (IUGG), in statute miles. */
export const EARTH_RADIUS_MILES = 3958.7613;

export interface LatLon {
  lat: number;
  lon: number;
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle ("as the crow flies") distance in miles. */
export function haversineMiles(a: LatLon, b: LatLon): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLon = toRadians(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The haversine term h (the `h` of haversineMiles) of two points exactly `miles` apart. h grows
 * with the distance, so "within `miles`" is h ≤ this value: search compares h in SQL without
 * taking the arcsine of every teacher's.
 */
export function haversineTermAt(miles: number): number {
  return Math.sin(miles / (2 * EARTH_RADIUS_MILES)) ** 2;
}

/**
 * A latitude/longitude rectangle that contains every point within `miles` of `centre` (the
 * longitude span is taken at the latitude farthest from the equator). Longitude bounds are null
 * near the poles or across the 180° meridian, where a rectangle would wrap.
 */
export function boundingBox(
  centre: LatLon,
  miles: number,
): { minLat: number; maxLat: number; minLon: number | null; maxLon: number | null } {
  const dLat = (miles / EARTH_RADIUS_MILES) * (180 / Math.PI);
  const minLat = centre.lat - dLat;
  const maxLat = centre.lat + dLat;
  const widest = Math.max(Math.abs(minLat), Math.abs(maxLat));
  if (widest >= 89) return { minLat, maxLat, minLon: null, maxLon: null };
  const dLon = dLat / Math.cos(toRadians(widest));
  const minLon = centre.lon - dLon;
  const maxLon = centre.lon + dLon;
  if (minLon < -180 || maxLon > 180) return { minLat, maxLat, minLon: null, maxLon: null };
  return { minLat, maxLat, minLon, maxLon };
}

/** The radius of a distance choice in miles, or null for "any". */
export function distanceRadiusMiles(distance: DistanceOption): number | null {
  return distance === "any" ? null : Number(distance);
}

/** "Less than 1 mile away", "1 mile away", "12 miles away" (whole miles). */
export function formatDistance(miles: number): string {
  if (miles < 1) return "Less than 1 mile away";
  const whole = Math.round(miles);
  return whole === 1 ? "1 mile away" : `${whole} miles away`;
}

// ---------------------------------------------------------------------------------------------
// Filters
// ---------------------------------------------------------------------------------------------

/** Teacher lesson_format values that satisfy a lesson-type filter (spec section 7). */
export function lessonFormatsFor(lessonType: LessonType): LessonFormat[] | null {
  if (lessonType === "both") return null;
  return lessonType === "online" ? ["online", "both"] : ["in_person", "both"];
}

/**
 * Whether the place narrows the search. Online lessons happen wherever the family is, so with the
 * Online lesson type a typed place (and its distance) filters nobody out; it still gives each card
 * its distance and the distance sort.
 */
export function placeNarrowsSearch(lessonType: LessonType): boolean {
  return lessonType !== "online";
}

/** The minimum rating of a choice, or null for "any". New teachers are never hidden by it (decisions.md). */
export function minimumRating(choice: RatingOption): number | null {
  return choice === "any" ? null : Number(choice);
}

/**
 * Relevance ranks by a Bayesian average: every teacher starts with PRIOR_WEIGHT imaginary reviews
 * of PRIOR_MEAN stars, so a new teacher scores 4.0, one 5-star review lifts a teacher to 4.17, and
 * many good reviews beat a single perfect one. Ties (all new teachers) go to the nearest teacher,
 * then to whoever enabled discovery most recently. The same formula is the generated column
 * teacher_profiles.relevance_score (migration 0003).
 */
export const SEARCH_RELEVANCE_PRIOR = { mean: 4, weight: 5 } as const;

export function relevanceScore(ratingSum: number, reviewCount: number): number {
  const { mean, weight } = SEARCH_RELEVANCE_PRIOR;
  return (ratingSum + mean * weight) / (reviewCount + weight);
}

/** Everyday names a parent may type for an instrument, beyond the instrument names themselves. */
const INSTRUMENT_ALIASES: Record<string, Instrument> = {
  keyboard: "piano",
  keys: "piano",
  singing: "voice",
  vocals: "voice",
  vocal: "voice",
  singer: "voice",
  sax: "saxophone",
  drum: "drums",
  "drum kit": "drums",
  percussion: "drums",
  uke: "ukulele",
  "bass guitar": "bass",
  "electric guitar": "guitar",
  "acoustic guitar": "guitar",
  fiddle: "violin",
  violoncello: "cello",
};

/**
 * The instrument a typed text names ("Piano", "pianos", "singing"), or null. The landing page
 * sends whatever was typed, lower-cased.
 */
export function instrumentFromText(text: string): Instrument | null {
  const clean = text.trim().toLowerCase().replace(/\s+/g, " ");
  if (!clean) return null;
  const byName = INSTRUMENT_KEYS.find((key) => key === clean || INSTRUMENTS[key].toLowerCase() === clean);
  if (byName) return byName;
  if (INSTRUMENT_ALIASES[clean]) return INSTRUMENT_ALIASES[clean];
  const singular = clean.endsWith("s") ? clean.slice(0, -1) : null;
  if (singular) {
    const bySingular = INSTRUMENT_KEYS.find((key) => key === singular) ?? INSTRUMENT_ALIASES[singular];
    if (bySingular) return bySingular;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Pages
// ---------------------------------------------------------------------------------------------

export function totalPages(total: number, pageSize = SEARCH_PAGE_SIZE): number {
  return Math.ceil(total / pageSize);
}

export function hasMorePages(page: number, total: number, pageSize = SEARCH_PAGE_SIZE): boolean {
  return page * pageSize < total;
}

/**
 * How to read one page of an ordered result of `total` rows. Reading past the middle, it is
 * cheaper to walk the order backwards (an index scanned from its other end) and reverse the rows,
 * so the last page costs what the first one does. `null` when the page is past the end.
 */
export function pageReadPlan(
  page: number,
  total: number,
  pageSize = SEARCH_PAGE_SIZE,
): { reverse: boolean; offset: number; limit: number } | null {
  const offset = (page - 1) * pageSize;
  if (offset >= total) return null;
  const limit = Math.min(pageSize, total - offset);
  const fromEnd = total - offset - limit;
  return fromEnd < offset ? { reverse: true, offset: fromEnd, limit } : { reverse: false, offset, limit };
}

/**
 * Whether a numbered page's read (pageReadPlan) skips more rows than a direct link may: OFFSET
 * reads every row it skips, so only the SEARCH_DIRECT_PAGE_DEPTH pages nearest either end of the
 * results open by number; deeper ones come with Load More's cursor, at the cost of a first page.
 */
export function offsetTooDeep(read: { offset: number }, pageSize = SEARCH_PAGE_SIZE): boolean {
  return read.offset > (SEARCH_DIRECT_PAGE_DEPTH - 1) * pageSize;
}

// ---------------------------------------------------------------------------------------------
// Chips
// ---------------------------------------------------------------------------------------------

export type ChipKey = "instrument" | "location" | "distance" | "lessonType" | "minRating";

export interface FilterChip {
  key: ChipKey;
  label: string;
}

const LESSON_TYPE_LABELS: Record<LessonType, string> = { "in-person": "In-person", online: "Online", both: "Both" };

export function lessonTypeLabel(lessonType: LessonType): string {
  return LESSON_TYPE_LABELS[lessonType];
}

export function distanceLabel(distance: DistanceOption): string {
  return distance === "any" ? "Any distance" : `Within ${distance} miles`;
}

export function ratingLabel(rating: RatingOption): string {
  return rating === "any" ? "Any rating" : `${rating}+ stars`;
}

/**
 * The removable chips of the active filters. The distance chip shows only while it limits the
 * results (a place with coordinates is searched); "Both" lesson types and "any" rating are no filter.
 */
export function buildChips(filters: SearchFilters, options: { distanceApplies: boolean }): FilterChip[] {
  const chips: FilterChip[] = [];
  if (filters.instrument) chips.push({ key: "instrument", label: INSTRUMENTS[filters.instrument] });
  if (filters.location) chips.push({ key: "location", label: filters.location });
  if (filters.location && options.distanceApplies && filters.distance !== "any") {
    chips.push({ key: "distance", label: distanceLabel(filters.distance) });
  }
  if (filters.lessonType !== "both") chips.push({ key: "lessonType", label: LESSON_TYPE_LABELS[filters.lessonType] });
  if (filters.minRating !== "any") chips.push({ key: "minRating", label: ratingLabel(filters.minRating) });
  return chips;
}

/** The filters after a chip is removed: the filter stops limiting the results. */
export function withoutChip(filters: SearchFilters, key: ChipKey): SearchFilters {
  switch (key) {
    case "instrument":
      return { ...filters, instrument: undefined };
    case "location":
      return { ...filters, location: undefined, distance: DEFAULT_DISTANCE };
    case "distance":
      return { ...filters, distance: "any" };
    case "lessonType":
      return { ...filters, lessonType: "both" };
    case "minRating":
      return { ...filters, minRating: "any" };
  }
}

/** "Clear all": no chip left; the sort is kept (it is not a filter). */
export function clearedFilters(filters: SearchFilters): SearchFilters {
  return { ...DEFAULT_FILTERS, minRating: "any", sort: filters.sort };
}

// ---------------------------------------------------------------------------------------------
// Card texts
// ---------------------------------------------------------------------------------------------

/** "$40-60/hr", or "$50/hr" when both ends are equal. */
export function formatRateRange(min: number, max: number): string {
  return `${rateRange(min, max)}/hr`;
}

/** teaching_experience_years is stored as its label: "Less than 1", "1-3", "3-5", "5+". */
export function formatExperience(label: string): string {
  return label === "Less than 1" ? "Less than 1 year experience" : `${label} years experience`;
}

export function formatStudents(count: number): string {
  return count === 1 ? "1 student" : `${count} students`;
}

/** "4.8 (12 reviews)", or "New" before the first review (decisions.md). */
export function formatRating(rating: number | null, reviewCount: number): string {
  if (rating === null || reviewCount === 0) return "New";
  return `${rating.toFixed(1)} (${reviewCount} ${reviewCount === 1 ? "review" : "reviews"})`;
}

export function initialsOf(fullName: string): string {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? "";
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? "") : "";
  return (first + last).toUpperCase();
}
