import { sql } from "drizzle-orm";
import { check, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { parentProfiles } from "./accounts";
import { user } from "./auth";
import { createdAt, id, instant } from "./columns";

/**
 * Issue 45: an adult invited by email into a household (a link valid 7 days, one use). Only the
 * SHA-256 of the link's secret is kept, as for calendar feeds. The invitation ends accepted,
 * refused, revoked or expired; `accepted_by_user_id` is who joined with it.
 */
export const householdInvitations = pgTable(
  "household_invitations",
  {
    id: id(),
    householdId: uuid()
      .notNull()
      .references(() => parentProfiles.id, { onDelete: "cascade" }),
    /** The guardian who sent it; null once they left the household or deleted their account. */
    invitedBy: uuid().references(() => parentProfiles.id, { onDelete: "set null" }),
    /** Normalised (trimmed, lower-cased): only an account with this address can accept. */
    email: text().notNull(),
    tokenHash: text().notNull(),
    createdAt: createdAt(),
    expiresAt: instant().notNull(),
    acceptedAt: instant(),
    acceptedByUserId: text().references(() => user.id, { onDelete: "set null" }),
    refusedAt: instant(),
    revokedAt: instant(),
  },
  (t) => [
    uniqueIndex("household_invitations_token_key").on(t.tokenHash),
    index("household_invitations_household_idx").on(t.householdId, t.createdAt),
    check("household_invitations_email_check", sql`length(${t.email}) between 3 and 254 and ${t.email} = lower(${t.email})`),
    check("household_invitations_expiry_check", sql`${t.expiresAt} > ${t.createdAt}`),
    check(
      "household_invitations_one_end_check",
      sql`num_nonnulls(${t.acceptedAt}, ${t.refusedAt}, ${t.revokedAt}) <= 1`,
    ),
  ],
);
