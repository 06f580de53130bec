import { useQuery } from "@tanstack/react-query";
import { authRequest } from "../auth-client";

export interface AuthSession {
  session: { id: string; createdAt: string; ipAddress: string | null; userAgent: string | null };
  user: { id: string; email: string; twoFactorEnabled?: boolean | null };
}

export const AUTH_SESSION_KEY = ["auth", "session"] as const;

/** better-auth's view of the current session (two-factor state, session id for Login History). */
export function useAuthSession(enabled = true) {
  return useQuery({
    queryKey: AUTH_SESSION_KEY,
    queryFn: () => authRequest<AuthSession | null>("/get-session"),
    enabled,
  });
}
