import { useCallback, useMemo } from "react";
import { useLocation, useSearchParams } from "react-router";
import type { SearchFilters } from "../../../shared/search/search.schemas";
import { readUrlSearch, urlParamsOf, type FindTeachersState, type UrlSearch } from "./search-url";

/**
 * The page's filters, read from the URL (and the router state the student page may send).
 * Changing them replaces the URL rather than pushing to history: Back leaves the search page
 * instead of stepping through every filter tried.
 */
export function useSearchFilters(): UrlSearch & { setFilters: (next: SearchFilters) => void } {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const state = location.state as FindTeachersState | null;
  const search = useMemo(() => readUrlSearch(params, state), [params, state]);
  const { studentId } = search;

  const setFilters = useCallback(
    (next: SearchFilters) => setParams(urlParamsOf(next, studentId), { replace: true, state }),
    [setParams, studentId, state],
  );
  return { ...search, setFilters };
}
