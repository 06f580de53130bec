import type { MailMessage } from "../mail";

/**
 * The three decisions on a teacher's application (issue 27), in plain words. Each names the next
 * step, and the dashboard link where it is taken.
 */
interface DecisionMailContext {
  to: string;
  firstName: string;
  publicUrl: string;
  /** The operator's words: the changes asked for, or the reason of a rejection. */
  reason: string;
}

const dashboardLink = (publicUrl: string) => `${publicUrl.replace(/\/$/, "")}/teacher-landing`;

export function applicationApprovedEmail({ to, firstName, publicUrl }: Omit<DecisionMailContext, "reason">): MailMessage {
  return {
    to,
    kind: "application-approved",
    subject: "Your teacher application is approved",
    text:
      `Hi ${firstName},\n\nGood news: our team has reviewed your application and approved it.\n\n` +
      `You can now turn on "Discoverable in search" on your dashboard, so families can find you and request lessons:\n\n` +
      `${dashboardLink(publicUrl)}\n`,
  };
}

export function applicationChangesRequestedEmail({ to, firstName, publicUrl, reason }: DecisionMailContext): MailMessage {
  return {
    to,
    kind: "application-changes-requested",
    subject: "Your teacher application needs a few changes",
    text:
      `Hi ${firstName},\n\nOur team has reviewed your application and asks for these changes before families can find you:\n\n` +
      `${reason}\n\n` +
      `Make them in Settings, then press "Resubmit for review" on your dashboard:\n\n${dashboardLink(publicUrl)}\n`,
  };
}

export function applicationRejectedEmail({ to, firstName, publicUrl, reason, supportEmail }: DecisionMailContext & { supportEmail: string }): MailMessage {
  return {
    to,
    kind: "application-rejected",
    subject: "Your teacher application was not approved",
    text:
      `Hi ${firstName},\n\nOur team has reviewed your application and could not approve it, so families will not find you in search. The reason:\n\n` +
      `${reason}\n\n` +
      `Your account stays open, and you can still sign in:\n\n${dashboardLink(publicUrl)}\n\nIf you have questions, write to ${supportEmail}.\n`,
  };
}
