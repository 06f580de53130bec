import { useId, useState, type FormEvent } from "react";
import { useNavigate, useNavigation } from "react-router";
import { MapPin, Music, Search } from "lucide-react";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { findTeachersUrl } from "./find-teachers-url";

// The search page's code, fetched as soon as the visitor starts on the form (focus in it, a pointer
// over or a touch on Search), so the tap's navigation does not wait for it.
const preloadSearchPage = () => void import("../search/find-teachers-page");

/**
 * Instrument + location search; a real form, so Enter in either field submits. Its action is the
 * search page and its fields are the page's parameters: a search sent before the app has loaded
 * (a tap on a slow phone) is a plain GET the server answers, never lost (issue 43).
 */
export function HeroSearch() {
  const navigate = useNavigate();
  // The tap answers at once: Search says it is searching while the search page loads.
  const searching = useNavigation().location?.pathname === "/find-teachers";
  const [instrument, setInstrument] = useState("");
  const [location, setLocation] = useState("");
  const instrumentId = useId();
  const locationId = useId();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void navigate(findTeachersUrl(instrument, location));
  }

  return (
    <form
      role="search"
      aria-label="Find a music teacher"
      action="/find-teachers"
      method="get"
      onSubmit={onSubmit}
      onFocus={preloadSearchPage}
      className="rounded-2xl bg-white p-4 shadow-lg shadow-brand-600/10 ring-1 ring-slate-200 sm:p-5"
    >
      <div className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <div className="space-y-1.5">
          <label htmlFor={instrumentId} className="block text-sm font-medium text-slate-800">
            Instrument
          </label>
          <div className="relative">
            <Music aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500" />
            <Input
              id={instrumentId}
              name="instrument"
              value={instrument}
              onChange={(event) => setInstrument(event.target.value)}
              placeholder="Piano, guitar, violin…"
              autoComplete="off"
              fieldSize="lg"
              textSize="base"
              className="pl-10"
            />
          </div>
        </div>
        <div className="space-y-1.5">
          <label htmlFor={locationId} className="block text-sm font-medium text-slate-800">
            Location
          </label>
          <div className="relative">
            <MapPin aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500" />
            <Input
              id={locationId}
              name="location"
              value={location}
              onChange={(event) => setLocation(event.target.value)}
              placeholder="City, State or ZIP"
              fieldSize="lg"
              textSize="base"
              className="pl-10"
            />
          </div>
        </div>
        <Button type="submit" size="lg" className="w-full sm:w-auto" aria-busy={searching} onPointerEnter={preloadSearchPage} onTouchStart={preloadSearchPage}>
          <Search aria-hidden="true" className={searching ? "size-5 animate-pulse motion-reduce:animate-none" : "size-5"} />
          Search
        </Button>
      </div>
    </form>
  );
}
