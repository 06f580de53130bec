import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { RouterProvider, type DataRouter } from "react-router";

/** The browser's app: made in main.tsx, which hydrates the server's page or renders from scratch. */
export function Providers({ queryClient, router }: { queryClient: QueryClient; router: DataRouter }) {
  return (
    <QueryClientProvider client={queryClient}>
      {/* Router state updates are not transitions: once `await navigate()` settles, the new page is the next
          render, so a cache change right after it (sign-out forgetting the user) cannot reach the page being
          left (a guarded page would otherwise see the user vanish and send them to Sign In). */}
      <RouterProvider router={router} useTransitions={false} />
    </QueryClientProvider>
  );
}
