import type { MailMessage } from "../mail/mail.types";

/** Plain, short emails; every link is absolute so it works from any mail client. */
export function verificationEmail(to: string, name: string, url: string): MailMessage {
  return {
    to,
    kind: "verification",
    subject: "Confirm your email address",
    text: `Hi ${name},\n\nPlease confirm your email address to start using Music Lessons:\n\n${url}\n\nIf you did not create an account, you can ignore this email.\n`,
  };
}

export function passwordResetEmail(to: string, name: string, url: string): MailMessage {
  return {
    to,
    kind: "password-reset",
    subject: "Reset your password",
    text: `Hi ${name},\n\nSomeone asked to reset the password of your Music Lessons account. To choose a new password, open:\n\n${url}\n\nThe link works for one hour. If it was not you, ignore this email: your password stays the same.\n`,
  };
}
