/**
 * Make-up credit ledger. A credit is issued when a lesson is cancelled with credit, used when a
 * make-up lesson is booked with it, and expires CREDIT_LIFETIME_DAYS after issue. Days are fixed
 * 24-hour days from the issue instant, so the expiry is the same in every zone and on server and
 * browser alike.
 */

export const CREDIT_LIFETIME_DAYS = 120;

/** The steps of a credit's history (issue 26), stored in make_up_credit_events. */
export const CREDIT_EVENT_KINDS = ["issued", "spent", "returned", "voided"] as const;
export type CreditEventKind = (typeof CREDIT_EVENT_KINDS)[number];
/** Why a spent credit came back to the family, or was voided (teacher_left). */
export const CREDIT_RETURN_REASONS = ["declined", "withdrawn", "expired", "teacher_cancelled", "teacher_left"] as const;
export type CreditReturnReason = (typeof CREDIT_RETURN_REASONS)[number];
const DAY_MS = 86_400_000;

export interface MakeUpCredit {
  id: string;
  issuedAt: Date;
  /** When a booking used it; null while unused. */
  usedAt: Date | null;
}

export type CreditStatus = "available" | "used" | "expired";

export interface CreditSummary {
  issued: number;
  used: number;
  expired: number;
  available: number;
}

/** The instant a credit stops being usable (it is expired from this instant on). */
export function creditExpiresAt(issuedAt: Date): Date {
  return new Date(issuedAt.getTime() + CREDIT_LIFETIME_DAYS * DAY_MS);
}

/**
 * A credit's state at `now`. Used wins over expired: a credit used before it expired stays "used".
 * A use dated after `now` (not yet happened from this point of view) is ignored.
 */
export function creditStatus(credit: MakeUpCredit, now: Date): CreditStatus {
  if (credit.usedAt && credit.usedAt <= now) return "used";
  return now < creditExpiresAt(credit.issuedAt) ? "available" : "expired";
}

/** Credits issued by `now` (a ledger may hold future-dated rows in tests and replays). */
function issuedBy(ledger: readonly MakeUpCredit[], now: Date): MakeUpCredit[] {
  return ledger.filter((credit) => credit.issuedAt <= now);
}

function oldestFirst(a: MakeUpCredit, b: MakeUpCredit): number {
  return a.issuedAt.getTime() - b.issuedAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Usable credits at `now`, oldest (soonest to expire) first. */
export function availableCredits(ledger: readonly MakeUpCredit[], now: Date): MakeUpCredit[] {
  return issuedBy(ledger, now)
    .filter((credit) => creditStatus(credit, now) === "available")
    .sort(oldestFirst);
}

/** Counts for the credits panel: issued = used + expired + available. */
export function creditSummary(ledger: readonly MakeUpCredit[], now: Date): CreditSummary {
  const summary: CreditSummary = { issued: 0, used: 0, expired: 0, available: 0 };
  for (const credit of issuedBy(ledger, now)) {
    summary.issued++;
    summary[creditStatus(credit, now)]++;
  }
  return summary;
}

/** The credit a make-up booking uses: the oldest unexpired one, so none expires while a newer is spent. */
export function creditToUse(ledger: readonly MakeUpCredit[], now: Date): MakeUpCredit | null {
  return availableCredits(ledger, now)[0] ?? null;
}
