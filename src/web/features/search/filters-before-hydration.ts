// A filter changed on the server's page before the app has hydrated it (a phone shows the page
// seconds before its JavaScript runs) is kept: React 19 hydrates a select or a radio without
// telling the page that the user changed it, and the next render would put the old value back
// while the results stay those of the old filters (issue 43). The filter bar reads what its
// controls show once it is hydrated and applies it as if the change came now.
import type { SearchFilters } from "../../../shared/search/search.schemas";
import { DISTANCE_OPTIONS, LESSON_TYPES, RATING_OPTIONS } from "../../../shared/search/search.constants";
import { INSTRUMENTS, type Instrument } from "../../../shared/teachers/teachers.constants";

/** What the filter bar's controls show: their DOM values (null: the control is not there). */
export interface ShownFilterControls {
  instrument: string | null;
  distance: string | null;
  minRating: string | null;
  /** The checked lesson type radio's value. */
  lessonType: string | null;
}

const isOneOf = <T extends string>(options: readonly T[], value: string | null): value is T => value !== null && (options as readonly string[]).includes(value);

/**
 * The filters with what the controls show where it differs and is one of the options (a value the
 * page never offers is ignored), or null when the controls show the filters as they are.
 */
export function filtersShownByControls(filters: SearchFilters, shown: ShownFilterControls): SearchFilters | null {
  const next: SearchFilters = { ...filters };
  if (shown.instrument !== null && shown.instrument !== (filters.instrument ?? "")) {
    if (shown.instrument === "") delete next.instrument;
    else if (shown.instrument in INSTRUMENTS) next.instrument = shown.instrument as Instrument;
  }
  if (isOneOf(DISTANCE_OPTIONS, shown.distance)) next.distance = shown.distance;
  if (isOneOf(RATING_OPTIONS, shown.minRating)) next.minRating = shown.minRating;
  if (isOneOf(LESSON_TYPES, shown.lessonType)) next.lessonType = shown.lessonType;
  const changed =
    next.instrument !== filters.instrument || next.distance !== filters.distance || next.minRating !== filters.minRating || next.lessonType !== filters.lessonType;
  return changed ? next : null;
}
