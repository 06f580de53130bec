import { createHash, randomBytes } from "node:crypto";
import { AppError } from "../../shared/errors";
import {
  canLeave,
  canRemoveGuardian,
  invitationClosedMessage,
  invitationExpiry,
  invitationStatus,
  MAX_GUARDIANS,
  MAX_PENDING_INVITATIONS,
  type GuardianPlace,
} from "../../shared/households/households.rules";
import {
  GUARDIAN_NOT_FOUND_MESSAGE,
  INVITATION_NOT_FOUND_MESSAGE,
  type Household,
  type InvitationPreview,
  type InviteGuardian,
  type JoinWithNewAccount,
  type PendingInvitation,
} from "../../shared/households/households.schemas";
import { parentClock } from "../../shared/time-zone.rules";
import { createAccount, signInNewAccount } from "../auth";
import type { Executor } from "../db/client";
import type { Deps } from "../deps";
import type { SessionUser } from "../http/app-env";
import { moveConversationsToHousehold } from "../messages";
import { createGuardianProfile } from "../parents";
import { householdInvitationEmail, removedFromHouseholdEmail } from "./households.emails";
import * as repo from "./households.repo";

/**
 * Issue 45: households. A household is its founder's parent profile (what the family's students,
 * requests, lessons, invoices and practice already hang off); other guardians join it by an
 * emailed invitation and then act on it exactly as the founder does (requireParent resolves every
 * guardian's session to the household). Every change runs under the household row's lock.
 */

/** The signed-in guardian, from requireParent: the household and their own profile. */
export interface Guardian {
  userId: string;
  parentId: string;
  guardianId: string;
}

/** New invitations a household may send in a day (each replaces, never adds to, the open ones for an address). */
const INVITATIONS_PER_DAY = 20;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const fullName = (p: { firstName: string | null; lastName: string | null }) =>
  p.firstName && p.lastName ? `${p.firstName} ${p.lastName}` : null;
const householdNameOf = (founderLastName: string) => `the ${founderLastName} household`;

function placeOf(row: { guardianId: string; invitedBy: string | null }, householdId: string): GuardianPlace {
  return { guardianId: row.guardianId, isFounder: row.guardianId === householdId, invitedBy: row.invitedBy };
}

function pendingView(row: repo.InvitationRow): PendingInvitation {
  return {
    id: row.id,
    email: row.email,
    invitedByName: fullName({ firstName: row.inviterFirstName, lastName: row.inviterLastName }),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

export async function getHousehold(deps: Pick<Deps, "db">, guardian: Guardian, now = new Date()): Promise<Household> {
  const [guardians, invitations] = await Promise.all([
    repo.guardiansOf(deps.db, guardian.parentId),
    repo.pendingInvitations(deps.db, guardian.parentId, now),
  ]);
  const you = guardians.find((g) => g.guardianId === guardian.guardianId);
  if (!you) throw new AppError("not_found", GUARDIAN_NOT_FOUND_MESSAGE);
  const yourPlace = placeOf(you, guardian.parentId);
  return {
    householdId: guardian.parentId,
    you: { guardianId: you.guardianId, isFounder: yourPlace.isFounder, canLeave: canLeave(yourPlace) },
    guardians: guardians.map((g) => ({
      guardianId: g.guardianId,
      firstName: g.firstName,
      lastName: g.lastName,
      email: g.email,
      isFounder: g.guardianId === guardian.parentId,
      isYou: g.guardianId === guardian.guardianId,
      joinedAt: g.joinedAt?.toISOString() ?? null,
      invitedByName: fullName({ firstName: g.invitedByFirstName, lastName: g.invitedByLastName }),
      canRemove: canRemoveGuardian(yourPlace, placeOf(g, guardian.parentId)),
    })),
    invitations: invitations.map(pendingView),
    limits: { maxGuardians: MAX_GUARDIANS, maxPendingInvitations: MAX_PENDING_INVITATIONS },
  };
}

/**
 * A guardian invites another adult by email: a new link replaces an open one to the same address;
 * an address already in the household, the household full (guardians and open invitations
 * together) or a day's allowance used are 409/429 with what to do instead.
 */
export async function invite(
  deps: Pick<Deps, "db" | "env" | "mailer">,
  guardian: Guardian,
  input: InviteGuardian,
  now = new Date(),
): Promise<PendingInvitation> {
  const token = randomBytes(32).toString("base64url");
  const invitation = await deps.db.transaction(async (tx) => {
    if (!(await repo.lockHousehold(tx, guardian.parentId))) throw new AppError("not_found", GUARDIAN_NOT_FOUND_MESSAGE);
    const guardians = await repo.guardiansOf(tx, guardian.parentId);
    const inviter = guardians.find((g) => g.guardianId === guardian.guardianId);
    if (!inviter) throw new AppError("not_found", GUARDIAN_NOT_FOUND_MESSAGE);
    if (guardians.some((g) => g.email === input.email)) {
      const yourself = inviter.email === input.email;
      const message = yourself ? "That is your own address: invite the other adult's email." : `${input.email} is already a guardian of your household.`;
      throw new AppError("conflict", message, { fields: { email: message }, reason: "already_guardian" });
    }
    if ((await repo.countInvitationsSince(tx, guardian.parentId, new Date(now.getTime() - 24 * 3600_000))) >= INVITATIONS_PER_DAY) {
      throw new AppError("rate_limited", `Your household sent ${INVITATIONS_PER_DAY} invitations today. Please try again tomorrow.`);
    }
    await repo.revokeOpenInvitationsTo(tx, guardian.parentId, input.email, now);
    const open = await repo.pendingInvitations(tx, guardian.parentId, now);
    if (open.length >= MAX_PENDING_INVITATIONS) {
      const message = `Your household has ${open.length} invitations waiting for an answer. Withdraw one before sending another.`;
      throw new AppError("conflict", message, { fields: { email: message }, reason: "too_many_invitations" });
    }
    if (guardians.length + open.length >= MAX_GUARDIANS) {
      const message = `A household has at most ${MAX_GUARDIANS} guardians, counting invitations waiting for an answer. Remove someone or withdraw an invitation first.`;
      throw new AppError("conflict", message, { fields: { email: message }, reason: "household_full" });
    }
    const expiresAt = invitationExpiry(now);
    const id = await repo.insertInvitation(tx, {
      householdId: guardian.parentId,
      invitedBy: guardian.guardianId,
      email: input.email,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt,
    });
    const founder = guardians.find((g) => g.guardianId === guardian.parentId) ?? inviter;
    const inviterName = `${inviter.firstName} ${inviter.lastName}`;
    const own = await repo.profileOf(tx, guardian.guardianId);
    await deps.mailer.enqueue(
      tx,
      householdInvitationEmail(deps.env.PUBLIC_URL, {
        to: input.email,
        inviterName,
        householdName: householdNameOf(founder.lastName),
        token,
        expiresAt,
        inviterTimeZone: parentClock(own),
      }),
    );
    return { id, email: input.email, invitedByName: inviterName, createdAt: now.toISOString(), expiresAt: expiresAt.toISOString() };
  });
  deps.mailer.kick();
  return invitation;
}

/** Withdraws an invitation still waiting (any guardian of the household may). */
export async function revokeInvitation(deps: Pick<Deps, "db">, guardian: Guardian, invitationId: string, now = new Date()): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const invitation = await repo.invitationOfHousehold(tx, guardian.parentId, invitationId);
    if (!invitation) throw new AppError("not_found", "There is no such invitation in your household.");
    const status = invitationStatus(invitation, now);
    if (status !== "pending" || !(await repo.endInvitation(tx, invitation.id, { revokedAt: now }))) {
      throw new AppError("conflict", `This invitation is no longer waiting (${status === "pending" ? "it was just answered" : status}).`, {
        reason: "invitation_closed",
      });
    }
  });
}

async function founderOf(db: Executor, householdId: string) {
  const founder = await repo.profileOf(db, householdId);
  if (!founder) throw new AppError("not_found", INVITATION_NOT_FOUND_MESSAGE);
  return founder;
}

/** What the link's page shows: anyone holding the link may read it (the secret is the key). */
export async function previewInvitation(deps: Pick<Deps, "db">, token: string, now = new Date()): Promise<InvitationPreview> {
  const invitation = await repo.invitationByTokenHash(deps.db, hashToken(token));
  if (!invitation) throw new AppError("not_found", INVITATION_NOT_FOUND_MESSAGE);
  const [founder, accountExists] = await Promise.all([founderOf(deps.db, invitation.householdId), repo.emailHasAccount(deps.db, invitation.email)]);
  const status = invitationStatus(invitation, now);
  const inviterName = fullName({ firstName: invitation.inviterFirstName, lastName: invitation.inviterLastName });
  return {
    status,
    closedMessage: status === "pending" ? null : invitationClosedMessage(status, inviterName),
    email: invitation.email,
    inviterName,
    householdName: householdNameOf(founder.lastName),
    expiresAt: invitation.expiresAt.toISOString(),
    accountExists,
  };
}

/** The open invitation a link names, locked for the transaction; anything else is a 404 or a 409 saying why. */
async function openInvitation(tx: Executor, token: string, now: Date): Promise<repo.InvitationRow> {
  const invitation = await repo.invitationByTokenHash(tx, hashToken(token), true);
  if (!invitation) throw new AppError("not_found", INVITATION_NOT_FOUND_MESSAGE);
  const status = invitationStatus(invitation, now);
  if (status !== "pending") {
    const inviterName = fullName({ firstName: invitation.inviterFirstName, lastName: invitation.inviterLastName });
    throw new AppError("conflict", invitationClosedMessage(status, inviterName), { reason: `invitation_${status}` });
  }
  return invitation;
}

/** The household can take one more guardian (its row locked first: two joins at once queue). */
async function roomFor(tx: Executor, householdId: string): Promise<void> {
  if (!(await repo.lockHousehold(tx, householdId))) throw new AppError("not_found", INVITATION_NOT_FOUND_MESSAGE);
  if ((await repo.countGuardians(tx, householdId)) >= MAX_GUARDIANS) {
    throw new AppError("conflict", `This household already has ${MAX_GUARDIANS} guardians, the most it can have. Ask them to remove someone first.`, {
      reason: "household_full",
    });
  }
}

/**
 * A signed-in parent accepts with the account the invitation was sent to. Their own profile then
 * points at the household (their name, contact, zone and email settings stay theirs). An account
 * whose own household has children, or other guardians, cannot join: those would be left behind.
 */
export async function acceptInvitation(deps: Pick<Deps, "db">, user: SessionUser, token: string, now = new Date()): Promise<{ householdId: string }> {
  return deps.db.transaction(async (tx) => {
    const invitation = await openInvitation(tx, token, now);
    if (user.email.toLowerCase() !== invitation.email) {
      throw new AppError("forbidden", `This invitation was sent to ${invitation.email}. Sign in with that address to accept it.`, {
        reason: "invitation_other_email",
      });
    }
    const own = await repo.profileOfUser(tx, user.id);
    if (!own) throw new AppError("forbidden", "This is only available to parent accounts.");
    if (own.householdId === invitation.householdId) {
      throw new AppError("conflict", "You are already a guardian of this household.", { reason: "already_guardian" });
    }
    if (own.householdId !== own.guardianId) {
      throw new AppError("conflict", "You are a guardian of another household. Leave it first (Settings → Household), then open this link again.", {
        reason: "in_other_household",
      });
    }
    if (await repo.hasOtherGuardians(tx, own.guardianId, own.guardianId)) {
      throw new AppError("conflict", "Other guardians share your household. A household with guardians of its own cannot join another.", {
        reason: "has_guardians",
      });
    }
    if ((await repo.countStudents(tx, own.guardianId)) > 0) {
      throw new AppError(
        "conflict",
        "Your account has students of its own, and joining would leave them behind. Join with an account that has no students (for example a new login made from this link with another address), or ask the other guardian to add your children.",
        { reason: "has_students" },
      );
    }
    await roomFor(tx, invitation.householdId);
    if (!(await repo.endInvitation(tx, invitation.id, { acceptedAt: now, acceptedByUserId: user.id }))) {
      throw new AppError("conflict", invitationClosedMessage("accepted", null), { reason: "invitation_accepted" });
    }
    await repo.revokeOpenInvitationsBy(tx, own.guardianId, own.guardianId, now);
    await repo.joinHousehold(tx, own.guardianId, invitation.householdId, invitation.invitedBy, now);
    // Their conversations with teachers become the household's, as its own are now theirs.
    await moveConversationsToHousehold(tx, { userId: user.id, ownHouseholdId: own.guardianId, householdId: invitation.householdId }, now);
    return { householdId: invitation.householdId };
  });
}

/**
 * An invitee without an account makes their parent login with the invitation's address (proved
 * theirs by the link, so no confirm-your-address email) and joins in the same transaction; then
 * they are signed in.
 */
export async function joinWithNewAccount(
  deps: Pick<Deps, "db" | "auth" | "env" | "logger">,
  input: JoinWithNewAccount,
  client: { ip: string; userAgent: string | undefined },
  now = new Date(),
): Promise<{ setCookies: string[]; signedIn: boolean }> {
  // Checked before the password is hashed (deliberately slow), and again under the lock below.
  const preview = await openInvitation(deps.db, input.token, now);
  const email = preview.email;
  await createAccount(
    deps,
    { email, name: `${input.firstName} ${input.lastName}`, password: input.password, role: "parent", confirmationCallbackURL: "/dashboard", emailVerified: true },
    () =>
      new AppError("conflict", `An account with ${email} already exists. Sign in with it to accept the invitation.`, {
        reason: "email_taken",
      }),
    async (tx, userId) => {
      const invitation = await openInvitation(tx, input.token, now);
      await roomFor(tx, invitation.householdId);
      if (!(await repo.endInvitation(tx, invitation.id, { acceptedAt: now, acceptedByUserId: userId }))) {
        throw new AppError("conflict", invitationClosedMessage("accepted", null), { reason: "invitation_accepted" });
      }
      const guardianId = await createGuardianProfile(tx, userId, input);
      await repo.joinHousehold(tx, guardianId, invitation.householdId, invitation.invitedBy, now);
      await moveConversationsToHousehold(tx, { userId, ownHouseholdId: guardianId, householdId: invitation.householdId }, now);
    },
  );
  const { signedIn, setCookies } = await signInNewAccount(deps, {
    role: "parent",
    email,
    password: input.password,
    clientIp: client.ip,
    userAgent: client.userAgent,
  });
  return { signedIn, setCookies };
}

/** Anyone holding the link may refuse it; the household then sees it gone from its waiting list. */
export async function refuseInvitation(deps: Pick<Deps, "db">, token: string, now = new Date()): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const invitation = await openInvitation(tx, token, now);
    await repo.endInvitation(tx, invitation.id, { refusedAt: now });
  });
}

/** The founder removes any other guardian, a guardian those they invited (households.rules). */
export async function removeGuardian(
  deps: Pick<Deps, "db" | "env" | "mailer">,
  guardian: Guardian,
  targetId: string,
  now = new Date(),
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await repo.lockHousehold(tx, guardian.parentId);
    const guardians = await repo.guardiansOf(tx, guardian.parentId);
    const actor = guardians.find((g) => g.guardianId === guardian.guardianId);
    const target = guardians.find((g) => g.guardianId === targetId);
    if (!actor || !target) throw new AppError("not_found", GUARDIAN_NOT_FOUND_MESSAGE);
    if (target.guardianId === actor.guardianId) {
      throw new AppError("conflict", "To take yourself out of the household, use Leave household.", { reason: "remove_self" });
    }
    if (!canRemoveGuardian(placeOf(actor, guardian.parentId), placeOf(target, guardian.parentId))) {
      const message =
        target.guardianId === guardian.parentId
          ? "The household's founder cannot be removed: the children's records are kept under their account."
          : "Only the guardian who invited them, or the household's founder, can remove this guardian.";
      throw new AppError("forbidden", message, { reason: "not_your_guest" });
    }
    await repo.revokeOpenInvitationsBy(tx, guardian.parentId, target.guardianId, now);
    await repo.leaveHousehold(tx, target.guardianId);
    const founder = guardians.find((g) => g.guardianId === guardian.parentId) ?? actor;
    await deps.mailer.enqueue(
      tx,
      removedFromHouseholdEmail(deps.env.PUBLIC_URL, {
        to: target.email,
        firstName: target.firstName,
        householdName: householdNameOf(founder.lastName),
        removedByName: `${actor.firstName} ${actor.lastName}`,
      }),
    );
  });
  deps.mailer.kick();
}

/** A guardian who joined leaves; their open invitations are withdrawn. The founder stays (households.rules canLeave). */
export async function leaveHousehold(deps: Pick<Deps, "db">, guardian: Guardian, now = new Date()): Promise<void> {
  if (!canLeave({ guardianId: guardian.guardianId, isFounder: guardian.guardianId === guardian.parentId, invitedBy: null })) {
    throw new AppError(
      "forbidden",
      "You founded this household: its children, lessons and invoices are kept under your account, so you cannot leave it. You can remove the other guardians instead.",
      { reason: "founder_cannot_leave" },
    );
  }
  await deps.db.transaction(async (tx) => {
    await repo.lockHousehold(tx, guardian.parentId);
    await repo.revokeOpenInvitationsBy(tx, guardian.parentId, guardian.guardianId, now);
    await repo.leaveHousehold(tx, guardian.guardianId);
  });
}

/**
 * Account deletion (issue 45): a guardian who joined takes only their own profile with them (the
 * household's children and lessons stay); a founder whose household still has other guardians
 * is refused, so a household is never left without a guardian who can act.
 */
export async function closingAccountScope(
  tx: Executor,
  ids: { parentId: string; guardianId: string },
): Promise<"household" | "guardian"> {
  if (ids.parentId !== ids.guardianId) return "guardian";
  if (await repo.hasOtherGuardians(tx, ids.parentId, ids.guardianId)) {
    throw new AppError(
      "conflict",
      "Other guardians share your household. Remove them first (Settings → Household): deleting your account closes the children's lessons and records they rely on.",
      { reason: "household_has_guardians" },
    );
  }
  return "household";
}
