import { SearchX } from "lucide-react";
import { memo, useDeferredValue, useId, useMemo } from "react";
import { SORT_KEYS, SORT_OPTIONS, type SortOption } from "../../../shared/search/search.constants";
import type { SearchFilters, TeacherSearchResult } from "../../../shared/search/search.schemas";
import { buildChips, clearedFilters, placeNarrowsSearch, withoutChip } from "../../../shared/search/search.rules";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Select } from "../../components/ui/choice";
import { FilterBar } from "./filter-bar";
import { FilterChips } from "./filter-chips";
import { profilePath } from "./search-url";
import { TeacherCard, TeacherCardSkeleton } from "./teacher-card";
import { useSearchFilters } from "./use-search-filters";
import { useTeacherSearch } from "./use-teacher-search";

const FIRST_PAGE_SKELETONS = 9;
const NEXT_PAGE_SKELETONS = 3;
const LOAD_ERROR = "Failed to load teachers. Please try again.";

/** /find-teachers (spec section 2): public teacher search with every filter applied by the server. */
export function Component() {
  const { filters, unknownInstrument, studentId, setFilters } = useSearchFilters();
  const search = useTeacherSearch(filters);
  const sortId = useId();

  const pages = search.data?.pages;
  const firstPage = pages?.[0];
  const teachers = useMemo(() => pages?.flatMap((page) => page.teachers) ?? [], [pages]);
  const skeletons = search.isPending ? FIRST_PAGE_SKELETONS : search.isFetchingNextPage ? NEXT_PAGE_SKELETONS : 0;
  // The cards are drawn in a render of their own that yields to the browser (a deferred value):
  // a filter tap answers with the filters and the heading first, and nine cards arriving do not
  // hold a phone's main thread in one long task (issue 43).
  const shown = useDeferredValue(useMemo(() => ({ teachers, skeletons, studentId, lessonType: filters.lessonType }), [teachers, skeletons, studentId, filters.lessonType]));
  const place = search.isPending ? undefined : (firstPage?.place ?? null);
  // The distance chip shows once the server confirms the place is on the map (or while it answers).
  const chips = buildChips(filters, { distanceApplies: firstPage ? firstPage.distanceApplied : true });
  const change = (next: SearchFilters) => setFilters(next);

  const total = firstPage?.total ?? 0;
  const heading = search.isPending
    ? "Loading teachers..."
    : search.isError
      ? "Teachers"
      : `${total} ${total === 1 ? "Teacher" : "Teachers"} Available`;

  return (
    <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Find a Music Teacher</h1>
      <p className="mt-1 text-slate-600">Search by instrument, place and lesson type. Every teacher is reviewed by our team before families can find them; new teachers show as New until their first review.</p>

      <div className="mt-6 space-y-4">
        <FilterBar filters={filters} onChange={change} place={place} />
        {unknownInstrument ? (
          <Alert tone="info">
            We don&apos;t have an instrument called &ldquo;{unknownInstrument}&rdquo;, so teachers of every instrument are shown. Pick one from the Instrument list to narrow the search.
          </Alert>
        ) : null}
        {!placeNarrowsSearch(filters.lessonType) && filters.location ? (
          <Alert tone="info">
            Online lessons happen wherever you are, so the place you typed does not narrow the search: it only tells each
            teacher&apos;s distance.
          </Alert>
        ) : place?.kind === "text" ? (
          <Alert tone="info">
            We couldn&apos;t find &ldquo;{place.label}&rdquo; on the map, so we show teachers whose city or state contains it. Try a city and state (Austin, TX) or a ZIP code for distances.
          </Alert>
        ) : null}
        <FilterChips
          chips={chips}
          onRemove={(chip) => change(withoutChip(filters, chip.key))}
          onClearAll={() => change(clearedFilters(filters))}
        />
      </div>

      <div className="mt-8 flex flex-wrap items-end justify-between gap-4">
        <h2 className="text-xl font-semibold text-slate-900" aria-live="polite">
          {heading}
        </h2>
        <div className="flex items-center gap-2">
          <label htmlFor={sortId} className="text-sm font-medium whitespace-nowrap text-slate-800">
            Sort by
          </label>
          <Select
            id={sortId}
            value={filters.sort}
            onChange={(event) => change({ ...filters, sort: event.target.value as SortOption })}
            fullWidth={false}
            className="w-auto min-w-48"
          >
            {SORT_KEYS.map((key) => (
              <option key={key} value={key}>
                {SORT_OPTIONS[key]}
              </option>
            ))}
          </Select>
        </div>
      </div>

      <div className="mt-5">
        {search.isError && !search.isFetchNextPageError ? (
          <LoadError onRetry={() => void search.refetch()} />
        ) : !search.isPending && teachers.length === 0 ? (
          <EmptyState canClear={chips.length > 0} onClear={() => change(clearedFilters(filters))} />
        ) : (
          <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" aria-label="Teachers" aria-busy={search.isFetching}>
            <TeacherItems {...shown} />
          </ul>
        )}

        {search.isFetchNextPageError ? (
          <div className="mt-6">
            <LoadError onRetry={() => void search.fetchNextPage()} />
          </div>
        ) : null}

        {search.hasNextPage && !search.isFetchNextPageError ? (
          <div className="mt-8 flex justify-center">
            <Button variant="secondary" size="lg" onClick={() => void search.fetchNextPage()} disabled={search.isFetchingNextPage}>
              {search.isFetchingNextPage ? "Loading..." : "Load More Teachers"}
            </Button>
          </div>
        ) : null}
      </div>
    </main>
  );
}

/** The list's items: the teachers found and, while more are coming, skeleton cards. */
const TeacherItems = memo(function TeacherItems({
  teachers,
  skeletons,
  studentId,
  lessonType,
}: {
  teachers: TeacherSearchResult[];
  skeletons: number;
  studentId: string | null;
  lessonType: SearchFilters["lessonType"];
}) {
  return (
    <>
      {teachers.map((teacher) => (
        <li key={teacher.teacherId}>
          <TeacherCard teacher={teacher} profileHref={profilePath(teacher.teacherId, studentId, lessonType)} />
        </li>
      ))}
      {Array.from({ length: skeletons }, (_, index) => (
        <li key={`skeleton-${index}`} aria-hidden>
          <TeacherCardSkeleton />
        </li>
      ))}
    </>
  );
});

function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert>
      <p>{LOAD_ERROR}</p>
      <Button variant="secondary" size="sm" className="mt-2" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}

function EmptyState({ canClear, onClear }: { canClear: boolean; onClear: () => void }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border-2 border-dashed border-slate-200 px-6 py-14 text-center">
      <SearchX aria-hidden className="size-10 text-brand-600" />
      <h3 className="mt-4 text-lg font-semibold text-slate-900">No Teachers Found</h3>
      <p className="mt-1 max-w-md text-slate-600">
        Try adjusting your filters: another instrument, a wider distance, a different lesson type or a lower rating.
      </p>
      {canClear ? (
        <Button variant="secondary" className="mt-6" onClick={onClear}>
          Clear all filters
        </Button>
      ) : null}
    </div>
  );
}
