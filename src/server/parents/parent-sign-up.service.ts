import type { ParentSignUp, ParentSignUpResult } from "../../shared/accounts/accounts.schemas";
import { AppError } from "../../shared/errors";
import { createAccount, signInNewAccount } from "../auth";
import type { Deps } from "../deps";
import { insertFirstStudent } from "../students";
import * as repo from "./parents.repo";

const EMAIL_TAKEN = "An account with this email already exists. Please sign in instead.";

const emailTaken = () =>
  new AppError("conflict", EMAIL_TAKEN, { fields: { "parent.email": EMAIL_TAKEN }, reason: "email_taken" });

/**
 * Parent Create Account: the account, its role, the parent profile and the first student are
 * created in one transaction (all or nothing, auth's createAccount, like the teacher
 * application); then the parent is signed in, unless the address must be confirmed first.
 */
export async function signUpParent(
  deps: Pick<Deps, "db" | "auth" | "env" | "logger">,
  input: ParentSignUp,
  client: { ip: string; userAgent: string | undefined },
): Promise<{ result: ParentSignUpResult; setCookies: string[] }> {
  const { parent, student } = input;
  await createAccount(
    deps,
    {
      email: parent.email,
      name: `${parent.firstName} ${parent.lastName}`,
      password: parent.password,
      role: "parent",
      confirmationCallbackURL: "/dashboard",
    },
    emailTaken,
    async (tx, userId) => {
      const parentId = await repo.insertParentProfile(tx, userId, parent);
      await insertFirstStudent(tx, parentId, student);
    },
  );

  const { signedIn, setCookies } = await signInNewAccount(deps, {
    role: "parent",
    email: parent.email,
    password: parent.password,
    clientIp: client.ip,
    userAgent: client.userAgent,
  });
  return { result: { signedIn, redirectTo: signedIn ? "/find-teachers" : "/" }, setCookies };
}
