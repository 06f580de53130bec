import { randomUUID } from "node:crypto";
import type { Executor } from "../db/client";
import { account, user } from "../db/schema";
import type { Auth } from "./auth";

/** Hashes with better-auth's own hasher, so better-auth can verify the password at sign-in. */
export async function hashPassword(auth: Auth, password: string): Promise<string> {
  const ctx = await auth.$context;
  return ctx.password.hash(password);
}

/**
 * Inserts an email + password account in the caller's transaction, so a sign-up creates the
 * account and its profile together or not at all. `email` must already be normalised.
 */
export async function insertCredentialUser(
  tx: Executor,
  input: { email: string; name: string; passwordHash: string; emailVerified?: boolean },
): Promise<{ id: string }> {
  const id = randomUUID();
  await tx.insert(user).values({
    id,
    email: input.email,
    name: input.name,
    emailVerified: input.emailVerified ?? false,
  });
  await tx.insert(account).values({
    id: randomUUID(),
    accountId: id,
    providerId: "credential",
    userId: id,
    password: input.passwordHash,
  });
  return { id };
}
