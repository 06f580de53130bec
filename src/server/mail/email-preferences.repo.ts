import { sql, type SQL } from "drizzle-orm";
import { DEFAULT_EMAIL_PREFERENCES, type EmailPreferences, type EmailPreferencesUpdate } from "../../shared/accounts/email-preferences";
import { storedToToggles } from "../../shared/accounts/notification-preferences";
import type { CommunicationChannel } from "../../shared/accounts/accounts.constants";
import type { Executor } from "../db/client";
import { queryRows } from "../db/client";
import { emailPreferences } from "../db/schema";

const columns = {
  booking: emailPreferences.booking,
  reminders: emailPreferences.reminders,
  messages: emailPreferences.messages,
  weekly: emailPreferences.weekly,
};

/** One statement, so two saves at once never lose a switch the other did not send. */
export async function saveEmailPreferences(db: Executor, userId: string, patch: EmailPreferencesUpdate): Promise<EmailPreferences> {
  const [row] = await db
    .insert(emailPreferences)
    .values({ userId, ...DEFAULT_EMAIL_PREFERENCES, ...patch })
    .onConflictDoUpdate({ target: emailPreferences.userId, set: { ...patch, updatedAt: sql`now()` } })
    .returning(columns);
  return row!;
}

/** What the mailer needs to decide: the recipient's switches, and a parent's "Email notifications". */
export interface RecipientPreferences {
  preferences: EmailPreferences;
  emailOn: boolean;
}

/**
 * The preferences of the account an address belongs to, or null for an address that is nobody's
 * account (an operator's invite, a test address): such mail is always sent.
 */
export function recipientPreferences(db: Executor, address: string): Promise<RecipientPreferences | null> {
  return preferencesWhere(db, sql`u.email = ${address}`);
}

/** The signed-in account's own (its settings page). */
export async function accountPreferences(db: Executor, userId: string): Promise<RecipientPreferences> {
  return (await preferencesWhere(db, sql`u.id = ${userId}`))!;
}

/** The switches (the defaults without a stored row) and a parent's Email notifications, of one account. */
async function preferencesWhere(db: Executor, where: SQL): Promise<RecipientPreferences | null> {
  const [row] = await queryRows<{
    booking: boolean | null;
    reminders: boolean | null;
    messages: boolean | null;
    weekly: boolean | null;
    wantsNotifications: boolean | null;
    preferredCommunication: string | null;
  }>(
    db,
    sql`select ep.booking, ep.reminders, ep.messages, ep.weekly,
               p.wants_notifications as "wantsNotifications", p.preferred_communication as "preferredCommunication"
          from "user" u
          left join email_preferences ep on ep.user_id = u.id
          left join parent_profiles p on p.user_id = u.id
         where ${where}`,
  );
  if (!row) return null;
  const { booking, reminders, messages, weekly, wantsNotifications, preferredCommunication } = row;
  return {
    // No stored row: the defaults of a new account.
    preferences: booking === null ? { ...DEFAULT_EMAIL_PREFERENCES } : { booking, reminders: reminders!, messages: messages!, weekly: weekly! },
    // A parent's "Email notifications" switch; an account without a parent profile has none (on).
    emailOn:
      wantsNotifications === null ||
      storedToToggles({ wantsNotifications, preferredCommunication: preferredCommunication as CommunicationChannel }).email,
  };
}
