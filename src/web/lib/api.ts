import { hc } from "hono/client";
import type { AppType } from "../../server/app";
import { AppError, isErrorBody } from "../../shared/errors";

/** Typed API client; the server's routes are the contract, no codegen. */
export const api = hc<AppType>("/", { init: { credentials: "same-origin" } }).api;

/**
 * Awaits a typed client call and returns its JSON, or throws the server's AppError so pages can
 * show `error.message` as is. A network failure becomes an AppError too.
 */
export async function call<T>(request: Promise<{ ok: boolean; status: number; json(): Promise<T> }>): Promise<T> {
  let response: Awaited<typeof request>;
  try {
    response = await request;
  } catch {
    throw new AppError("internal", "Could not reach the server. Check your connection and try again.");
  }
  const body = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) {
    if (isErrorBody(body)) {
      throw new AppError(body.error.code, body.error.message, {
        ...(body.error.fields ? { fields: body.error.fields } : {}),
        ...(body.error.reason ? { reason: body.error.reason } : {}),
        ...(body.error.details ? { details: body.error.details } : {}),
      });
    }
    throw new AppError("internal", "Something went wrong. Please try again.");
  }
  return body as T;
}

export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof AppError && error.message ? error.message : fallback;
}
