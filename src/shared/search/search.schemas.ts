import { z } from "zod";
import { INSTRUMENT_KEYS, type Instrument, type LessonFormat } from "../teachers/teachers.constants";
import {
  DEFAULT_DISTANCE,
  DEFAULT_LESSON_TYPE,
  DEFAULT_MIN_RATING,
  DEFAULT_SORT,
  DISTANCE_OPTIONS,
  LESSON_TYPES,
  LOCATION_MAX_LENGTH,
  RATING_OPTIONS,
  SEARCH_MAX_PAGE,
  SORT_KEYS,
  type SortOption,
} from "./search.constants";
import { blankToUndefined, normaliseLocation, normaliseRating } from "./search-params.rules";
import {
  CURSOR_DAMAGED_MESSAGE,
  CURSOR_OTHER_SEARCH_MESSAGE,
  decodeSearchCursor,
  filtersHash,
  SEARCH_CURSOR_MAX_LENGTH,
  type SearchCursor,
} from "./search-cursor";


const PAGE_MESSAGE = "Page must be a whole number of 1 or more.";

function optionalChoice<const Values extends readonly [string, ...string[]]>(values: Values, message: string) {
  return z.string().optional().transform(blankToUndefined).pipe(z.enum(values, { message }).optional());
}

/**
 * GET /api/search/teachers. Query strings in, typed filters out; the /find-teachers page parses
 * its URL with the same fields (one at a time, so one bad value does not lose the others).
 */
export const searchQuerySchema = z.object({
  instrument: optionalChoice(INSTRUMENT_KEYS as [Instrument, ...Instrument[]], "Choose an instrument from the list."),
  location: z
    .string()
    .optional()
    .transform(normaliseLocation)
    .pipe(
      z
        .string()
        .max(LOCATION_MAX_LENGTH, `Location must be at most ${LOCATION_MAX_LENGTH} characters: a city and state, or a ZIP code.`)
        .optional(),
    ),
  distance: optionalChoice(DISTANCE_OPTIONS, "Distance must be 5, 10, 15, 25 or 50 miles, or any.").transform(
    (value) => value ?? DEFAULT_DISTANCE,
  ),
  lessonType: optionalChoice(LESSON_TYPES, "Lesson type must be in-person, online or both.").transform(
    (value) => value ?? DEFAULT_LESSON_TYPE,
  ),
  minRating: z
    .string()
    .optional()
    .transform((value) => normaliseRating(blankToUndefined(value)))
    .pipe(z.enum(RATING_OPTIONS, { message: "Minimum rating must be 4.5, 4.0, 3.5 or any." }).optional())
    .transform((value) => value ?? DEFAULT_MIN_RATING),
  sort: optionalChoice(SORT_KEYS as [SortOption, ...SortOption[]], `Sort must be one of: ${SORT_KEYS.join(", ")}.`).transform(
    (value) => value ?? DEFAULT_SORT,
  ),
  page: z
    .string()
    .optional()
    .transform((value) => {
      const text = blankToUndefined(value)?.trim();
      if (text === undefined) return 1;
      return /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
    })
    .pipe(
      z
        .number({ message: PAGE_MESSAGE })
        .int(PAGE_MESSAGE)
        .min(1, PAGE_MESSAGE)
        .max(SEARCH_MAX_PAGE, `Page must be at most ${SEARCH_MAX_PAGE}.`),
    ),
  /** The nextCursor of the page before (Load More); the page then follows that page's last row. */
  cursor: z
    .string()
    .optional()
    .transform((value) => blankToUndefined(value)?.trim())
    .pipe(z.string().max(SEARCH_CURSOR_MAX_LENGTH, CURSOR_DAMAGED_MESSAGE).optional())
    .transform((text, context): SearchCursor | undefined => {
      if (text === undefined) return undefined;
      const cursor = decodeSearchCursor(text);
      if (!cursor) context.addIssue({ code: "custom", message: CURSOR_DAMAGED_MESSAGE });
      return cursor ?? undefined;
    }),
}).superRefine((query, context) => {
  if (!query.cursor) return;
  // page=1 is also what an absent page reads as: only another page number contradicts the cursor.
  if (query.page !== 1) context.addIssue({ code: "custom", path: ["page"], message: "Give either page or cursor, not both." });
  if (query.cursor.filters !== filtersHash(query)) {
    context.addIssue({ code: "custom", path: ["cursor"], message: CURSOR_OTHER_SEARCH_MESSAGE });
  }
});

export type SearchQueryInput = z.input<typeof searchQuerySchema>;
export type SearchQuery = z.output<typeof searchQuerySchema>;
/** The filters of a search, without the page or cursor (what the page keeps in its URL). */
export type SearchFilters = Omit<SearchQuery, "page" | "cursor">;

/** One card of the result grid (spec section 3, public_teacher_profiles, with real figures). */
export interface TeacherSearchResult {
  teacherId: string;
  fullName: string;
  firstName: string;
  /** First = primary (most years teaching, then the instrument list's order). */
  instruments: Instrument[];
  /** Average to one decimal; null when the teacher has no reviews yet ("New"). */
  rating: number | null;
  reviewCount: number;
  city: string;
  state: string;
  /** From the searched place; null when the place is unknown or the teacher's is. */
  distanceMiles: number | null;
  /** Distinct students with an accepted booking with this teacher. */
  totalStudents: number;
  teachingExperienceYears: string;
  lessonFormat: LessonFormat;
  hourlyRateMin: number;
  hourlyRateMax: number;
}

export interface TeacherSearchResponse {
  teachers: TeacherSearchResult[];
  /** Exact number of teachers matching the filters. */
  total: number;
  /** The page's number (with a cursor: its position in the results, from 1). */
  page: number;
  pageSize: number;
  hasMore: boolean;
  /** Give it as `cursor` to read the next page (keyset: as cheap as the first); null on the last page. */
  nextCursor: string | null;
  /**
   * What the typed location became: a place with coordinates (distance filter and distances
   * apply), a state (teachers in that state), text matched against city and state, or nothing.
   */
  place:
    | { kind: "point"; label: string }
    | { kind: "state"; label: string }
    | { kind: "text"; label: string }
    | null;
  /** True when results are limited to a radius around the place. */
  distanceApplied: boolean;
}
