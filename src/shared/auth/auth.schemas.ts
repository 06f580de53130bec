import { z } from "zod";
import { ROLES, type Role } from "../accounts/accounts.constants";

export const ROLE_REQUIRED_MESSAGE = "Please select your role (Teacher or Parent)";
export const INVALID_EMAIL_MESSAGE = "Please enter a valid email address";
/** decisions.md: never tell a stranger which emails have accounts. */
export const WRONG_CREDENTIALS_MESSAGE = "Incorrect email or password.";

export function missingRoleMessage(role: Role): string {
  return `No ${role} account found for this email address. Please sign up as a ${role} first.`;
}

/** Trimmed and lower-cased before it is checked, as spec section 5 asks. */
export const emailSchema = z
  .string({ error: "Email is required" })
  .trim()
  .toLowerCase()
  .min(1, "Email is required")
  .max(254, INVALID_EMAIL_MESSAGE)
  .pipe(z.email({ error: INVALID_EMAIL_MESSAGE }));

export const roleSchema = z.enum(ROLES, { error: ROLE_REQUIRED_MESSAGE });

export const signInSchema = z.object({
  role: roleSchema,
  email: emailSchema,
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(128, "Password is too long"),
});
export type SignInInput = z.input<typeof signInSchema>;

export type SignInResult =
  | { twoFactorRequired?: false; role: Role; redirectTo: string }
  /** The password was right and the account has two-factor on: ask for the code next. */
  | { twoFactorRequired: true };

export const TOTP_CODE_MESSAGE = "Enter the 6-digit code from your authenticator app";

export const twoFactorSignInSchema = z.object({
  role: roleSchema,
  code: z
    .string({ error: TOTP_CODE_MESSAGE })
    .trim()
    .regex(/^\d{6}$/, TOTP_CODE_MESSAGE),
  trustDevice: z.boolean().optional(),
});
export type TwoFactorSignInInput = z.input<typeof twoFactorSignInSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema });
export const resetPasswordSchema = z
  .object({
    newPassword: z
      .string({ error: "Password is required" })
      .min(8, "Password must be at least 8 characters long")
      .max(128, "Password must be at most 128 characters"),
    confirmPassword: z.string({ error: "Please confirm the password" }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ["confirmPassword"], message: "Passwords do not match" });
/** Change Password with a wrong current password, beside that field (better-auth's own text is "Invalid password"). */
export const CURRENT_PASSWORD_WRONG_MESSAGE = "Your current password is not correct";
export const changePasswordSchema = z
  .object({
    currentPassword: z.string({ error: "Current password is required" }).min(1, "Current password is required"),
    newPassword: z
      .string({ error: "Password is required" })
      .min(8, "Password must be at least 8 characters long")
      .max(128, "Password must be at most 128 characters"),
    confirmPassword: z.string({ error: "Please confirm the password" }),
    revokeOtherSessions: z.boolean().default(true),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ["confirmPassword"], message: "Passwords do not match" });

export interface Me {
  user: { id: string; email: string; name: string } | null;
  role: Role | null;
  profiles: { parent: boolean; teacher: boolean };
}

// Kept importable from here for existing callers; it lives in next-path.ts so the layout avoids zod.
export { safeNextPath } from "./next-path";
