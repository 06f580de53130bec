import { eq, sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { account, session, twoFactor, user, userRoles } from "../db/schema";

/**
 * The last step of deleting an account, after the features removed their profiles: the role,
 * sign-in data and sessions go, and a tombstone user row stays so classes and messages can say
 * "Deleted user". The email is released so the address can sign up again.
 */
export async function deleteUserData(tx: Executor, userId: string): Promise<void> {
  await tx.delete(userRoles).where(eq(userRoles.userId, userId));
  await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
  await tx.delete(session).where(eq(session.userId, userId));
  await tx.delete(account).where(eq(account.userId, userId));
  await tx
    .update(user)
    .set({
      deleted: true,
      deletedAt: sql`now()`,
      email: sql`'deleted-' || ${user.id} || '@deleted.invalid'`,
      name: "Deleted user",
      image: null,
      emailVerified: false,
      updatedAt: sql`now()`,
    })
    .where(eq(user.id, userId));
}
