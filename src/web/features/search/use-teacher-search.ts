import { useInfiniteQuery } from "@tanstack/react-query";
import type { SearchFilters, TeacherSearchResponse } from "../../../shared/search/search.schemas";
import { api, call } from "../../lib/api";
import { apiQueryOf } from "./search-url";

/**
 * Pages of 9 teachers; Load More appends the next one, read after the last one shown with the
 * previous page's cursor (keyset: every page costs what the first one does). The filters are the
 * query key, so any change of filter or sort starts again at page 1.
 */
export function useTeacherSearch(filters: SearchFilters) {
  return useInfiniteQuery({
    queryKey: ["search", "teachers", filters],
    queryFn: ({ pageParam }): Promise<TeacherSearchResponse> =>
      call(api.search.teachers.$get({ query: apiQueryOf(filters, pageParam) })),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
