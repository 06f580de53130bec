import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import QRCode from "qrcode";
import { authRequest } from "../auth-client";
import { AUTH_SESSION_KEY } from "./use-auth-session";

/** A signed-in device as better-auth lists it (Login History). */
export interface SessionRow {
  id: string;
  createdAt: string;
  updatedAt: string;
  ipAddress: string | null;
  userAgent: string | null;
}

export const SESSIONS_QUERY_KEY = ["auth", "sessions"] as const;

export function useChangePassword() {
  return useMutation({
    mutationFn: ({ currentPassword, newPassword, revokeOtherSessions }: { currentPassword: string; newPassword: string; revokeOtherSessions: boolean }) =>
      authRequest("/change-password", { currentPassword, newPassword, revokeOtherSessions }),
  });
}

export function useSessions() {
  return useQuery({ queryKey: SESSIONS_QUERY_KEY, queryFn: () => authRequest<SessionRow[]>("/list-sessions") });
}

/** Signs out every other device; the list is read again. */
export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => authRequest("/revoke-other-sessions", {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY, exact: true }),
  });
}

/** Starts enrolment: the authenticator URI and backup codes (two-factor is on once a code is verified). */
export function useEnableTwoFactor() {
  return useMutation({
    mutationFn: (password: string) => authRequest<{ totpURI: string; backupCodes: string[] }>("/two-factor/enable", { password }),
  });
}

/** The QR code of an otpauth:// URI, drawn in the browser (the secret never leaves it). */
export function useTotpQrCode(totpUri: string | undefined) {
  return useQuery({
    queryKey: ["two-factor-qr", totpUri],
    queryFn: () => QRCode.toDataURL(totpUri!, { margin: 1, width: 200 }),
    enabled: Boolean(totpUri),
  });
}

export function useVerifyTwoFactor() {
  return useMutation({
    mutationFn: (code: string) => authRequest("/two-factor/verify-totp", { code }),
  });
}

/** Turns two-factor off; the session's two-factor state is read again. */
export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => authRequest("/two-factor/disable", { password }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: AUTH_SESSION_KEY, exact: true }),
  });
}

/** Re-reads the session's two-factor state (after the dialog closes, so a fresh enrolment keeps its codes on screen). */
export function useRefreshAuthSession() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: AUTH_SESSION_KEY, exact: true });
}
