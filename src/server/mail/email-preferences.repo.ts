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
export async function recipientPreferences(db: Executor, address: string): Promise<RecipientPreferences | null> {
  return [...(await preferencesWhere(db, sql`u.email = ${address}`)).values()][0] ?? null;
}

/** The same for many addresses in one query (a batch of weekly emails); an address of nobody's account is absent. */
export function recipientsPreferences(db: Executor, addresses: readonly string[]): Promise<Map<string, RecipientPreferences>> {
  if (addresses.length === 0) return Promise.resolve(new Map<string, RecipientPreferences>());
  return preferencesWhere(
    db,
    sql`u.email in (${sql.join(
      addresses.map((address) => sql`${address}`),
      sql`, `,
    )})`,
  );
}

/** The signed-in account's own (its settings page). */
export async function accountPreferences(db: Executor, userId: string): Promise<RecipientPreferences> {
  return [...(await preferencesWhere(db, sql`u.id = ${userId}`)).values()][0]!;
}

/** The switches (the defaults without a stored row) and a parent's Email notifications, of the accounts, by email. */
async function preferencesWhere(db: Executor, where: SQL): Promise<Map<string, RecipientPreferences>> {
  const rows = await queryRows<{
    email: string;
    booking: boolean | null;
    reminders: boolean | null;
    messages: boolean | null;
    weekly: boolean | null;
    wantsNotifications: boolean | null;
    preferredCommunication: string | null;
  }>(
    db,
    sql`select u.email, ep.booking, ep.reminders, ep.messages, ep.weekly,
               p.wants_notifications as "wantsNotifications", p.preferred_communication as "preferredCommunication"
          from "user" u
          left join email_preferences ep on ep.user_id = u.id
          left join parent_profiles p on p.user_id = u.id
         where ${where}`,
  );
  return new Map(
    rows.map(({ email, booking, reminders, messages, weekly, wantsNotifications, preferredCommunication }) => [
      email,
      {
        // No stored row: the defaults of a new account.
        preferences: booking === null ? { ...DEFAULT_EMAIL_PREFERENCES } : { booking, reminders: reminders!, messages: messages!, weekly: weekly! },
        // A parent's "Email notifications" switch; an account without a parent profile has none (on).
        emailOn:
          wantsNotifications === null ||
          storedToToggles({ wantsNotifications, preferredCommunication: preferredCommunication as CommunicationChannel }).email,
      },
    ]),
  );
}
