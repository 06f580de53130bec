/**
 * Extra bad-input mutations, generated from a valid body: broken text in every string field and
 * out-of-range dates in every date-like field. Self-contained so the bad-input harness only adds
 * `...extremeValueBodies(valid)` to its variants.
 */

/** Text PostgreSQL cannot store (NUL) or that is not Unicode (a lone surrogate). */
export const BROKEN_TEXT = ["a\u0000b", "\ud800"] as const;
/** Dates a calendar accepts syntactically but no lesson, month or birthday of this app can have. */
export const EXTREME_DATES = ["9999-12-31", "0000-01-01", "9999-12-31T23:59:59Z", "2026-02-30T00:00:00Z", "2026-13-01T00:00:00Z"] as const;

/** yyyy-MM, yyyy-MM-dd or an ISO date-time. */
const DATE_LIKE = /^\d{4}-\d{2}(-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?)?$/;

export function isDateLike(value: unknown): value is string {
  return typeof value === "string" && DATE_LIKE.test(value);
}

/**
 * For each top-level field: a string (or array of strings) gets every BROKEN_TEXT value, and a
 * date-like one (by value or by a name ending in date/at/month/time(s)/day) also every EXTREME_DATES
 * value. An array field is replaced by a one-element array of the bad value.
 */
export function extremeValueBodies(valid: Record<string, unknown>): { label: string; body: string }[] {
  const variants: { label: string; body: string }[] = [];
  for (const [key, value] of Object.entries(valid)) {
    const isArray = Array.isArray(value);
    const sample: unknown = isArray ? value[0] : value;
    if (typeof sample !== "string") continue;
    const wrap = (bad: string) => (isArray ? [bad] : bad);
    const dateLike = isDateLike(sample) || /(date|At|month|time|times|day)$/i.test(key);
    const bad = [...BROKEN_TEXT, ...(dateLike ? EXTREME_DATES : [])];
    for (const text of bad) {
      variants.push({ label: `${key} = ${JSON.stringify(wrap(text))}`, body: JSON.stringify({ ...valid, [key]: wrap(text) }) });
    }
  }
  return variants;
}
