import { AppError } from "../../../shared/errors";

/**
 * better-auth's own endpoints (/api/auth/*) are not part of our typed client; this posts to them
 * and turns a failure into an AppError carrying better-auth's message.
 */
export async function authRequest<T = unknown>(path: string, body?: Record<string, unknown>): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api/auth${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: body === undefined ? {} : { "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      credentials: "same-origin",
    });
  } catch {
    throw new AppError("internal", "Could not reach the server. Check your connection and try again.");
  }
  const json = (await response.json().catch(() => null)) as ({ message?: string; code?: string } & T) | null;
  if (!response.ok) {
    const status = response.status === 429 ? "rate_limited" : response.status === 401 ? "unauthenticated" : "validation";
    throw new AppError(status, json?.message ?? "Something went wrong. Please try again.", {
      ...(json?.code ? { reason: json.code } : {}),
    });
  }
  return json as T;
}
