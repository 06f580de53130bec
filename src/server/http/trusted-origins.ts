import type { Env } from "../env";

/** The dev server's port (vite.config.ts): it proxies /api to the API, keeping the browser's Origin. */
const DEV_SERVER_PORT = 5173;

/**
 * Origins whose pages may change state through the API: the public address, and outside production
 * both loopback names (users open `localhost` and `127.0.0.1` alike) on the server's and the dev
 * server's ports. Shared by better-auth's check and ours, so both answer the same way.
 */
export function trustedOrigins(env: Pick<Env, "PUBLIC_URL" | "PORT" | "NODE_ENV">): string[] {
  const origins = new Set([new URL(env.PUBLIC_URL).origin]);
  if (env.NODE_ENV !== "production") {
    for (const port of [env.PORT, DEV_SERVER_PORT]) {
      for (const host of ["localhost", "127.0.0.1", "[::1]"]) origins.add(`http://${host}:${port}`);
    }
  }
  return [...origins];
}
