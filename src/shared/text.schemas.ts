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

/** Deepest nesting of arrays and objects any request of ours has is a handful of levels; past this, refuse. */
export const MAX_INPUT_DEPTH = 32;
export const TOO_DEEP_MESSAGE = `The request is nested too deeply (more than ${MAX_INPUT_DEPTH} levels)`;

export type UnsafeInput = { kind: "text"; path: (string | number)[] } | { kind: "depth"; path: (string | number)[] };

/**
 * The first string anywhere in `value` (a parsed body or query) that is not safe text, or a nesting
 * deeper than MAX_INPUT_DEPTH, or undefined. Lets the server refuse such input on every route,
 * whatever its schema says. Walks with its own stack, not by recursion: a body nested thousands of
 * levels deep (which JSON.parse accepts) must be a 400, not a stack overflow.
 */
export function findUnsafeInput(value: unknown): UnsafeInput | undefined {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  while (stack.length) {
    const { value: item, path } = stack.pop()!;
    if (typeof item === "string") {
      if (!isSafeText(item)) return { kind: "text", path };
      continue;
    }
    if (!item || typeof item !== "object") continue;
    if (path.length >= MAX_INPUT_DEPTH) return { kind: "depth", path };
    // Pushed in reverse so the first field is looked at first (the path reported is the first one).
    const entries: [string | number, unknown][] = Array.isArray(item) ? item.map((v, i) => [i, v]) : Object.entries(item);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      if (typeof key === "string" && !isSafeText(key)) return { kind: "text", path: [...path, key] };
      stack.push({ value: child, path: [...path, key] });
    }
  }
  return undefined;
}

/** The path of the first string in `value` that is not safe text (see findUnsafeInput), or undefined. */
export function findUnsafeText(value: unknown): (string | number)[] | undefined {
  const found = findUnsafeInput(value);
  return found?.kind === "text" ? found.path : undefined;
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

// C0 controls (line feed, carriage return...), DEL, the C1 controls (U+0085 "next line" among them)
// and the line and paragraph separators: every character that some reader takes for a line break.
// eslint-disable-next-line no-control-regex -- control characters are what is refused
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
export const lineBreakMessage = (label: string) => `${label} must be on one line`;
/** No line breaks or other control characters (see oneLineText). */
export const isOneLine = (value: string) => !CONTROL_CHARACTERS.test(value);

/**
 * Required text on one line (a name, a title): no line breaks or other control characters, which
 * would otherwise travel into calendar files, email headers and CSV rows as structure.
 */
export function oneLineText(label: string, max: number) {
  return requiredText(label, max).refine(isOneLine, lineBreakMessage(label));
}

/** Text that may be blank, trimmed and limited to `max` characters. */
export function boundedText(label: string, max: number) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isSafeText, unsafeTextMessage(label));
}
