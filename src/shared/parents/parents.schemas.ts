import { z } from "zod";
import { boundedText, oneLineText } from "../text.schemas";
import { timeZoneSchema } from "../booking/booking.schemas";
import { isIanaTimeZone } from "../time-zone.rules";
import { optionalAddressSchema } from "../booking/lesson-place.schemas";
import type { CommunicationChannel, Relationship } from "../accounts/accounts.constants";
import type { NotificationToggles } from "../accounts/notification-preferences";
import type { EVENT_STATUSES, EVENT_TYPES } from "../calendar/calendar.constants";

/**
 * Parent settings (spec section 2 "Parent settings"): one schema for the form and the route.
 * Email is not part of it on purpose: it cannot be changed here, and a body that carries it has
 * the key dropped, never applied.
 */

export const PARENT_NAME_MAX = 80;
export const PARENT_PHONE_MAX = 30;
export const PARENT_LOCATION_MAX = 120;
export const NOTHING_TO_UPDATE_MESSAGE = "Nothing to update";
export const NO_PARENT_PROFILE_MESSAGE = "No parent profile found. Please complete your profile setup.";
/**
 * The `allowStudentMessages` setting, named for what it governs (the spec's "Allow Student to
 * Message Teacher" suggested student accounts, which do not exist): whether the family account
 * opens conversations from a student's page and a class page (src/server/messages/conversations.service.ts).
 */
export const HOME_ADDRESS_HINT =
  "Only for in-person lessons at your home: shared only with a teacher who travels to you, after they accept a lesson.";
export const STUDENT_PAGE_MESSAGES_LABEL = "Message teachers from student and class pages";

/** Optional text: blank or null clears it (stored as null). */
function optionalText(label: string, max: number) {
  return boundedText(label, max)
    .nullable()
    .transform((value) => (value ? value : null));
}

export const notificationTogglesSchema = z.object(
  {
    email: z.boolean({ error: "Email notifications must be on or off" }),
    sms: z.boolean({ error: "SMS notifications must be on or off" }),
  },
  { error: "Notification preferences must say whether email and SMS are on" },
);

export const PARENT_TIME_ZONE_MESSAGE = "Choose a time zone from the list";

/**
 * The zone emails and reminders use for this family (issue 26). Blank or null: "Use my device's
 * time zone", the zone the browser last reported (PUT /api/parents/me/time-zone).
 */
const settingsTimeZoneSchema = z
  .string({ error: PARENT_TIME_ZONE_MESSAGE })
  .max(64, PARENT_TIME_ZONE_MESSAGE)
  .refine((zone) => zone === "" || isIanaTimeZone(zone), PARENT_TIME_ZONE_MESSAGE)
  .nullable()
  .transform((zone) => zone || null);

const settingsFields = {
  firstName: oneLineText("First name", PARENT_NAME_MAX),
  lastName: oneLineText("Last name", PARENT_NAME_MAX),
  phone: optionalText("Phone", PARENT_PHONE_MAX),
  location: optionalText("Location", PARENT_LOCATION_MAX),
  /**
   * Where in-person lessons happen when the teacher travels to the family (issue 26); told only
   * to such a teacher, and only once they accept a lesson (lesson-place.rules.ts).
   */
  address: optionalAddressSchema("Home address"),
  notifications: notificationTogglesSchema,
  allowStudentMessages: z.boolean({ error: `${STUDENT_PAGE_MESSAGES_LABEL} must be on or off` }),
  timeZone: settingsTimeZoneSchema,
};

/** The whole settings form, as the page edits it. */
export const parentSettingsFormSchema = z.object(settingsFields);
export type ParentSettingsFormInput = z.input<typeof parentSettingsFormSchema>;
export type ParentSettingsForm = z.output<typeof parentSettingsFormSchema>;

/**
 * PATCH /api/parents/me: any subset of the form's fields (an absent key is left as it is; null
 * or blank clears phone, location and address). The page leaves `notifications` out unless the switches
 * were touched, so stored values the switches cannot express survive an unrelated save.
 */
export const parentSettingsUpdateSchema = z
  .object(settingsFields, { error: "Send the settings to change as a JSON object" })
  .partial()
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), NOTHING_TO_UPDATE_MESSAGE);
export type ParentSettingsUpdateInput = z.input<typeof parentSettingsUpdateSchema>;
export type ParentSettingsUpdate = z.output<typeof parentSettingsUpdateSchema>;

/** GET/PATCH /api/parents/me answer. */
export interface ParentSettings {
  firstName: string;
  lastName: string;
  /** Read-only: "Email cannot be changed". */
  email: string;
  phone: string | null;
  location: string | null;
  address: string | null;
  notifications: NotificationToggles;
  /** The stored values the switches map to (spec section 4). */
  preferredCommunication: CommunicationChannel;
  wantsNotifications: boolean;
  allowStudentMessages: boolean;
  /** The zone chosen in settings; null follows the device (its last report is `reportedTimeZone`). */
  timeZone: string | null;
  reportedTimeZone: string | null;
}

/**
 * PUT /api/parents/me/time-zone: the zone the parent's browser is in, reported once per app start
 * or sign-in, so emails can use it when no zone is chosen in settings.
 */
export const reportTimeZoneSchema = z.object({ timeZone: timeZoneSchema }, { error: "Send the time zone as a JSON object" });
export type ReportTimeZoneInput = z.infer<typeof reportTimeZoneSchema>;

export interface UpcomingEvent {
  id: string;
  title: string;
  eventType: (typeof EVENT_TYPES)[number];
  /** ISO instants (UTC); the page shows them in the viewer's time zone. */
  startsAt: string;
  endsAt: string;
  status: (typeof EVENT_STATUSES)[number];
  student: { firstName: string; lastName: string } | null;
}

/** GET /api/parents/me/dashboard answer. */
export interface ParentDashboard {
  firstName: string;
  lastName: string;
  email: string;
  relationship: Relationship;
  /** "other" is shown as Guardian (spec section 2). */
  relationshipLabel: string;
  counts: { students: number; activeClasses: number };
  /** Events starting within the next 7 days, soonest first. */
  upcoming: UpcomingEvent[];
}
