import type { MailMessage } from "../mail";

/**
 * Issue 41: a teacher who finishes the application hears that it arrived, what happens next (the
 * desk reviews it before families can find them; the decision comes by email) and where to ask.
 */
export function applicationReceivedEmail(input: { to: string; firstName: string; publicUrl: string; supportEmail: string }): MailMessage {
  const dashboard = `${input.publicUrl.replace(/\/$/, "")}/teacher-landing`;
  return {
    to: input.to,
    kind: "application-received",
    subject: "We received your teacher application",
    text:
      `Hi ${input.firstName},\n\nThank you for applying to teach on Music Lessons. Your application has arrived.\n\n` +
      `What happens next: our team reviews every application before families can find a teacher in search. ` +
      `We will email you the decision; you can follow it on your dashboard, and finish your profile there meanwhile:\n\n${dashboard}\n\n` +
      `Questions about your application? Write to ${input.supportEmail}.\n`,
  };
}
