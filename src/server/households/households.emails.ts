import { formatLessonTime } from "../../shared/booking/booking.rules";
import { INVITATION_VALID_DAYS } from "../../shared/households/households.rules";
import type { MailMessage } from "../mail";

export const INVITATION_EMAIL_KIND = "household-invitation";
export const REMOVED_EMAIL_KIND = "household-removed";

/**
 * Issue 45: the invitation (to an address that may have no account yet: never governed by email
 * settings). The secret travels in the link's fragment, which browsers do not send to servers or
 * in Referer headers: it never reaches a log line.
 */
export function householdInvitationEmail(
  publicUrl: string,
  invitation: { to: string; inviterName: string; householdName: string; token: string; expiresAt: Date; inviterTimeZone: string },
): MailMessage {
  const link = `${publicUrl}/household/join#${invitation.token}`;
  return {
    to: invitation.to,
    kind: INVITATION_EMAIL_KIND,
    subject: `${invitation.inviterName} invited you to join ${invitation.householdName} on Music Lessons`,
    text:
      `Hello,\n\n${invitation.inviterName} invited you to join ${invitation.householdName} on Music Lessons as a guardian. ` +
      `Guardians of a household share its children, lessons, requests, invoices and practice, each with their own login ` +
      `and time zone, and its conversations with teachers: every guardian reads every message, and sees who wrote it. ` +
      `Each guardian gets the family's emails about requests, lessons and reminders and the weekly digest ` +
      `in their own time zone, as their own email settings choose.\n\nTo accept (or refuse), open:\n\n${link}\n\n` +
      `You can create your login there, or sign in with a parent account that uses this address. ` +
      `The link works once, for ${INVITATION_VALID_DAYS} days (until ${formatLessonTime(invitation.expiresAt, invitation.inviterTimeZone)}). ` +
      `If you do not know ${invitation.inviterName}, you can ignore this email.\n`,
  };
}

/** To a guardian another guardian took out of the household. */
export function removedFromHouseholdEmail(
  publicUrl: string,
  removed: { to: string; firstName: string; householdName: string; removedByName: string },
): MailMessage {
  return {
    to: removed.to,
    kind: REMOVED_EMAIL_KIND,
    subject: `You are no longer a guardian of ${removed.householdName}`,
    text:
      `Hi ${removed.firstName},\n\n${removed.removedByName} removed you from ${removed.householdName} on Music Lessons. ` +
      `You no longer see its children, lessons, requests or invoices. Your login stays yours: ${publicUrl}/dashboard\n\n` +
      `If this is a mistake, ask them to invite you again.\n`,
  };
}
