import type { MailMessage } from "../mail";

/**
 * The suspended account's own email (issue 41): what happened, the desk's reason, what it means
 * (for a teacher: no listing, the families' lessons ahead cancelled and the families told), and
 * whom to write to. The only email a suspended account still gets: it is about the suspension.
 */
export function accountSuspendedEmail(input: {
  to: string;
  name: string;
  reason: string;
  supportEmail: string;
  /** The teacher's requests and lessons ahead that were cancelled; null for an account that does not teach. */
  cancelledLessons: number | null;
}): MailMessage {
  const teaching =
    input.cancelledLessons === null
      ? ""
      : `Families can no longer find you or book you. ` +
        (input.cancelledLessons === 0
          ? `You had no lessons or requests ahead.\n\n`
          : `Your ${input.cancelledLessons === 1 ? "lesson or request" : `${input.cancelledLessons} lessons and requests`} ahead ${input.cancelledLessons === 1 ? "is" : "are"} cancelled, and the families were told that you can no longer teach on Music Lessons.\n\n`);
  return {
    to: input.to,
    kind: "account-suspended",
    subject: "Your Music Lessons account is suspended",
    text:
      `Hi ${input.name},\n\nOur team has suspended your account on Music Lessons, so you can no longer sign in. The reason:\n\n` +
      `${input.reason}\n\n${teaching}If you think this is a mistake, write to ${input.supportEmail}.\n`,
  };
}
