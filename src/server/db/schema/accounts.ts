import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, uuid, type AnyPgColumn } from "drizzle-orm/pg-core";
import { COMMUNICATION_CHANNELS, PARENT_EXPERIENCE_YEARS, RELATIONSHIPS, ROLES } from "../../../shared/accounts/accounts.constants";
import { user } from "./auth";
import { createdAt, id, instant, nonBlank, oneOf } from "./columns";

export const userRoles = pgTable(
  "user_roles",
  {
    userId: text()
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    activeRole: text().notNull(),
    lastSwitched: instant().notNull().defaultNow(),
  },
  (t) => [check("user_roles_active_role_check", oneOf(t.activeRole, ROLES))],
);

export const parentProfiles = pgTable(
  "parent_profiles",
  {
    id: id(),
    userId: text()
      .notNull()
      .unique()
      .references(() => user.id, { onDelete: "cascade" }),
    firstName: text().notNull(),
    lastName: text().notNull(),
    phone: text(),
    location: text(),
    relationshipToChild: text().notNull().default("mother"),
    /** Free text when relationship_to_child is `other`. */
    relationshipOther: text(),
    multipleChildren: boolean().notNull().default(false),
    /** Chosen goals; an "other" goal is stored as its free text. */
    enrollmentGoals: text().array().notNull().default(sql`'{}'::text[]`),
    priorExperience: boolean().notNull().default(false),
    experienceYears: text(),
    preferredCommunication: text().notNull().default("email"),
    wantsNotifications: boolean().notNull().default(true),
    allowStudentMessages: boolean().notNull().default(true),
    /** The zone chosen in settings (issue 26); null follows reported_time_zone. */
    timeZone: text(),
    /** The zone the parent's browser last reported; emails use it when time_zone is null. */
    reportedTimeZone: text(),
    /** Where in-person lessons happen when the teacher travels to the family (issue 26). */
    address: text(),
    /**
     * Issue 45: the household this guardian belongs to, a parent_profiles row whose id the
     * family's students, requests, lessons, invoices and practice hang off. A founder's row is its
     * own household (household_id = id, set by a trigger when left null: migration 0029); a
     * guardian who joined points at the founder's row and holds no students of their own. Their
     * name, contact, zone and address stay on their own row.
     */
    householdId: uuid()
      .notNull()
      .references((): AnyPgColumn => parentProfiles.id)
      // Left to the trigger (a founder's own id): a column default cannot name the row's id.
      .$defaultFn(() => sql`default`),
    /** Who invited this guardian into the household (they may remove them); null for a founder. */
    householdInvitedBy: uuid().references((): AnyPgColumn => parentProfiles.id, { onDelete: "set null" }),
    /** When this guardian joined the household; null for a founder. */
    householdJoinedAt: instant(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    check("parent_profiles_relationship_check", oneOf(t.relationshipToChild, Object.keys(RELATIONSHIPS))),
    check(
      "parent_profiles_relationship_other_check",
      sql`${t.relationshipToChild} <> 'other' or length(trim(coalesce(${t.relationshipOther}, ''))) > 0`,
    ),
    check(
      "parent_profiles_experience_years_check",
      sql`(${t.priorExperience} and ${oneOf(t.experienceYears, PARENT_EXPERIENCE_YEARS)}) or (not ${t.priorExperience} and ${t.experienceYears} is null)`,
    ),
    check(
      "parent_profiles_communication_check",
      oneOf(t.preferredCommunication, Object.keys(COMMUNICATION_CHANNELS)),
    ),
    check("parent_profiles_names_check", nonBlank(t.firstName, t.lastName)),
    check("parent_profiles_address_check", sql`${t.address} is null or length(${t.address}) between 1 and 300`),
    // The parent's clock (db/parent-zone.ts): Sunday's weekly emails find a zone's parents through it (issue 42).
    index("parent_profiles_household_idx").on(t.householdId),
    check(
      "parent_profiles_household_joined_check",
      sql`(${t.householdId} = ${t.id}) = (${t.householdJoinedAt} is null)`,
    ),
    index("parent_profiles_zone_idx").on(sql`(coalesce(${t.timeZone}, ${t.reportedTimeZone}, 'UTC'))`, t.userId),
  ],
);

/**
 * Issue 29: what a parent or a teacher wants by email, per kind. No row means everything on (the
 * defaults of a new account); account, security and invoice emails are never governed by it.
 * `weekly` is the parents' Sunday digest and the teachers' weekly summary.
 */
export const emailPreferences = pgTable("email_preferences", {
  userId: text()
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  booking: boolean().notNull().default(true),
  reminders: boolean().notNull().default(true),
  messages: boolean().notNull().default(true),
  weekly: boolean().notNull().default(true),
  updatedAt: instant().notNull().defaultNow(),
});
