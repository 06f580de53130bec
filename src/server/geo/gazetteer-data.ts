/** The shipped gazetteer's shape (us-places.json.gz), shared by its generator and its reader. */
import { gunzipSync, gzipSync } from "node:zlib";

/** `${normalisedCity}|${STATE}`, lat, lon, label, population (0: unknown to GeoNames), ZIP count. */
export type CityRow = [key: string, lat: number, lon: number, label: string, population: number, zipCount: number];
/** ZIP, lat, lon, "City, ST". */
export type ZipRow = [zip: string, lat: number, lon: number, label: string];

export interface GazetteerData {
  cities: CityRow[];
  zips: ZipRow[];
  /** Full state name (as written by `zipcodes`) and its abbreviation, for states that have places. */
  states: Array<[name: string, abbreviation: string]>;
}

/** Lower case, no punctuation, "St."/"Ft."/"Mt." spelled out, single spaces. */
export function normaliseCity(text: string): string {
  return text
    .toLowerCase()
    .replace(/[.'’]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .replace(/^st /, "saint ")
    .replace(/^ft /, "fort ")
    .replace(/^mt /, "mount ");
}


/** The file's bytes: JSON, gzip at the highest level (the same data always gives the same bytes). */
export function encodeGazetteer(data: GazetteerData): Buffer {
  return gzipSync(JSON.stringify(data), { level: 9 });
}

export function decodeGazetteer(bytes: Buffer): GazetteerData {
  return JSON.parse(gunzipSync(bytes).toString("utf8")) as GazetteerData;
}
