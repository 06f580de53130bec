import { DEFAULT_FILTERS, DISTANCE_OPTIONS, LESSON_TYPES, SORT_KEYS, type LessonType } from "../../../shared/search/search.constants";
import { choiceOf, locationOf, ratingOf } from "../../../shared/search/search-params.rules";
import type { SearchFilters, SearchQueryInput } from "../../../shared/search/search.schemas";
import { instrumentFromText } from "../../../shared/search/search.rules";

/**
 * The /find-teachers URL is the search: every filter lives in it (a search can be shared and
 * survives reload). Values are read one field at a time with the rules the API's schema is built
 * on (search-params.rules.ts; zod stays out of the first load), so one odd value falls back to its
 * default without losing the others.
 */

export interface UrlSearch {
  filters: SearchFilters;
  /** Typed instrument text that names no instrument (the landing page sends what was typed). */
  unknownInstrument: string | null;
  /** The student a parent is finding a teacher for (from their student page), carried to booking. */
  studentId: string | null;
}

/** Router state the student page (and older links) may send instead of query parameters. */
export interface FindTeachersState {
  filters?: { lessonType?: string };
  studentId?: string;
}

/** "in_person" is the stored lesson_format spelling; the URL uses "in-person". */
function lessonTypeOf(value: string | null | undefined): LessonType | undefined {
  if (!value) return undefined;
  return choiceOf(LESSON_TYPES, value === "in_person" ? "in-person" : value);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function readUrlSearch(params: URLSearchParams, state?: FindTeachersState | null): UrlSearch {
  const instrumentText = params.get("instrument")?.trim() ?? "";
  const instrument = instrumentText ? instrumentFromText(instrumentText) : null;
  const studentId = params.get("studentId") ?? state?.studentId ?? null;
  return {
    filters: {
      instrument: instrument ?? undefined,
      location: locationOf(params.get("location")),
      distance: choiceOf(DISTANCE_OPTIONS, params.get("distance")) ?? DEFAULT_FILTERS.distance,
      lessonType: lessonTypeOf(params.get("lessonType")) ?? lessonTypeOf(state?.filters?.lessonType) ?? DEFAULT_FILTERS.lessonType,
      minRating: ratingOf(params.get("minRating")) ?? DEFAULT_FILTERS.minRating,
      sort: choiceOf(SORT_KEYS, params.get("sort")) ?? DEFAULT_FILTERS.sort,
    },
    unknownInstrument: instrumentText && !instrument ? instrumentText : null,
    studentId: studentId && UUID.test(studentId) ? studentId : null,
  };
}

/** The URL parameters of a search: defaults are left out, so plain links stay plain. */
export function urlParamsOf(filters: SearchFilters, studentId: string | null): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.instrument) params.set("instrument", filters.instrument);
  if (filters.location) params.set("location", filters.location);
  if (filters.distance !== DEFAULT_FILTERS.distance) params.set("distance", filters.distance);
  if (filters.lessonType !== DEFAULT_FILTERS.lessonType) params.set("lessonType", filters.lessonType);
  if (filters.minRating !== DEFAULT_FILTERS.minRating) params.set("minRating", filters.minRating);
  if (filters.sort !== DEFAULT_FILTERS.sort) params.set("sort", filters.sort);
  if (studentId) params.set("studentId", studentId);
  return params;
}

/**
 * The API query of one page of a search: the first page, or the page after the last one shown
 * (`cursor`, the nextCursor of that page: keyset paging, as cheap as the first page).
 */
export function apiQueryOf(filters: SearchFilters, cursor: string | null): SearchQueryInput {
  const query: Record<string, string> = {
    distance: filters.distance,
    lessonType: filters.lessonType,
    minRating: filters.minRating,
    sort: filters.sort,
  };
  if (cursor) query.cursor = cursor;
  if (filters.instrument) query.instrument = filters.instrument;
  if (filters.location) query.location = filters.location;
  return query;
}

/**
 * A card's View Profile link; the student and the searched lesson type (which preselects the
 * booking's format, issue 26) travel along for the booking flow.
 */
export function profilePath(teacherId: string, studentId: string | null, lessonType: LessonType = DEFAULT_FILTERS.lessonType): string {
  const params = new URLSearchParams();
  if (studentId) params.set("studentId", studentId);
  if (lessonType !== DEFAULT_FILTERS.lessonType) params.set("lessonType", lessonType);
  const query = params.toString();
  return query ? `/teacher/profile/${teacherId}?${query}` : `/teacher/profile/${teacherId}`;
}
