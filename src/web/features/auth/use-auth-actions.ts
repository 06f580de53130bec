import { useMutation, type UseMutationOptions } from "@tanstack/react-query";
import type { SignInInput, SignInResult, TwoFactorSignInInput } from "../../../shared/auth/auth.schemas";
import { api, call } from "../../lib/api";
import { authRequest } from "./auth-client";

/**
 * Signing in and the emailed-link flows. None of these touch cached data by themselves: a sign-in
 * refreshes "me" once it is complete (two-factor may still be pending), which the caller decides.
 */

/** What the caller does after; awaited, so the form stays pending until it is done. */
type Callbacks<TInput> = Pick<UseMutationOptions<SignInResult, Error, TInput>, "onSuccess" | "onError">;

export function useSignIn(callbacks: Callbacks<SignInInput>) {
  return useMutation({
    mutationFn: (input: SignInInput): Promise<SignInResult> => call(api.session.$post({ json: input })),
    ...callbacks,
  });
}

/** The second step of signing in when the account has two-factor authentication on. */
export function useTwoFactorSignIn(callbacks: Callbacks<TwoFactorSignInInput>) {
  return useMutation({
    mutationFn: (input: TwoFactorSignInInput): Promise<SignInResult> => call(api.session["two-factor"].$post({ json: input })),
    ...callbacks,
  });
}

/** Emails a reset link that lands on /reset-password. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: ({ email }: { email: string }) =>
      authRequest("/request-password-reset", { email, redirectTo: `${window.location.origin}/reset-password` }),
  });
}

/** Sets the new password with the token from the emailed link. */
export function useResetPassword(token: string | null) {
  return useMutation({
    mutationFn: ({ newPassword }: { newPassword: string }) => authRequest("/reset-password", { newPassword, token }),
  });
}

export function useResendConfirmationEmail() {
  return useMutation({
    mutationFn: (address: string) => authRequest("/send-verification-email", { email: address, callbackURL: "/" }),
  });
}
