import { LOCATION_MAX_LENGTH, RATING_OPTIONS, type RatingOption } from "./search.constants";

// How a search's query values read, without zod: the API's schema (search.schemas.ts) is built on
// these, and /find-teachers reads its URL with them on first load, before zod is loaded.

/** A blank query value ("?instrument=") means the filter is not set. */
export const blankToUndefined = (value: string | undefined) => (value === undefined || value.trim() === "" ? undefined : value);

/** "4", "4.00" and "4.0" are the same choice. */
export const normaliseRating = (value: string | undefined) => {
  if (value === undefined || value === "any") return value;
  const number = Number(value);
  return value.trim() !== "" && Number.isFinite(number) ? number.toFixed(1) : value;
};

/** A typed place: spaces trimmed and collapsed; blank is no place. */
export const normaliseLocation = (value: string | undefined) => value?.trim().replace(/\s+/g, " ") || undefined;

/** One of `values`, or undefined when the value is blank or not one of them (the API refuses those). */
export function choiceOf<const Values extends readonly string[]>(values: Values, value: string | null | undefined): Values[number] | undefined {
  const text = blankToUndefined(value ?? undefined);
  return text !== undefined && (values as readonly string[]).includes(text) ? text : undefined;
}

/** The place of a query, or undefined when there is none or it is too long to be one (the API refuses those). */
export function locationOf(value: string | null | undefined): string | undefined {
  const place = normaliseLocation(value ?? undefined);
  return place !== undefined && place.length <= LOCATION_MAX_LENGTH ? place : undefined;
}

/** The minimum rating of a query ("4" reads as "4.0"), or undefined when it is none of the choices. */
export function ratingOf(value: string | null | undefined): RatingOption | undefined {
  return choiceOf(RATING_OPTIONS, normaliseRating(blankToUndefined(value ?? undefined)));
}
