import { CURRENCY, LESSON_PRICE_MAX_CENTS, type LateCancelCharge } from "./invoices.constants";

/**
 * Money (issue 28): integer cents everywhere, one currency. Nothing here uses floating point on
 * an amount: dollars typed in a form are read digit by digit, halves round down (a family never
 * pays more than the policy says), and every total is a sum of integers.
 */

const wholeDollars = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0, useGrouping: true });

/** "$1,234.50 USD": every amount we show states its currency. */
export function formatMoney(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  const whole = Math.trunc(abs / 100);
  const rest = String(abs % 100).padStart(2, "0");
  return `${sign}$${wholeDollars.format(whole)}.${rest} ${CURRENCY}`;
}

/** "1234.50": an amount as a form shows it for editing (no sign, no currency). */
export function centsToDollarsText(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

const DOLLARS = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;

/** "60", "60.5", "$1,000.00" → cents; null when it is not an amount in dollars and cents. */
export function parseDollars(text: string): number | null {
  const match = DOLLARS.exec(text.trim());
  if (!match) return null;
  const whole = Number(match[1]!.replaceAll(",", ""));
  const fraction = match[2] ? Number(match[2].padEnd(2, "0")) : 0;
  const cents = whole * 100 + fraction;
  return Number.isSafeInteger(cents) ? cents : null;
}

/** The sum of integer amounts (a total is always the sum of its lines). */
export function sumCents(amounts: readonly number[]): number {
  let total = 0;
  for (const amount of amounts) total += amount;
  return total;
}

/** A line's amount: quantity times unit price, in cents. */
export function lineAmount(quantity: number, unitCents: number): number {
  return quantity * unitCents;
}

/**
 * What a late cancellation by the family costs under the teacher's policy at the time: nothing,
 * half the lesson's price (rounded down to the cent) or all of it.
 */
export function lateCancelChargeCents(priceCents: number, policy: LateCancelCharge): number {
  if (policy === "full") return priceCents;
  if (policy === "half") return Math.floor(priceCents / 2);
  return 0;
}

export const LATE_CANCEL_CHARGE_LABELS: Record<LateCancelCharge, string> = {
  none: "Not charged",
  half: "Half the lesson's price",
  full: "The full lesson price",
};

/** The price a teacher is offered when accepting: the family's last agreed price, else the low end of the range. */
export function suggestedLessonPrice(input: { lastAgreedCents: number | null; hourlyRateMin: number; minutes: number }): number {
  if (input.lastAgreedCents !== null) return input.lastAgreedCents;
  // Whole dollars times minutes, divided once: exact for every whole-minute length of an hour.
  return Math.min(LESSON_PRICE_MAX_CENTS, Math.floor((input.hourlyRateMin * 100 * input.minutes) / 60));
}

const hours = (n: number) => `${n} h`;

/**
 * Why a late cancellation is charged, as its invoice line cites it: "Cancelled 20 h before; the
 * policy charges cancellations within 24 h (half price)". Hours before are whole hours, rounded
 * down (a cancellation 23 h 59 min before is "23 h before").
 */
export function lateCancelReason(input: { cancelledAt: Date; startsAt: Date; noticeHours: number; chargeCents: number; priceCents: number }): string {
  const before = Math.max(0, Math.floor((input.startsAt.getTime() - input.cancelledAt.getTime()) / 3_600_000));
  const share = input.chargeCents >= input.priceCents ? "full price" : "half price";
  return `Cancelled ${hours(before)} before; the policy charges cancellations within ${hours(input.noticeHours)} (${share})`;
}
