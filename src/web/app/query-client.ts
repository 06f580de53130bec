import { QueryClient } from "@tanstack/react-query";
import { AppError } from "../../shared/errors";

/** The app's query defaults, the same in the browser and in the server's page renderer (entry-server.tsx). */
export function makeQueryClient() {
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
