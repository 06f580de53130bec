/**
 * Make-up credit ledger. A credit is issued when a lesson is cancelled with credit, spent when a
 * make-up lesson is requested with it, returned to the family when that request is declined,
 * withdrawn or expires unanswered, or when the teacher cancels the lesson it paid for (it can then
 * be spent again), and voided when its teacher leaves. It expires CREDIT_LIFETIME_DAYS after issue
 * whatever happened in between. Days are fixed 24-hour days from the issue instant, so the expiry
 * is the same in every zone and on server and browser alike.
 */

export const CREDIT_LIFETIME_DAYS = 120;

/** The steps of a credit's history (issue 26), stored in make_up_credit_events. */
export const CREDIT_EVENT_KINDS = ["issued", "spent", "returned", "voided"] as const;
export type CreditEventKind = (typeof CREDIT_EVENT_KINDS)[number];
/** Why a spent credit came back to the family, or was voided (teacher_left). */
export const CREDIT_RETURN_REASONS = ["declined", "withdrawn", "expired", "teacher_cancelled", "teacher_left"] as const;
export type CreditReturnReason = (typeof CREDIT_RETURN_REASONS)[number];
const DAY_MS = 86_400_000;

/**
 * Where a credit stands: the kind of its last step. "issued" and "returned" can be spent;
 * "spent" pays for a request or lesson; "voided" is final.
 */
export type CreditState = CreditEventKind;

/** A change asked of a credit; `return` names why it comes back. */
export type CreditChange = { kind: "spend" } | { kind: "return"; reason: CreditReturnReason } | { kind: "void" };

export type CreditTransition =
  | { ok: true; state: CreditState; event: { kind: CreditEventKind; reason: CreditReturnReason | null } }
  | { ok: false; message: string };

export const CREDIT_ALREADY_SPENT_MESSAGE = "This make-up credit is already paying for another request or lesson.";
export const CREDIT_NOT_SPENT_MESSAGE = "This make-up credit is not paying for anything, so there is nothing to give back.";
export const CREDIT_VOIDED_MESSAGE = "This make-up credit was voided: its teacher can no longer teach on Music Lessons.";
export const CREDIT_USED_MESSAGE = "This make-up credit paid for a lesson, so it stays used.";

/**
 * The credit state machine: issued → spent (on a request) → returned (request declined,
 * withdrawn or expired, or the lesson cancelled by the teacher) → spent again …; issued or
 * returned → voided (the teacher left). Anything else is refused, so a credit is never returned
 * or voided twice and never spent while it pays for something else. A spent credit is not voided:
 * it paid for a lesson (a request still pending when the teacher leaves is returned first).
 */
export function creditTransition(state: CreditState, change: CreditChange): CreditTransition {
  if (state === "voided") return { ok: false, message: CREDIT_VOIDED_MESSAGE };
  switch (change.kind) {
    case "spend":
      return state === "spent" ? { ok: false, message: CREDIT_ALREADY_SPENT_MESSAGE } : { ok: true, state: "spent", event: { kind: "spent", reason: null } };
    case "return":
      return state === "spent"
        ? { ok: true, state: "returned", event: { kind: "returned", reason: change.reason } }
        : { ok: false, message: CREDIT_NOT_SPENT_MESSAGE };
    case "void":
      return state === "spent" ? { ok: false, message: CREDIT_USED_MESSAGE } : { ok: true, state: "voided", event: { kind: "voided", reason: "teacher_left" } };
  }
}

/**
 * The state a stored history leads to, or null when it is not a history the state machine can
 * produce (it must start with "issued", and each later step must be allowed where it stands).
 */
export function creditStateAfter(history: readonly { kind: CreditEventKind; reason?: CreditReturnReason | null }[]): CreditState | null {
  if (history[0]?.kind !== "issued") return null;
  let state: CreditState = "issued";
  for (const step of history.slice(1)) {
    const change: CreditChange | null =
      step.kind === "spent" ? { kind: "spend" } : step.kind === "returned" ? { kind: "return", reason: step.reason ?? "declined" } : step.kind === "voided" ? { kind: "void" } : null;
    if (!change) return null;
    const next = creditTransition(state, change);
    if (!next.ok) return null;
    state = next.state;
  }
  return state;
}

/** How each step reads in a credit's history (the family's credits panel, the teacher's students page). */
export const CREDIT_STEP_LABELS: Record<CreditEventKind, string> = {
  issued: "Issued",
  spent: "Used to ask for a make-up lesson",
  returned: "Given back",
  voided: "Voided",
};

export const CREDIT_REASON_LABELS: Record<CreditReturnReason, string> = {
  declined: "the teacher declined the request",
  withdrawn: "the request was withdrawn",
  expired: "the request expired without an answer",
  teacher_cancelled: "the teacher cancelled the lesson",
  // Suspended by the desk or closed their account (issue 41): either way the credit can never be used.
  teacher_left: "the teacher can no longer teach on Music Lessons",
};

export interface MakeUpCredit {
  id: string;
  issuedAt: Date;
  /** When a booking used it; null while unused. */
  usedAt: Date | null;
  /** When it was voided (its teacher left); null or absent while it is not. */
  voidedAt?: Date | null;
}

export type CreditStatus = "available" | "used" | "expired" | "voided";

export interface CreditSummary {
  issued: number;
  used: number;
  expired: number;
  voided: number;
  available: number;
}

/** The instant a credit stops being usable (it is expired from this instant on). */
export function creditExpiresAt(issuedAt: Date): Date {
  return new Date(issuedAt.getTime() + CREDIT_LIFETIME_DAYS * DAY_MS);
}

/**
 * A credit's state at `now`. Voided wins (it can never be used again), then used over expired: a
 * credit used before it expired stays "used". A use or void dated after `now` (not yet happened
 * from this point of view) is ignored.
 */
export function creditStatus(credit: MakeUpCredit, now: Date): CreditStatus {
  if (credit.voidedAt && credit.voidedAt <= now) return "voided";
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

/** Counts for the credits panel: issued = used + expired + voided + available. */
export function creditSummary(ledger: readonly MakeUpCredit[], now: Date): CreditSummary {
  const summary: CreditSummary = { issued: 0, used: 0, expired: 0, voided: 0, available: 0 };
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
