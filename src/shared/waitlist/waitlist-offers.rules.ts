/**
 * The order and the timing of waitlist offers (issue 44), pure so the job and the tests agree.
 */

/** An entry is matched for this long after it was made or last renewed. */
export const ENTRY_LIFETIME_DAYS = 90;
/** How long a family holds an offer before it passes to the next family (the teacher may change it). */
export const DEFAULT_OFFER_HOLD_MINUTES = 120;
export const OFFER_HOLD_MINUTES = { min: 15, max: 24 * 60 } as const;
/** At most one offer email per family in this time; further offers wait in the app. */
export const OFFER_EMAIL_GAP_MS = 24 * 3600_000;

const DAY_MS = 24 * 3600_000;

export function entryExpiresAt(renewedAt: Date): Date {
  return new Date(renewedAt.getTime() + ENTRY_LIFETIME_DAYS * DAY_MS);
}

export function offerExpiresAt(offeredAt: Date, holdMinutes: number): Date {
  return new Date(offeredAt.getTime() + holdMinutes * 60_000);
}

export interface OfferCandidate {
  entryId: string;
  /** The student holds a make-up credit with the teacher that is still usable. */
  holdsCredit: boolean;
  joinedAt: Date;
}

/**
 * Who is offered a freed time first: families holding a usable make-up credit with the teacher,
 * then everyone in the order they joined (the entry's id breaks a tie, so the order is total).
 */
export function offerOrder<T extends OfferCandidate>(candidates: readonly T[]): T[] {
  return [...candidates].sort(
    (a, b) =>
      Number(b.holdsCredit) - Number(a.holdsCredit) ||
      a.joinedAt.getTime() - b.joinedAt.getTime() ||
      (a.entryId < b.entryId ? -1 : a.entryId > b.entryId ? 1 : 0),
  );
}

/** Whether an offer may also go by email: none went to the family in the last day. */
export function offerEmailDue(lastOfferEmailAt: Date | null, now: Date): boolean {
  return lastOfferEmailAt === null || now.getTime() - lastOfferEmailAt.getTime() >= OFFER_EMAIL_GAP_MS;
}

/** The countdown the banner shows: "1 h 59 min", "12 min", "less than a minute". */
export function holdLeftLabel(expiresAt: Date, now: Date): string {
  const minutes = Math.floor((expiresAt.getTime() - now.getTime()) / 60_000);
  if (minutes < 1) return "less than a minute";
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h} h ${m} min` : `${m} min`;
}
