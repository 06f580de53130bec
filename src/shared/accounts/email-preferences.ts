import { z } from "zod";

/**
 * Issue 29: the kinds of email a parent or a teacher can turn off. Everything else (sign-in links,
 * password resets, account and application decisions, operator warnings, invoices) is always
 * sent: it is about the account or money, not a notification.
 */
export const EMAIL_CATEGORIES = ["booking", "reminders", "messages", "weekly"] as const;
export type EmailCategory = (typeof EMAIL_CATEGORIES)[number];

export type EmailPreferences = Record<EmailCategory, boolean>;

/** A new account's choices (and what an account without a stored row gets). */
export const DEFAULT_EMAIL_PREFERENCES: EmailPreferences = { booking: true, reminders: true, messages: true, weekly: true };

/** The mail kinds each category governs (MailMessage.kind on the server). */
const CATEGORY_OF_KIND: Readonly<Record<string, EmailCategory>> = {
  "booking-requested": "booking",
  "booking-request-sent": "booking",
  "booking-accepted": "booking",
  "booking-declined": "booking",
  "lesson-cancelled": "booking",
  "lesson-rescheduled": "booking",
  "series-changed": "booking",
  "waitlist-offer": "booking",
  "lesson-reminder": "reminders",
  "message-unread": "messages",
  "weekly-digest": "weekly",
  "weekly-summary": "weekly",
};

/** The category a mail kind belongs to, or null for an email that is always sent. */
export function emailCategoryOf(kind: string): EmailCategory | null {
  return CATEGORY_OF_KIND[kind] ?? null;
}

/**
 * Whether an email of `kind` goes to a person. `emailOn` is a parent's "Email notifications"
 * switch (off turns every notification email off; teachers have no such switch: true).
 */
export function mayEmail(kind: string, preferences: EmailPreferences, emailOn: boolean): boolean {
  const category = emailCategoryOf(kind);
  if (category === null) return true;
  return emailOn && preferences[category];
}

/**
 * Whether notification email is on for a side of an account: a parent's "Email notifications"
 * switch governs only the mail the account gets as a parent (an account can also teach); mail of
 * no known side follows the switch.
 */
export function emailOnFor(audience: "parent" | "teacher" | undefined, parentEmailOn: boolean): boolean {
  return audience === "teacher" || parentEmailOn;
}

/** The labels of the switches, per role: the weekly email is a digest for parents, a summary for teachers. */
export const EMAIL_CATEGORY_LABELS: Record<"parent" | "teacher", Record<EmailCategory, { label: string; hint: string }>> = {
  parent: {
    booking: { label: "Booking updates", hint: "When a teacher accepts or declines a request, or a lesson is cancelled or moved." },
    reminders: { label: "Lesson reminders", hint: "The day before each lesson." },
    messages: { label: "New messages", hint: "When a message is still unread after 10 minutes." },
    weekly: { label: "Weekly digest", hint: "Sunday at 6 pm: next week's lessons, practice, grades, homework and unread messages." },
  },
  teacher: {
    booking: { label: "Booking requests and changes", hint: "New lesson requests, and lessons cancelled or moved." },
    reminders: { label: "Lesson reminders", hint: "The day before each lesson." },
    messages: { label: "New messages", hint: "When a message is still unread after 10 minutes." },
    weekly: { label: "Weekly summary", hint: "Sunday at 6 pm: your students' practice this week and their open homework." },
  },
};

const toggle = (label: string) => z.boolean({ error: `${label} must be on or off` });

/** PATCH /api/account/email-preferences: any of the four switches, at least one. */
export const emailPreferencesUpdateSchema = z
  .strictObject(
    {
      booking: toggle("Booking emails").optional(),
      reminders: toggle("Reminder emails").optional(),
      messages: toggle("Message emails").optional(),
      weekly: toggle("Weekly emails").optional(),
    },
    { error: "Only booking, reminders, messages and weekly can be set" },
  )
  .refine((v) => Object.keys(v).length > 0, { error: "Choose at least one email setting to change" });
export type EmailPreferencesUpdate = z.output<typeof emailPreferencesUpdateSchema>;

/** GET and PATCH answer: the four switches, and which of the two roles' wording applies. */
export interface EmailPreferencesDTO {
  preferences: EmailPreferences;
  /** The account's role the labels are for: a parent account's weekly email is the digest. */
  audience: "parent" | "teacher";
  /** Parents only: false while the "Email notifications" switch is off (then none of these is sent). */
  emailOn: boolean;
}

/** POST /api/accounts/me/weekly-email: this week's digest (parents) or summary (teachers), now. */
export type WeeklyPreviewResult =
  | { sent: true; to: string }
  | { sent: false; reason: "nothing_to_say" | "already_sent"; message: string };
