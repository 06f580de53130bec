import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "./app-env";

/** The connection's own address; in-process tests (app.request) have no socket and get the loopback address. */
function connectionAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? "127.0.0.1";
  } catch {
    return "127.0.0.1";
  }
}

/**
 * The client's address behind `trustedProxies` proxies. Each proxy appends the address it saw to
 * X-Forwarded-For, so, reading from the right, the first entries are our own proxies' and the one
 * after them is what the outermost trusted proxy saw: the client. Anything further left was
 * written by the client itself and proves nothing. A shorter chain than configured (a request
 * that came round the balancer) gets the leftmost address there is.
 */
export function addressBehindProxies(connection: string, forwardedFor: string | undefined, trustedProxies: number): string {
  if (trustedProxies === 0) return connection;
  const chain = [
    ...(forwardedFor ?? "")
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean),
    connection,
  ];
  return chain[Math.max(0, chain.length - 1 - trustedProxies)]!;
}

/** Works out the client's address once per request (TRUSTED_PROXIES), for the rate limits. */
export function resolveClientIp(trustedProxies: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set("clientIp", addressBehindProxies(connectionAddress(c), c.req.header("x-forwarded-for"), trustedProxies));
    await next();
  };
}

/** The client's address, as resolveClientIp found it (or the connection's, on a route outside the app's middleware). */
export function clientIp(c: Context): string {
  return (c.get("clientIp") as string | undefined) ?? connectionAddress(c);
}
