import { z } from "zod";

/**
 * Text fields every feature's schemas share, so a missing, blank or too long value reads the same
 * everywhere: "<Label> is required", "<Label> must be text", "<Label> must be at most N characters".
 */

/**
 * Characters no text of ours may hold: NUL (PostgreSQL refuses it in text, 22021) and UTF-16
 * halves without their partner (they cannot be stored as UTF-8 and would silently become U+FFFD).
 */
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const UNSAFE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isSafeText(value: string): boolean {
  return !UNSAFE_TEXT.test(value);
}

export const unsafeTextMessage = (label: string) => `${label} contains a character that is not allowed`;

/**
 * The path of the first string anywhere in `value` (a parsed body or query) that is not safe text,
 * or undefined. Lets the server refuse such input on every route, whatever its schema says.
 */
export function findUnsafeText(value: unknown, path: (string | number)[] = []): (string | number)[] | undefined {
  if (typeof value === "string") return isSafeText(value) ? undefined : path;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = findUnsafeText(item, [...path, i]);
      if (found) return found;
    }
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const found = isSafeText(key) ? findUnsafeText(item, [...path, key]) : [...path, key];
      if (found) return found;
    }
  }
  return undefined;
}

/** Required text, trimmed: missing or blank says "<Label> is required". */
export function requiredText(label: string, max: number) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be text`) })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isSafeText, unsafeTextMessage(label));
}

/** Text that may be blank, trimmed and limited to `max` characters. */
export function boundedText(label: string, max: number) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isSafeText, unsafeTextMessage(label));
}
