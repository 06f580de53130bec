import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { AppError } from "../../shared/errors";
import type { AppEnv } from "./app-env";

/** Every request body is small, whatever its content type says: JSON, forms, anything. */
export const MAX_BODY_BYTES = 256 * 1024;

/**
 * Routes that stream a file to storage and count its bytes against their own, larger limit
 * (intro videos 100 MB, class files 25 MB). Only these skip the general limit; they check size
 * and type themselves.
 */
const STREAMED_UPLOADS: readonly { method: string; path: RegExp }[] = [
  { method: "PUT", path: /^\/api\/teachers\/me\/intro-video$/ },
  { method: "POST", path: /^\/api\/classes\/[^/]+\/files$/ },
];

const limit = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: () => {
    throw new AppError("payload_too_large", "The request is too large.");
  },
});

export const requestBodyLimit = createMiddleware<AppEnv>(async (c, next) => {
  // No GET or HEAD route reads a body (Node drains an unread one), and looking for one makes
  // @hono/node-server build a whole fetch Request with an AbortSignal for the call: about 3 % of
  // the server's CPU per search request under `npm run bench:search`.
  if (c.req.method === "GET" || c.req.method === "HEAD") return next();
  const streamed = STREAMED_UPLOADS.some((u) => u.method === c.req.method && u.path.test(c.req.path));
  if (streamed) return next();
  return limit(c, next);
});
