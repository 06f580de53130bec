import { z } from "zod";
import { emailSchema } from "../auth/auth.schemas";

/** The operator desk's own sign-in (at /operator; the public Sign In dialog does not offer the role). */
export const operatorSignInSchema = z.object({
  email: emailSchema,
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(128, "Password is too long"),
});
export type OperatorSignInInput = z.input<typeof operatorSignInSchema>;

export type OperatorSignInResult = { twoFactorRequired?: false; redirectTo: string } | { twoFactorRequired: true };
