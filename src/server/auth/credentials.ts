import type { Role } from "../../shared/accounts/accounts.constants";
import type { AppError } from "../../shared/errors";
import type { Executor } from "../db/client";
import type { Deps } from "../deps";
import { pgErrorCode } from "../http/errors";
import type { Auth } from "./auth";
import * as repo from "./auth.repo";
import { sendConfirmationEmail } from "./confirmation-email";

export { insertCredentialUser } from "./auth.repo";

/** Hashes with better-auth's own hasher, so better-auth can verify the password at sign-in. */
export async function hashPassword(auth: Auth, password: string): Promise<string> {
  const ctx = await auth.$context;
  return ctx.password.hash(password);
}

/**
 * The one way an account is created (parent sign-up and teacher application alike): the user,
 * its password, its active role and the caller's profile rows in one transaction (all or
 * nothing), then the confirm-your-address email. `emailTaken` is the caller's 409, thrown for an
 * address already in use, also when two sign-ups race and the unique index decides.
 */
export async function createAccount<T>(
  deps: Pick<Deps, "db" | "auth" | "logger">,
  input: {
    email: string;
    name: string;
    password: string;
    role: Role;
    confirmationCallbackURL: string;
    /** The address is known to be theirs (a household invitation opened from it): no confirm-your-address email. */
    emailVerified?: boolean;
  },
  emailTaken: () => AppError,
  createProfile: (tx: Executor, userId: string) => Promise<T>,
): Promise<T> {
  if (await repo.emailInUse(deps.db, input.email)) throw emailTaken();
  const passwordHash = await hashPassword(deps.auth, input.password);
  let created: T;
  try {
    created = await deps.db.transaction(async (tx) => {
      const { id: userId } = await repo.insertCredentialUser(tx, {
        email: input.email,
        name: input.name,
        passwordHash,
        emailVerified: input.emailVerified ?? false,
      });
      await repo.upsertActiveRole(tx, userId, input.role);
      return createProfile(tx, userId);
    });
  } catch (error) {
    if (pgErrorCode(error) === "23505") throw emailTaken();
    throw error;
  }
  if (!input.emailVerified) await sendConfirmationEmail(deps, input.email, input.confirmationCallbackURL);
  return created;
}
