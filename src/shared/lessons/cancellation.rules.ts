import { z } from "zod";
import type { LateCancelCharge } from "../invoices/invoices.constants";
import { lateCancelChargeCents } from "../invoices/money.rules";

/** Default notice a parent must give to cancel with a make-up credit (hours). */
export const DEFAULT_NOTICE_HOURS = 24;
/** Longest notice window a teacher may set: one week. */
export const MAX_NOTICE_HOURS = 168;

export const NOTICE_HOURS_MESSAGE = `Notice must be a whole number of hours from 0 to ${MAX_NOTICE_HOURS}`;
export const LESSON_STARTED_MESSAGE = "This lesson has already started, so it can no longer be cancelled. Record attendance instead.";

/** The teacher's cancellation setting; missing means the default 24 hours. */
export const noticeHoursSchema = z
  .number({ error: NOTICE_HOURS_MESSAGE })
  .int(NOTICE_HOURS_MESSAGE)
  .min(0, NOTICE_HOURS_MESSAGE)
  .max(MAX_NOTICE_HOURS, NOTICE_HOURS_MESSAGE)
  .default(DEFAULT_NOTICE_HOURS);

export const cancellationSettingsSchema = z.object({ noticeHours: noticeHoursSchema });
export type CancellationSettingsInput = z.input<typeof cancellationSettingsSchema>;
export type CancellationSettings = z.output<typeof cancellationSettingsSchema>;

export type CancelledBy = "parent" | "teacher";

export interface CancellationOutcome {
  /** False once the lesson has started: what happened then is attendance, not a cancellation. */
  allowed: boolean;
  /** Cancelled inside the notice window (less than noticeHours before the start). */
  late: boolean;
  /** Whether the student gets a make-up credit. */
  creditIssued: boolean;
  /** Why it is refused, for the 409 message. */
  message?: string;
}

/**
 * Decides a cancellation. A parent cancelling at least `noticeHours` before the start (exactly
 * 24 h counts as on time) gets a make-up credit; later it is a late cancel without credit. A
 * teacher's cancel always gives the student a credit (the student did nothing wrong); `late` still
 * tells whether it came inside the window. From the start instant on, nobody can cancel.
 */
export function cancellationOutcome(input: { by: CancelledBy; startsAt: Date; now: Date; noticeHours: number }): CancellationOutcome {
  const ahead = input.startsAt.getTime() - input.now.getTime();
  if (ahead <= 0) return { allowed: false, late: true, creditIssued: false, message: LESSON_STARTED_MESSAGE };
  const late = ahead < input.noticeHours * 3_600_000;
  return { allowed: true, late, creditIssued: input.by === "teacher" || !late };
}

/** The last instant a parent can cancel with credit: for "Cancel free until …" texts. */
export function freeCancellationUntil(startsAt: Date, noticeHours: number): Date {
  return new Date(startsAt.getTime() - noticeHours * 3_600_000);
}

/**
 * What a cancellation costs the family (issue 28), in cents, or null when nothing is charged. Only
 * a parent's late cancel of an accepted lesson with a price is charged, under the teacher's policy
 * at that moment; a teacher's cancel, a withdrawn request and an on-time cancel never are.
 */
export function cancellationChargeCents(input: {
  by: CancelledBy;
  late: boolean;
  status: string;
  priceCents: number | null;
  policy: LateCancelCharge;
}): number | null {
  if (input.by !== "parent" || !input.late || input.status !== "accepted" || input.priceCents === null) return null;
  const charge = lateCancelChargeCents(input.priceCents, input.policy);
  return charge > 0 ? charge : null;
}
