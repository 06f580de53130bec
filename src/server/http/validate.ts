import { zValidator } from "@hono/zod-validator";
import type { Context, ValidationTargets } from "hono";
import type { z } from "zod";
import { AppError } from "../../shared/errors";
import { findUnsafeInput, TOO_DEEP_MESSAGE, unsafeTextMessage } from "../../shared/text.schemas";

/** Turns zod issues into `{ "field.path": "message" }`, first message per field. */
export function fieldErrors(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : "_";
    fields[key] ??= issue.message;
  }
  return fields;
}

/** The media types Hono's json validator parses (a request with any other is validated as `{}`). */
const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;
const sentJson = (c: Context) => JSON_TYPE.test((c.req.header("content-type") ?? "").split(";")[0]!.trim());

export const JSON_ONLY_MESSAGE = 'Send the request body as JSON, with the header "Content-Type: application/json".';

/**
 * A route that takes JSON refuses a body of any other type (issue 39). Hono's json validator reads
 * such a body as `{}`, so `{"priceCents":4200}` sent as text/plain would accept a lesson at the
 * suggested price, the price silently dropped. An empty body is fine (a route whose body is
 * optional); a body without a content type is refused like one with the wrong type.
 */
async function refuseOtherThanJson(c: Context): Promise<void> {
  if (sentJson(c) || c.req.raw.body === null) return;
  if ((await c.req.text()) !== "") throw new AppError("unsupported_media_type", JSON_ONLY_MESSAGE);
}

/** Refuses input holding unsafe text anywhere, or nested past MAX_INPUT_DEPTH. */
function refuseUnsafeInput(value: unknown): void {
  const unsafe = findUnsafeInput(value);
  if (unsafe?.kind === "depth") throw new AppError("validation", TOO_DEEP_MESSAGE, { fields: { _: TOO_DEEP_MESSAGE } });
  if (unsafe) {
    const field = unsafe.path.length ? unsafe.path.map(String).join(".") : "_";
    const message = unsafeTextMessage(unsafe.path.length ? `The field "${field}"` : "The request");
    throw new AppError("validation", message, { fields: { [field]: message } });
  }
}

/**
 * The input as the client sent it: Hono keeps the parsed JSON body, so reading it again is free.
 * A request with no JSON body (a route whose body is optional) was validated as `{}`: nothing to read.
 */
async function inputAsSent(c: Context, target: keyof ValidationTargets, fallback: unknown): Promise<unknown> {
  if (target === "json" && sentJson(c)) return c.req.json<unknown>();
  if (target === "json") return fallback;
  if (target === "query") return c.req.queries();
  return fallback;
}

/**
 * zod validation for a route; failures become a 400 AppError with field messages. Before the
 * schema, any string in the input holding NUL or a broken surrogate is refused, so no field of any
 * route can reach PostgreSQL with one (it would answer 22021, a 500), and so is input nested too
 * deeply. The scan reads the input as sent, not the schema's result: a schema drops keys it does
 * not know, and what it dropped (a key nested thousands of levels deep) must be refused too.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, async (result, c) => {
    if (target === "json") await refuseOtherThanJson(c);
    refuseUnsafeInput(result.success ? await inputAsSent(c, target, result.data) : result.data);
    if (!result.success) {
      const issues = result.error.issues;
      throw new AppError("validation", issues[0]?.message ?? "Invalid request", { fields: fieldErrors(issues) });
    }
  });
}

/**
 * Path parameters name resources: a malformed one (not a UUID, say) names nothing, so it is a
 * 404 with the resource's own message, answered before anything reaches SQL.
 */
export function validateParams<Schema extends z.ZodType>(
  schema: Schema,
  notFoundMessage: string | ((badParam: string) => string),
) {
  return zValidator("param", schema, (result) => {
    if (result.success) return;
    const badParam = String(result.error.issues[0]?.path[0] ?? "");
    throw new AppError("not_found", typeof notFoundMessage === "string" ? notFoundMessage : notFoundMessage(badParam));
  });
}
