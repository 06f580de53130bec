import { z } from "zod";
import { boundedText } from "../text.schemas";
import { emailSchema, TOTP_CODE_MESSAGE } from "../auth/auth.schemas";
import { SIGNUP_STUDENT_AGE, STUDENT_INTERESTS } from "../students/students.constants";
import { COMMUNICATION_CHANNELS, ENROLLMENT_GOALS, PARENT_EXPERIENCE_YEARS, RELATIONSHIPS } from "./accounts.constants";

const requiredName = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(80, `${label} must be at most 80 characters`);

/** Blank becomes null; accepts null too, so a parsed value can be sent again (form → API). */
const optionalText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v : null));

export const PASSWORD_MIN = 8;
export const passwordSchema = z
  .string({ error: "Password is required" })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters long`)
  .max(128, "Password must be at most 128 characters");

/** Step 1 of the Parent Create Account modal (spec sections 2, 3 and 5). */
export const parentInfoSchema = z
  .object({
    firstName: requiredName("First name"),
    lastName: requiredName("Last name"),
    email: emailSchema,
    password: passwordSchema,
    phone: optionalText(30, "Phone must be at most 30 characters"),
    location: optionalText(120, "Location must be at most 120 characters"),
    relationshipToChild: z.enum(Object.keys(RELATIONSHIPS) as [keyof typeof RELATIONSHIPS], {
      error: "Choose your relationship to the child",
    }),
    relationshipOther: optionalText(60, "Keep it under 60 characters"),
    multipleChildren: z.boolean({ error: "Answer whether you are enrolling more than one child" }),
    enrollmentGoals: z
      .array(z.enum(ENROLLMENT_GOALS, { error: "Choose goals from the list" }), { error: "Choose goals from the list" })
      .max(ENROLLMENT_GOALS.length),
    otherGoal: optionalText(200, "Keep the other goal under 200 characters"),
    priorExperience: z.boolean({ error: "Answer whether the student has played before" }),
    experienceYears: z.enum(PARENT_EXPERIENCE_YEARS, { error: "Choose how long" }).nullable().optional(),
    preferredCommunication: z.enum(Object.keys(COMMUNICATION_CHANNELS) as [keyof typeof COMMUNICATION_CHANNELS], {
      error: "Choose how we should contact you",
    }),
    wantsNotifications: z.boolean({ error: "Answer whether you want notifications" }),
  })
  .superRefine((value, ctx) => {
    if (value.relationshipToChild === "other" && !value.relationshipOther) {
      ctx.addIssue({ code: "custom", path: ["relationshipOther"], message: "Please describe your relationship" });
    }
    if (value.priorExperience && !value.experienceYears) {
      ctx.addIssue({ code: "custom", path: ["experienceYears"], message: "Choose how long" });
    }
  });

/** Step 2: the first student (age 0-99 at sign-up, decisions.md). */
export const firstStudentSchema = z.object({
  firstName: requiredName("Student first name"),
  lastName: requiredName("Student last name"),
  age: z
    .number({ error: "Age is required" })
    .int("Age must be a whole number")
    .min(SIGNUP_STUDENT_AGE.min, `Age must be between ${SIGNUP_STUDENT_AGE.min} and ${SIGNUP_STUDENT_AGE.max}`)
    .max(SIGNUP_STUDENT_AGE.max, `Age must be between ${SIGNUP_STUDENT_AGE.min} and ${SIGNUP_STUDENT_AGE.max}`),
  interests: z
    .array(z.enum(STUDENT_INTERESTS, { error: "Choose interests from the list" }), { error: "Choose interests from the list" })
    .max(STUDENT_INTERESTS.length)
    .default([]),
});

export const parentSignUpSchema = z.object({
  parent: parentInfoSchema,
  student: firstStudentSchema,
});
export type ParentSignUpInput = z.input<typeof parentSignUpSchema>;
export type ParentSignUp = z.output<typeof parentSignUpSchema>;

export interface ParentSignUpResult {
  /** false when email verification is required: the user must confirm before signing in. */
  signedIn: boolean;
  redirectTo: string;
}

// ---------------------------------------------------------------------------------------------
// Delete Account (issue 26): confirmed with the current password, or with a fresh code from the
// authenticator app when two-factor sign-in is on (the server decides which the account needs).

export const CONFIRM_PASSWORD_MESSAGE = "Enter your password to confirm";
export const WRONG_PASSWORD_MESSAGE = "That password is not correct.";
export const WRONG_CODE_MESSAGE = "That code is not correct. Check your authenticator app and try again.";
export const DELETE_ATTEMPTS_MESSAGE = "Too many attempts. Please wait 15 minutes and try again.";

const confirmPasswordField = z
  .string({ error: CONFIRM_PASSWORD_MESSAGE })
  .min(1, CONFIRM_PASSWORD_MESSAGE)
  .max(128, "Password must be at most 128 characters");
const confirmCodeField = z
  .string({ error: TOTP_CODE_MESSAGE })
  .trim()
  .regex(/^\d{6}$/, TOTP_CODE_MESSAGE);

export const CONTACT_FOR_FAMILIES_MAX = 300;
/**
 * Issue 41: a teacher who leaves may leave how families who still owe them can reach and pay them;
 * it replaces "no longer payable in the app" on those families' invoices. Optional; blank is none.
 */
const contactForFamiliesField = boundedText("Contact details for families", CONTACT_FOR_FAMILIES_MAX).optional();

/** The dialog's form for an account without two-factor sign-in. */
export const deleteWithPasswordSchema = z.object({ password: confirmPasswordField, contactForFamilies: contactForFamiliesField });
/** The dialog's form with two-factor sign-in on. */
export const deleteWithCodeSchema = z.object({ code: confirmCodeField, contactForFamilies: contactForFamiliesField });

/** DELETE /api/accounts/me: one of the two; which one the account needs is checked by the server. */
export const deleteAccountSchema = z
  .object({ password: confirmPasswordField.optional(), code: confirmCodeField.optional(), contactForFamilies: contactForFamiliesField })
  .refine((v) => v.password !== undefined || v.code !== undefined, { path: ["password"], message: CONFIRM_PASSWORD_MESSAGE });
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;
