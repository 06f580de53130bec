export const ROLES = ["parent", "teacher"] as const;
export type Role = (typeof ROLES)[number];

export const RELATIONSHIPS = {
  mother: "Mother",
  father: "Father",
  guardian: "Guardian",
  other: "Other",
} as const;
export type Relationship = keyof typeof RELATIONSHIPS;

export const ENROLLMENT_GOALS = [
  "Develop a strong musical foundation",
  "Improve technical piano skills",
  "Prepare for recitals or competitions",
  "Learn for fun and personal enjoyment",
] as const;

export const PARENT_EXPERIENCE_YEARS = ["0-1", "1-3", "3+"] as const;

export const COMMUNICATION_CHANNELS = { email: "Email", sms: "SMS", app: "In-app" } as const;
export type CommunicationChannel = keyof typeof COMMUNICATION_CHANNELS;

/** Where each role lands after signing in (spec section 2). */
export const ROLE_HOME: Record<Role, string> = {
  parent: "/dashboard",
  teacher: "/teacher-landing",
};

/** Each role's calendar page (spec section 2), linked from the account and phone menus. */
export const ROLE_CALENDAR: Record<Role, string> = {
  parent: "/parent/calendar",
  teacher: "/teacher/calendar",
};

/**
 * How the other side of a lesson reads once an account was deleted (issue 26, decisions.md
 * section 6): its past lessons stay, the family as "Deleted user" (DELETED_USER_NAME in
 * src/shared/classes/classes.api.ts), the teacher as "Deleted teacher".
 */
export const DELETED_TEACHER_NAME = "Deleted teacher";
