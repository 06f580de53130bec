import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { RouterProvider } from "react-router";
import { AppError } from "../../shared/errors";
import { createRouter } from "./router";

function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx will not change on retry; network and 5xx errors get one more try.
        retry: (count, error) => count < 1 && !(error instanceof AppError && error.status < 500),
        refetchOnWindowFocus: false,
      },
    },
  });
}

export function Providers() {
  const [queryClient] = useState(makeQueryClient);
  const [router] = useState(() => createRouter(queryClient));
  return (
    <QueryClientProvider client={queryClient}>
      {/* Router state updates are not transitions: once `await navigate()` settles, the new page is the next
          render, so a cache change right after it (sign-out forgetting the user) cannot reach the page being
          left (a guarded page would otherwise see the user vanish and send them to Sign In). */}
      <RouterProvider router={router} useTransitions={false} />
    </QueryClientProvider>
  );
}
