import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { ME_QUERY_KEY } from "./use-me";

export const SIGN_OUT_FAILED_MESSAGE = "Sign out failed. Please try again.";

/**
 * Signs out through better-auth, forgets every cached query of the user, and goes home. Any answer
 * but a 2xx, or no answer at all, is a failure (decisions override spec section 8, which counted
 * 401/403/404 as success): the user stays where they are and the caller shows SignOutFailedAlert.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      const response = await fetch("/api/auth/sign-out", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      if (!response.ok) throw new Error(SIGN_OUT_FAILED_MESSAGE);
    },
    onSuccess: async () => {
      // Leave first: a guarded page that saw the user vanish would send them to Sign In instead. The page is
      // gone once this settles because router updates are not transitions (providers.tsx).
      await navigate("/", { replace: true });
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== ME_QUERY_KEY[0] });
      await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
}
