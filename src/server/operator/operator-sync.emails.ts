import type { MailMessage } from "../mail";

/** The first email of a new operator account (OPERATOR_EMAILS): a link to choose its password. */
export function operatorPasswordEmail(to: string, url: string, hours: number): MailMessage {
  return {
    to,
    kind: "operator-set-password",
    subject: "Set your password",
    text: `Hello,\n\nAn operator account of the Music Lessons desk was created for this address. To choose your password, open:\n\n${url}\n\nThe link works for ${hours} hours. Then sign in at the operator desk. If you did not expect this email, tell the person who runs Music Lessons.\n`,
  };
}
