import { describe, expect, it } from "vitest";
import {
  DEFAULT_EMAIL_PREFERENCES,
  EMAIL_CATEGORIES,
  EMAIL_CATEGORY_LABELS,
  emailCategoryOf,
  emailPreferencesUpdateSchema,
  mayEmail,
  type EmailCategory,
  type EmailPreferences,
} from "./email-preferences";

const allOn: EmailPreferences = { ...DEFAULT_EMAIL_PREFERENCES };
const allOff: EmailPreferences = { booking: false, reminders: false, messages: false, weekly: false };
const onlyOff = (category: EmailCategory): EmailPreferences => ({ ...allOn, [category]: false });

/** Every notification kind the server sends, with the switch that governs it. */
const GOVERNED: [kind: string, category: EmailCategory][] = [
  ["booking-requested", "booking"],
  ["booking-accepted", "booking"],
  ["booking-declined", "booking"],
  ["lesson-cancelled", "booking"],
  ["lesson-rescheduled", "booking"],
  ["lesson-reminder", "reminders"],
  ["message-unread", "messages"],
  ["weekly-digest", "weekly"],
  ["weekly-summary", "weekly"],
];

/** Account, security, money and operator emails: nobody can turn them off. */
const ALWAYS_SENT = [
  "verification",
  "password-reset",
  "operator-set-password",
  "application-approved",
  "application-changes-requested",
  "application-rejected",
  "operator-warning",
  "account-closed",
  "invoice-sent",
  "invoice-reminder",
  "a-kind-nobody-has-heard-of",
];

describe("emailCategoryOf", () => {
  it.each(GOVERNED)("%s is governed by %s", (kind, category) => {
    expect(emailCategoryOf(kind)).toBe(category);
  });

  it.each(ALWAYS_SENT)("%s belongs to no category", (kind) => {
    expect(emailCategoryOf(kind)).toBeNull();
  });
});

describe("mayEmail", () => {
  it.each(GOVERNED)("%s goes with every switch on, and not with %s off", (kind, category) => {
    expect(mayEmail(kind, allOn, true)).toBe(true);
    expect(mayEmail(kind, onlyOff(category), true)).toBe(false);
  });

  it.each(GOVERNED)("%s still goes when only the other categories are off", (kind, category) => {
    const othersOff: EmailPreferences = { ...allOff, [category]: true };
    expect(mayEmail(kind, othersOff, true)).toBe(true);
  });

  it.each(GOVERNED)("%s does not go to a parent whose Email notifications are off, even with its switch on", (kind) => {
    expect(mayEmail(kind, allOn, false)).toBe(false);
  });

  it.each(ALWAYS_SENT)("%s goes with every switch off and Email notifications off", (kind) => {
    expect(mayEmail(kind, allOff, false)).toBe(true);
    expect(mayEmail(kind, allOn, true)).toBe(true);
  });
});

describe("defaults and labels", () => {
  it("a new account gets every category", () => {
    expect(DEFAULT_EMAIL_PREFERENCES).toEqual(Object.fromEntries(EMAIL_CATEGORIES.map((c) => [c, true])));
  });

  it("has a label and a hint for every category, for both audiences", () => {
    for (const audience of ["parent", "teacher"] as const) {
      expect(Object.keys(EMAIL_CATEGORY_LABELS[audience]).sort()).toEqual([...EMAIL_CATEGORIES].sort());
      for (const category of EMAIL_CATEGORIES) {
        expect(EMAIL_CATEGORY_LABELS[audience][category].label).not.toBe("");
        expect(EMAIL_CATEGORY_LABELS[audience][category].hint).not.toBe("");
      }
    }
    // The weekly email is a different email per audience.
    expect(EMAIL_CATEGORY_LABELS.parent.weekly.label).toBe("Weekly digest");
    expect(EMAIL_CATEGORY_LABELS.teacher.weekly.label).toBe("Weekly summary");
  });
});

describe("emailPreferencesUpdateSchema", () => {
  const messagesOf = (input: unknown) => {
    const result = emailPreferencesUpdateSchema.safeParse(input);
    expect(result.success).toBe(false);
    return result.error!.issues.map((issue) => issue.message);
  };

  it.each([
    [{ booking: false }],
    [{ reminders: true }],
    [{ messages: false, weekly: true }],
    [{ booking: true, reminders: false, messages: true, weekly: false }],
  ])("takes any of the four switches: %j", (input) => {
    expect(emailPreferencesUpdateSchema.parse(input)).toEqual(input);
  });

  it("refuses an empty object with a message", () => {
    expect(messagesOf({})).toEqual(["Choose at least one email setting to change"]);
  });

  it("refuses an unknown key with a message naming the four", () => {
    expect(messagesOf({ booking: true, sms: true })).toEqual(["Only booking, reminders, messages and weekly can be set"]);
    expect(messagesOf({ emailOn: false })).toContain("Only booking, reminders, messages and weekly can be set");
  });

  it.each([
    ["booking", "Booking emails must be on or off"],
    ["reminders", "Reminder emails must be on or off"],
    ["messages", "Message emails must be on or off"],
    ["weekly", "Weekly emails must be on or off"],
  ])("refuses a non-boolean %s with %j", (key, message) => {
    for (const wrong of ["true", 1, 0, null, [], {}]) {
      expect(messagesOf({ [key]: wrong }), `${key} = ${JSON.stringify(wrong)}`).toEqual([message]);
    }
  });

  it.each([[null], [[]], ["booking"], [true]])("refuses a body that is not an object: %j", (input) => {
    expect(emailPreferencesUpdateSchema.safeParse(input).success).toBe(false);
  });
});
