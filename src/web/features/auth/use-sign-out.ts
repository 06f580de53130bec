import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { ME_QUERY_KEY } from "./use-me";

/** Signs out through better-auth, forgets every cached query of the user, and goes home. */
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
      // Spec section 8: 401, 403 and 404 mean there was no session to end, which is success too.
      if (!response.ok && ![401, 403, 404].includes(response.status)) throw new Error("Sign out failed");
    },
    onSettled: async () => {
      // Leave first: a guarded page that saw the user vanish would send them to Sign In instead. The page is
      // gone once this settles because router updates are not transitions (providers.tsx).
      await navigate("/", { replace: true });
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== ME_QUERY_KEY[0] });
      await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
}
