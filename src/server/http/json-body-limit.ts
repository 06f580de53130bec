import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { AppError } from "../../shared/errors";
import type { AppEnv } from "./app-env";

/** JSON bodies are small; uploads (multipart or raw files) set their own, larger limits on their routes. */
export const MAX_JSON_BYTES = 256 * 1024;

const limit = bodyLimit({
  maxSize: MAX_JSON_BYTES,
  onError: () => {
    throw new AppError("payload_too_large", "The request is too large.");
  },
});

export const jsonBodyLimit = createMiddleware<AppEnv>(async (c, next) => {
  const type = c.req.header("content-type") ?? "";
  if (type.includes("application/json") || type === "") return limit(c, next);
  await next();
});
