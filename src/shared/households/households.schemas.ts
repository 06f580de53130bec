import { z } from "zod";
import { RELATIONSHIPS } from "../accounts/accounts.constants";
import { passwordSchema } from "../accounts/accounts.schemas";
import { emailSchema } from "../auth/auth.schemas";
import type { InvitationStatus } from "./households.rules";

/** Issue 45: the requests of /api/household, shared by the forms and the routes. */

export const INVITATION_NOT_FOUND_MESSAGE = "This invitation link is not valid. Check that the whole link was copied, or ask for a new one.";
export const GUARDIAN_NOT_FOUND_MESSAGE = "There is no such guardian in your household.";

export const inviteGuardianSchema = z.object({ email: emailSchema });
export type InviteGuardian = z.infer<typeof inviteGuardianSchema>;

/** The secret of an invitation link: 32 random bytes, base64url. */
export const invitationTokenSchema = z
  .string({ error: INVITATION_NOT_FOUND_MESSAGE })
  .regex(/^[A-Za-z0-9_-]{43}$/, INVITATION_NOT_FOUND_MESSAGE);

export const invitationTokenBodySchema = z.object({ token: invitationTokenSchema });
export type InvitationTokenBody = z.infer<typeof invitationTokenBodySchema>;

const requiredName = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(80, `${label} must be at most 80 characters`);

/** An invitee without an account: their own parent login, made with the invitation's address. */
export const joinWithNewAccountSchema = z
  .object({
    token: invitationTokenSchema,
    firstName: requiredName("First name"),
    lastName: requiredName("Last name"),
    password: passwordSchema,
    relationshipToChild: z.enum(Object.keys(RELATIONSHIPS) as [keyof typeof RELATIONSHIPS], {
      error: "Choose your relationship to the child",
    }),
    relationshipOther: z
      .string({ error: "Keep it under 60 characters" })
      .trim()
      .max(60, "Keep it under 60 characters")
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .superRefine((value, ctx) => {
    if (value.relationshipToChild === "other" && !value.relationshipOther) {
      ctx.addIssue({ code: "custom", path: ["relationshipOther"], message: "Please describe your relationship" });
    }
  });
export type JoinWithNewAccount = z.infer<typeof joinWithNewAccountSchema>;

export const guardianIdParams = z.object({ guardianId: z.guid() });
export const invitationIdParams = z.object({ invitationId: z.guid() });

export interface HouseholdGuardian {
  guardianId: string;
  firstName: string;
  lastName: string;
  email: string;
  isFounder: boolean;
  isYou: boolean;
  joinedAt: string | null;
  invitedByName: string | null;
  /** Whether the signed-in guardian may remove them (households.rules canRemoveGuardian). */
  canRemove: boolean;
}

export interface PendingInvitation {
  id: string;
  email: string;
  invitedByName: string | null;
  createdAt: string;
  expiresAt: string;
}

export interface Household {
  householdId: string;
  you: { guardianId: string; isFounder: boolean; canLeave: boolean };
  guardians: HouseholdGuardian[];
  invitations: PendingInvitation[];
  limits: { maxGuardians: number; maxPendingInvitations: number };
}

/** What the invitation link's page shows before anyone acts (the token is the only key). */
export interface InvitationPreview {
  status: InvitationStatus;
  /** Why it cannot be used, when it is not pending. */
  closedMessage: string | null;
  email: string;
  inviterName: string | null;
  /** The founder's family name, e.g. "the Lopez household". */
  householdName: string;
  expiresAt: string;
  /** Whether an account with the invited address exists: the page offers Sign in or Create login. */
  accountExists: boolean;
}
