import { z } from "zod";

/**
 * Text fields every feature's schemas share, so a missing, blank or too long value reads the same
 * everywhere: "<Label> is required", "<Label> must be text", "<Label> must be at most N characters".
 */

/** Required text, trimmed: missing or blank says "<Label> is required". */
export function requiredText(label: string, max: number) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be text`) })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
}

/** Text that may be blank, trimmed and limited to `max` characters. */
export function boundedText(label: string, max: number) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`);
}
