import { isAPIError } from "better-auth/api";
import { TOTP_CODE_MESSAGE } from "../../shared/auth/auth.schemas";
import {
  CONFIRM_PASSWORD_MESSAGE,
  DELETE_ATTEMPTS_MESSAGE,
  WRONG_CODE_MESSAGE,
  WRONG_PASSWORD_MESSAGE,
  type DeleteAccountInput,
} from "../../shared/accounts/accounts.schemas";
import { AppError } from "../../shared/errors";
import type { Deps } from "../deps";
import { twoFactorEnabled } from "./auth.repo";
import { hitWindow, resetWindow } from "../http/rate-limit-windows.repo";

/** Attempts to confirm one's identity per account and window: a stolen session cannot guess on. */
export const CONFIRM_ATTEMPTS = 10;
export const CONFIRM_WINDOW_MS = 15 * 60 * 1000;

const refused = (field: "password" | "code", message: string) => new AppError("validation", message, { fields: { [field]: message }, reason: "not_confirmed" });

/**
 * Before something irreversible (deleting the account): the signed-in user proves it is them with
 * the current password, or, when two-factor sign-in is on, with a fresh code from their
 * authenticator app. Both are checked by better-auth itself (verifyPassword and verifyTOTP, with
 * the request's session). A wrong answer is a 400 on its field; attempts are limited per account
 * (AUTH_RATE_LIMIT), counted in the database so several processes share the limit.
 */
export async function confirmIdentity(
  deps: Pick<Deps, "auth" | "db" | "env">,
  userId: string,
  headers: Headers,
  input: DeleteAccountInput,
): Promise<void> {
  const needsCode = await twoFactorEnabled(deps.db, userId);
  if (needsCode && !input.code) throw refused("code", TOTP_CODE_MESSAGE);
  if (!needsCode && !input.password) throw refused("password", CONFIRM_PASSWORD_MESSAGE);
  const key = `confirm-identity:${userId}`;
  if (deps.env.AUTH_RATE_LIMIT) {
    const { hits, resetAt } = await hitWindow(deps.db, key, CONFIRM_WINDOW_MS);
    if (hits > CONFIRM_ATTEMPTS) {
      throw new AppError("rate_limited", DELETE_ATTEMPTS_MESSAGE, { retryAfterSeconds: Math.max(1, (resetAt.getTime() - Date.now()) / 1000) });
    }
  }
  try {
    if (needsCode) await deps.auth.api.verifyTOTP({ body: { code: input.code! }, headers });
    else await deps.auth.api.verifyPassword({ body: { password: input.password! }, headers });
  } catch (error) {
    if (isAPIError(error)) throw needsCode ? refused("code", WRONG_CODE_MESSAGE) : refused("password", WRONG_PASSWORD_MESSAGE);
    throw error;
  }
  if (deps.env.AUTH_RATE_LIMIT) await resetWindow(deps.db, key);
}
