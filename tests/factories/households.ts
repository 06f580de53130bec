import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { householdInvitations, parentProfiles } from "../../src/server/db/schema";
import type { Deps } from "../../src/server/deps";
import { createParent, uniqueEmail } from "./accounts";

/**
 * Issue 45: a second guardian of a household, as an accepted invitation leaves them: their own
 * parent account (no students of their own) pointing at the founder's profile.
 */
export async function createGuardian(
  deps: Pick<Deps, "auth" | "db">,
  householdId: string,
  options: { firstName?: string; invitedBy?: string } = {},
) {
  const guardian = await createParent(deps, { students: 0, firstName: options.firstName ?? "Gale" });
  await deps.db
    .update(parentProfiles)
    .set({ householdId, householdInvitedBy: options.invitedBy ?? householdId, householdJoinedAt: new Date() })
    .where(eq(parentProfiles.id, guardian.parentId));
  return { ...guardian, guardianId: guardian.parentId, parentId: householdId };
}

/** An invitation with a known secret; `createdAt` in the past makes an expired one. */
export async function createInvitation(
  deps: Pick<Deps, "db">,
  options: { householdId: string; invitedBy?: string; email?: string; createdAt?: Date },
) {
  const token = randomBytes(32).toString("base64url");
  const createdAt = options.createdAt ?? new Date();
  const email = options.email ?? uniqueEmail("invitee");
  const [row] = await deps.db
    .insert(householdInvitations)
    .values({
      householdId: options.householdId,
      invitedBy: options.invitedBy ?? options.householdId,
      email,
      tokenHash: createHash("sha256").update(token).digest("hex"),
      createdAt,
      expiresAt: new Date(createdAt.getTime() + 7 * 24 * 3600_000),
    })
    .returning({ id: householdInvitations.id });
  return { id: row!.id, token, email };
}
