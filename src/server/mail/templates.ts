import type { MailMessage } from "./mailer";

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

/** The first email of a new operator account (OPERATOR_EMAILS): a link to choose its password. */
export function operatorPasswordEmail(to: string, url: string, hours: number): MailMessage {
  return {
    to,
    kind: "operator-set-password",
    subject: "Set your password",
    text: `Hello,\n\nAn operator account of the Music Lessons desk was created for this address. To choose your password, open:\n\n${url}\n\nThe link works for ${hours} hours. Then sign in at the operator desk. If you did not expect this email, tell the person who runs Music Lessons.\n`,
  };
}
