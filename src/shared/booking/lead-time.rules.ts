import { z } from "zod";
import { LEAD_HOURS } from "./booking.constants";

/**
 * The teacher's lead time (issue 26): how soon before a start they take requests. A time that
 * starts sooner than now + lead is neither offered in the calendar nor accepted by the server (a
 * new request, a week of a series, a moved lesson), so nobody books 6:00 PM at 5:55 PM and then
 * waits for an answer that cannot come in time. 0 means any time after now.
 */

export const LEAD_HOURS_MESSAGE = `Booking lead time must be a whole number of hours from ${LEAD_HOURS.min} to ${LEAD_HOURS.max}`;

export const leadHoursSchema = z
  .number({ error: LEAD_HOURS_MESSAGE })
  .int(LEAD_HOURS_MESSAGE)
  .min(LEAD_HOURS.min, LEAD_HOURS_MESSAGE)
  .max(LEAD_HOURS.max, LEAD_HOURS_MESSAGE);

const HOUR_MS = 3_600_000;

/** The earliest instant a lesson may start when asked for at `now`: exactly now + lead is fine. */
export function earliestBookableStart(now: Date, leadHours: number): Date {
  return new Date(now.getTime() + leadHours * HOUR_MS);
}

/** Whether a start (after now) is sooner than the teacher's lead time allows. */
export function isTooSoon(startsAt: Date, now: Date, leadHours: number): boolean {
  return startsAt.getTime() < earliestBookableStart(now, leadHours).getTime();
}

const hours = (n: number) => `${n} ${n === 1 ? "hour" : "hours"}`;

/** The server's refusal of a time inside the lead time, naming it. */
export function tooSoonMessage(leadHours: number): string {
  return `The teacher takes requests at least ${hours(leadHours)} ahead. Please choose a later time.`;
}

/** What the booking panel says under the times; nothing when every time after now is offered. */
export function leadTimeNotice(leadHours: number): string | null {
  return leadHours > 0 ? `Times within ${hours(leadHours)} are not offered` : null;
}

/** Why one chosen time was refused, as the panel lists it ("less than 12 hours from now"). */
export function tooSoonReason(leadHours: number): string {
  return `less than ${hours(leadHours)} from now`;
}
