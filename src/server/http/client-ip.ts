import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/** The socket's address; in-process tests (app.request) have no socket and get the loopback address. */
export function clientIp(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? "127.0.0.1";
  } catch {
    return "127.0.0.1";
  }
}
