import { MapPin } from "lucide-react";
import { useEffect, useEffectEvent, useId, useLayoutEffect, useRef, useState, type FormEvent } from "react";
import { DISTANCE_OPTIONS, LESSON_TYPES, RATING_OPTIONS } from "../../../shared/search/search.constants";
import type { SearchFilters, TeacherSearchResponse } from "../../../shared/search/search.schemas";
import { distanceLabel, lessonTypeLabel, placeNarrowsSearch, ratingLabel } from "../../../shared/search/search.rules";
import { INSTRUMENTS, SEARCH_INSTRUMENTS, type Instrument } from "../../../shared/teachers/teachers.constants";
import { Select } from "../../components/ui/choice";
import { Input } from "../../components/ui/input";
import { cn } from "../../lib/cn";
import { useChangesBeforeHydration } from "./use-changes-before-hydration";

/** Spec section 9: the location is searched 500 ms after the last keystroke. */
export const LOCATION_DEBOUNCE_MS = 500;

const labelClass = "block text-sm font-medium text-slate-800";

/**
 * Instrument, location, distance, lesson type and rating (spec section 2). `place` is what the
 * server made of the typed location; distance only applies to a place it found on the map.
 */
export function FilterBar({
  filters,
  onChange,
  place,
}: {
  filters: SearchFilters;
  onChange: (next: SearchFilters) => void;
  place: TeacherSearchResponse["place"] | undefined;
}) {
  const ids = { instrument: useId(), location: useId(), distance: useId(), distanceNote: useId(), rating: useId() };
  // The dropdown lists the spec's search instruments; one of the other 12 arrives by URL too.
  const instruments: Instrument[] =
    filters.instrument && !SEARCH_INSTRUMENTS.includes(filters.instrument)
      ? [...SEARCH_INSTRUMENTS, filters.instrument]
      : SEARCH_INSTRUMENTS;
  // Until the server has answered, a typed place is assumed findable (no flicker to disabled).
  // Online lessons do not depend on distance (search.rules placeNarrowsSearch): the server ignores it.
  const online = !placeNarrowsSearch(filters.lessonType);
  const distanceUsable = !online && Boolean(filters.location) && (place === undefined || place?.kind === "point");
  const distanceNote = online
    ? "Online lessons do not depend on distance"
    : !filters.location
      ? "Enter a city or ZIP to filter by distance"
      : distanceUsable
        ? null
        : "Distance needs a city or ZIP we can find on the map";

  const bar = useChangesBeforeHydration(filters, onChange, { instrument: ids.instrument, distance: ids.distance, minRating: ids.rating });

  return (
    <section ref={bar} aria-label="Filters" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[1fr_1.3fr_1fr_auto_1fr]">
        <div className="space-y-1.5">
          <label htmlFor={ids.instrument} className={labelClass}>
            Instrument
          </label>
          <Select
            id={ids.instrument}
            value={filters.instrument ?? ""}
            onChange={(event) => onChange({ ...filters, instrument: (event.target.value || undefined) as Instrument | undefined })}
          >
            <option value="">All instruments</option>
            {instruments.map((key) => (
              <option key={key} value={key}>
                {INSTRUMENTS[key]}
              </option>
            ))}
          </Select>
        </div>

        <LocationField
          id={ids.location}
          value={filters.location ?? ""}
          onCommit={(location) => onChange({ ...filters, location: location || undefined })}
        />

        <div className="space-y-1.5">
          <label htmlFor={ids.distance} className={labelClass}>
            Distance
          </label>
          <Select
            id={ids.distance}
            value={filters.distance}
            disabled={!distanceUsable}
            aria-describedby={distanceNote ? ids.distanceNote : undefined}
            className="disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500"
            onChange={(event) => onChange({ ...filters, distance: event.target.value as SearchFilters["distance"] })}
          >
            {DISTANCE_OPTIONS.map((option) => (
              <option key={option} value={option}>
                {distanceLabel(option)}
              </option>
            ))}
          </Select>
          {distanceNote ? (
            <p id={ids.distanceNote} className="text-xs text-slate-600">
              {distanceNote}
            </p>
          ) : null}
        </div>

        <LessonTypeToggle value={filters.lessonType} onChange={(lessonType) => onChange({ ...filters, lessonType })} />

        <div className="space-y-1.5">
          <label htmlFor={ids.rating} className={labelClass}>
            Rating
          </label>
          <Select
            id={ids.rating}
            value={filters.minRating}
            onChange={(event) => onChange({ ...filters, minRating: event.target.value as SearchFilters["minRating"] })}
          >
            {RATING_OPTIONS.map((option) => (
              <option key={option} value={option}>
                {ratingLabel(option)}
              </option>
            ))}
          </Select>
          <p className="text-xs text-slate-600">New teachers are always shown</p>
        </div>
      </div>
    </section>
  );
}

/**
 * The location box keeps what is being typed and hands it on 500 ms after the last keystroke
 * (or at once on Enter). A change from outside (a chip removed) replaces what it shows.
 */
function LocationField({ id, value, onCommit }: { id: string; value: string; onCommit: (location: string) => void }) {
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  // Typed on the server's page before hydration: the box shows it, so it is the draft (and is searched).
  const box = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    const typed = box.current?.value;
    if (typed !== undefined && typed !== value) setDraft(typed);
    // Once, when the box is first there: later the draft follows the box's own onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (value !== shown) {
    setShown(value);
    setDraft(value);
  }

  const typed = draft.trim().replace(/\s+/g, " ");
  const pending = typed !== value;
  // Only a keystroke restarts the wait; the page re-rendering meanwhile does not.
  const commit = useEffectEvent(() => onCommit(typed));
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(commit, LOCATION_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, pending]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) onCommit(typed);
  }

  return (
    <form className="space-y-1.5" onSubmit={onSubmit}>
      <label htmlFor={id} className={labelClass}>
        Location
      </label>
      <div className="relative">
        <MapPin aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" />
        <Input
          ref={box}
          id={id}
          value={draft}
          maxLength={100}
          onChange={(event) => setDraft(event.target.value)}
          placeholder="City, State or ZIP"
          autoComplete="off"
          className="pl-9"
        />
      </div>
    </form>
  );
}

/** Near me (in person) or online: two segments, one radio group. */
function LessonTypeToggle({ value, onChange }: { value: SearchFilters["lessonType"]; onChange: (type: SearchFilters["lessonType"]) => void }) {
  return (
    <fieldset className="space-y-1.5">
      <legend className={cn(labelClass, "mb-1.5")}>Lesson type</legend>
      <div className="flex h-10 rounded-lg bg-slate-100 p-1">
        {LESSON_TYPES.map((type) => (
          <label
            key={type}
            className={cn(
              "flex flex-1 cursor-pointer items-center justify-center rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors",
              "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-brand-600",
              value === type ? "bg-white text-brand-700 shadow-sm" : "text-slate-700 hover:text-slate-900",
            )}
          >
            <input
              type="radio"
              name="lesson-type"
              value={type}
              checked={value === type}
              onChange={() => onChange(type)}
              className="sr-only"
            />
            {lessonTypeLabel(type)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
