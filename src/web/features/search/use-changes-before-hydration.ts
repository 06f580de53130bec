import { useEffect, useEffectEvent, useLayoutEffect, useRef, type RefObject } from "react";
import type { SearchFilters } from "../../../shared/search/search.schemas";
import { filtersShownByControls } from "./filters-before-hydration";

/**
 * Filters changed on the server's page before hydration (filters-before-hydration.ts): read as the
 * bar is hydrated, before any render could put the old values back, and applied once the router
 * takes navigations (its own layout effect runs after ours, and it ignores a navigation made before).
 * Returns the ref for the filter bar's element; `ids` are its selects' ids.
 */
export function useChangesBeforeHydration(
  filters: SearchFilters,
  onChange: (next: SearchFilters) => void,
  ids: { instrument: string; distance: string; minRating: string },
): RefObject<HTMLElement | null> {
  const bar = useRef<HTMLElement>(null);
  const changed = useRef<SearchFilters | null>(null);
  const read = useEffectEvent(() => {
    const root = bar.current;
    if (!root) return;
    const valueOf = (id: string) => (root.ownerDocument.getElementById(id) as HTMLSelectElement | null)?.value ?? null;
    changed.current = filtersShownByControls(filters, {
      instrument: valueOf(ids.instrument),
      distance: valueOf(ids.distance),
      minRating: valueOf(ids.minRating),
      lessonType: root.querySelector<HTMLInputElement>('input[name="lesson-type"]:checked')?.value ?? null,
    });
  });
  const apply = useEffectEvent(() => {
    const next = changed.current;
    changed.current = null;
    if (next) onChange(next);
  });
  useLayoutEffect(() => read(), []);
  useEffect(() => apply(), []);
  return bar;
}
