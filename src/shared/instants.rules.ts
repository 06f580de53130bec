/**
 * Dates and times a request may name. A syntactically fine ISO date-time can still name no real
 * moment ("2026-02-30", month 13, which JavaScript rolls over and PostgreSQL refuses) or one no
 * lesson, message or calendar of this product can have (year 0000, which PostgreSQL refuses, or
 * 9999, past which a weekly series cannot even be expanded). Those are refused at the schema, as
 * a 400, before they reach the date maths or SQL.
 */
import { isLocalDate } from "./calendar/calendar-views.rules";

export const EARLIEST_YEAR = 2000;
export const LATEST_YEAR = 2999;

const DATE_PART = /^(\d{4})-(\d{2})-(\d{2})/;

/** A day that exists in the Gregorian calendar (calendar-views' isLocalDate), in the product's years. */
export function isRealDay(year: number, month: number, day: number): boolean {
  const date = `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  return year >= EARLIEST_YEAR && year <= LATEST_YEAR && isLocalDate(date);
}

/** An ISO date or date-time (already of the right shape) whose date part is a real day in the product's years. */
export function isRealInstant(value: string): boolean {
  const match = DATE_PART.exec(value);
  return Boolean(match) && isRealDay(Number(match![1]), Number(match![2]), Number(match![3]));
}

export const NOT_A_REAL_TIME_MESSAGE = `Choose a real date between ${EARLIEST_YEAR} and ${LATEST_YEAR}`;
