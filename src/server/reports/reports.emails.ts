import type { MailMessage } from "../mail";

/** The warning an operator sends to a reported account, with the operator's reason in plain words. */
export function warningEmail(to: { email: string; firstName: string | null }, reason: string, supportEmail: string): MailMessage {
  return {
    to: to.email,
    kind: "operator-warning",
    subject: "A warning about your Music Lessons account",
    text: `Hi ${to.firstName ?? "there"},\n\nOur team looked at a report about your account and is sending you this warning:\n\n${reason
      .split("\n")
      .map((line) => `> ${line}`)
      .join("\n")}\n\nPlease follow our community rules: be respectful and keep lessons safe for children. If it happens again, we may suspend your account.\n\nIf you think this is a mistake, write to ${supportEmail}.\n`,
  };
}
