/**
 * The mail feature's front door: what other features may use (services and types only).
 */
export { saveEmailPreferences, storedEmailPreferences } from "./email-preferences";
export type { MailAttachment, MailMessage, Mailer, SendReport } from "./mail.types";
