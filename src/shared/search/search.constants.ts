// The search's options and defaults without zod: /find-teachers reads its URL with these on first
// load (search-params.rules.ts), and zod loads later, with the forms and dialogs that need it.

/** Spec section 9: pages of 9 cards. */
export const SEARCH_PAGE_SIZE = 9;
/** A typed place longer than this is not a place. */
export const LOCATION_MAX_LENGTH = 100;
/** Far beyond any real result list; keeps OFFSET arithmetic small. */
export const SEARCH_MAX_PAGE = 1_000_000;
/**
 * A page given by number (a direct link) is read with OFFSET, whose cost grows with the rows it
 * skips; so it may be at most this many pages from the nearer end of the results (the far end is
 * read backwards, search.rules.ts pageReadPlan). Deeper pages come with the keyset cursor (Load More).
 */
export const SEARCH_DIRECT_PAGE_DEPTH = 100;

export const DISTANCE_OPTIONS = ["5", "10", "15", "25", "50", "any"] as const;
export type DistanceOption = (typeof DISTANCE_OPTIONS)[number];
export const DEFAULT_DISTANCE: DistanceOption = "10";

export const RATING_OPTIONS = ["4.5", "4.0", "3.5", "any"] as const;
export type RatingOption = (typeof RATING_OPTIONS)[number];
export const DEFAULT_MIN_RATING: RatingOption = "4.0";

/** The page's lesson-type toggle; a teacher whose lesson_format is `both` matches either. */
export const LESSON_TYPES = ["in-person", "online", "both"] as const;
export type LessonType = (typeof LESSON_TYPES)[number];
export const DEFAULT_LESSON_TYPE: LessonType = "both";

export const SORT_OPTIONS = {
  relevance: "Relevance",
  rating: "Rating High to Low",
  "price-asc": "Price Low to High",
  "price-desc": "Price High to Low",
  experience: "Experience",
} as const;
export type SortOption = keyof typeof SORT_OPTIONS;
export const SORT_KEYS = Object.keys(SORT_OPTIONS) as SortOption[];
export const DEFAULT_SORT: SortOption = "relevance";

/** The filters of a search that sets none (typed here, not as SearchFilters: the schemas import these constants). */
export const DEFAULT_FILTERS: { distance: DistanceOption; lessonType: LessonType; minRating: RatingOption; sort: SortOption } = {
  distance: DEFAULT_DISTANCE,
  lessonType: DEFAULT_LESSON_TYPE,
  minRating: DEFAULT_MIN_RATING,
  sort: DEFAULT_SORT,
};
