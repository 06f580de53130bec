import { encodeSearchCursor, filtersHash } from "../../../src/shared/search/search-cursor";
import { searchQuerySchema } from "../../../src/shared/search/search.schemas";
import { everyone, type RouteCase } from "../route-case";

const FILTERS = { instrument: "piano", location: "Austin, TX", sort: "rating" };

/** Load More's next page: a cursor of this search (after a 4.5-star teacher with 2 reviews). */
const cursor = encodeSearchCursor({
  keys: [4.5, 2, "ffffffff-ffff-4fff-bfff-ffffffffffff"],
  position: 9,
  filters: filtersHash(searchQuerySchema.parse(FILTERS)),
});

export const searchCases: RouteCase[] = [
  // Anonymous visitors browse search (spec section 6); so does every signed-in role.
  {
    route: "GET /api/search/teachers", ok: 200,
    allowed: everyone,
    request: () => ({ path: `/api/search/teachers?${new URLSearchParams({ ...FILTERS, page: "1" }).toString()}` }),
  },
  {
    route: "GET /api/search/teachers", ok: 200,
    allowed: everyone,
    request: () => ({ path: `/api/search/teachers?${new URLSearchParams({ ...FILTERS, cursor }).toString()}` }),
  },
];
