import type { EmailPreferencesUpdate } from "../../shared/accounts/email-preferences";
import type { Executor } from "../db/client";
import * as repo from "./email-preferences.repo";

/**
 * The mailer owns where the email settings are stored, since it reads them for every notification
 * (mailer.ts); the settings page (accounts) and the weekly preview (digest) read and write them here.
 */

/** The account's switches as stored (both sides): a feature explains a refusal with them before the mailer would drop an email. */
export function storedEmailPreferences(db: Executor, userId: string) {
  return repo.accountPreferences(db, userId);
}

export function saveEmailPreferences(db: Executor, userId: string, patch: EmailPreferencesUpdate) {
  return repo.saveEmailPreferences(db, userId, patch);
}
