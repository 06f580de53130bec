/**
 * Issue 45: the pure rules of a household. A household is its founder's parent profile; other
 * guardians join it by an invitation (a link valid 7 days, one use).
 */

export const INVITATION_VALID_DAYS = 7;
/** Guardians a household may have, founder included (two homes, grandparents: room enough). */
export const MAX_GUARDIANS = 6;
/** Invitations waiting for an answer at once; a new one to the same address replaces the old. */
export const MAX_PENDING_INVITATIONS = 5;

export type InvitationStatus = "pending" | "accepted" | "refused" | "revoked" | "expired";

export interface InvitationState {
  expiresAt: Date;
  acceptedAt: Date | null;
  refusedAt: Date | null;
  revokedAt: Date | null;
}

export function invitationExpiry(createdAt: Date): Date {
  return new Date(createdAt.getTime() + INVITATION_VALID_DAYS * 24 * 3600_000);
}

/** An answer (accepted, refused, revoked) is final; otherwise the link lapses at its expiry. */
export function invitationStatus(invitation: InvitationState, now: Date): InvitationStatus {
  if (invitation.acceptedAt) return "accepted";
  if (invitation.refusedAt) return "refused";
  if (invitation.revokedAt) return "revoked";
  return now.getTime() < invitation.expiresAt.getTime() ? "pending" : "expired";
}

/** Why an invitation can no longer be used, said so the invitee knows what to do next. */
export function invitationClosedMessage(status: Exclude<InvitationStatus, "pending">, inviterName: string | null): string {
  const who = inviterName ?? "the guardian who invited you";
  switch (status) {
    case "accepted":
      return "This invitation was already used. Each link joins one person once; sign in to see your household.";
    case "refused":
      return `This invitation was refused. If that was a mistake, ask ${who} to send a new one.`;
    case "revoked":
      return `This invitation was withdrawn. Ask ${who} to send a new one if you should join.`;
    case "expired":
      return `This invitation has expired (links work for ${INVITATION_VALID_DAYS} days). Ask ${who} to send a new one.`;
  }
}

export interface GuardianPlace {
  guardianId: string;
  /** The household's founder: their profile is the household. */
  isFounder: boolean;
  invitedBy: string | null;
}

/**
 * Who may take a guardian out of the household: the founder may remove anyone else, a guardian
 * the people they invited; nobody removes themselves this way (that is leaving), and the founder
 * is never removed, so a household always keeps a guardian who can act.
 */
export function canRemoveGuardian(actor: GuardianPlace, target: GuardianPlace): boolean {
  if (actor.guardianId === target.guardianId || target.isFounder) return false;
  return actor.isFounder || target.invitedBy === actor.guardianId;
}

/**
 * Leaving: any guardian but the founder, whose profile is the household (its students, lessons
 * and invoices hang off it): they stay while others remain, and their account's deletion is the
 * household's closing, once they are the last.
 */
export function canLeave(actor: GuardianPlace): boolean {
  return !actor.isFounder;
}
