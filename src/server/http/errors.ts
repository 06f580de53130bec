import type { ErrorHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { AppError, type ErrorCode } from "../../shared/errors";
import type { Deps } from "../deps";
import type { AppEnv } from "./app-env";
import { loggablePath } from "./log-redaction";

const statusCodes: Partial<Record<number, ErrorCode>> = {
  400: "validation",
  401: "unauthenticated",
  403: "forbidden",
  404: "not_found",
  409: "conflict",
  413: "payload_too_large",
  415: "unsupported_media_type",
  429: "rate_limited",
};

/** PostgreSQL SQLSTATEs that mean the request, not the server, was wrong. */
const pgClientErrors: Record<string, { code: ErrorCode; message: string }> = {
  "23505": { code: "conflict", message: "That already exists." },
  "23P01": { code: "conflict", message: "That time is no longer available." },
  "23503": { code: "conflict", message: "Something this depends on no longer exists." },
  "23514": { code: "validation", message: "Some values are not allowed." },
  "22001": { code: "validation", message: "A value is too long." },
  "22P02": { code: "validation", message: "A value has the wrong format." },
};

/** Returns the PostgreSQL error code of an error or of any error it wraps (drizzle wraps driver errors). */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The constraint a PostgreSQL error names (drivers put it on the error or its cause). */
export function pgConstraint(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const name = (current as { constraint?: unknown }).constraint;
    if (typeof name === "string") return name;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export function toAppError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  if (error instanceof HTTPException) {
    const code = statusCodes[error.status];
    if (code) {
      const message = error.status === 400 && /json/i.test(error.message) ? "The request body is not valid JSON." : error.message;
      return new AppError(code, message || "Bad request");
    }
  }
  const pgCode = pgErrorCode(error);
  const mapped = pgCode ? pgClientErrors[pgCode] : undefined;
  if (mapped) return new AppError(mapped.code, mapped.message);
  return undefined;
}

export function errorHandler(deps: Pick<Deps, "logger">): ErrorHandler<AppEnv> {
  return (error, c) => {
    const requestId = c.get("requestId");
    const appError = toAppError(error);
    if (appError) {
      // A refused body may still be arriving: close the connection after the answer, so the
      // client's next request is not read from the middle of the rest of it.
      if (appError.status === 413 || appError.status === 415) c.header("connection", "close");
      if (appError.status === 429) c.header("retry-after", String(Math.max(1, Math.ceil(appError.retryAfterSeconds ?? 60))));
      return c.json(appError.toBody(requestId), appError.status as 400);
    }
    deps.logger.error({ err: error, requestId, path: loggablePath(c.req.path) }, "unhandled error");
    return c.json(
      new AppError("internal", "Something went wrong on our side. Please try again.").toBody(requestId),
      500,
    );
  };
}
