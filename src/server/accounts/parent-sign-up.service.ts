import type { ParentSignUp, ParentSignUpResult } from "../../shared/accounts/accounts.schemas";
import { AppError } from "../../shared/errors";
import { hashPassword, insertCredentialUser } from "../auth/credentials";
import { sendConfirmationEmail } from "../auth/confirmation-email";
import { signInWithRole } from "../auth/sign-in.service";
import type { Deps } from "../http/app-env";
import { pgErrorCode } from "../http/errors";
import * as repo from "./accounts.repo";

const EMAIL_TAKEN = "An account with this email already exists. Please sign in instead.";

/**
 * Parent Create Account: the account, its role, the parent profile and the first student are
 * created in one transaction (all or nothing); then the parent is signed in, unless the address
 * must be confirmed first.
 */
export async function signUpParent(
  deps: Pick<Deps, "db" | "auth" | "env" | "logger">,
  input: ParentSignUp,
  client: { ip: string; userAgent: string | undefined },
): Promise<{ result: ParentSignUpResult; setCookies: string[] }> {
  const { parent, student } = input;
  if (await repo.emailInUse(deps.db, parent.email)) {
    throw new AppError("conflict", EMAIL_TAKEN, { fields: { "parent.email": EMAIL_TAKEN }, reason: "email_taken" });
  }
  const passwordHash = await hashPassword(deps.auth, parent.password);
  try {
    await deps.db.transaction(async (tx) => {
      const { id: userId } = await insertCredentialUser(tx, {
        email: parent.email,
        name: `${parent.firstName} ${parent.lastName}`,
        passwordHash,
      });
      const parentId = await repo.insertParentProfile(tx, userId, parent);
      await repo.insertFirstStudent(tx, parentId, student);
      await repo.upsertActiveRole(tx, userId, "parent");
    });
  } catch (error) {
    // Two sign-ups with one address at the same instant: the unique index decides.
    if (pgErrorCode(error) === "23505") {
      throw new AppError("conflict", EMAIL_TAKEN, { fields: { "parent.email": EMAIL_TAKEN }, reason: "email_taken" });
    }
    throw error;
  }

  await sendConfirmationEmail(deps, parent.email, "/dashboard");

  try {
    const { result, setCookies } = await signInWithRole(deps, {
      role: "parent",
      email: parent.email,
      password: parent.password,
      clientIp: client.ip,
      userAgent: client.userAgent,
    });
    if (result.twoFactorRequired) return { result: { signedIn: false, redirectTo: "/" }, setCookies: [] };
    return { result: { signedIn: true, redirectTo: "/find-teachers" }, setCookies };
  } catch (error) {
    if (error instanceof AppError && error.reason === "email_not_verified") {
      return { result: { signedIn: false, redirectTo: "/" }, setCookies: [] };
    }
    throw error;
  }
}
