/**
 * One Intl.DateTimeFormat per locale and options, kept (issue 42). Each formatter holds ICU's
 * calendar, zone and pattern objects in native memory (about 18 KB each) that V8's heap does not
 * count, so a formatter made per call and dropped is collected late, if ever: building Sunday's
 * digests made tens of thousands of them and left a server at 700 MB of RSS with 100 MB of heap.
 * A formatter is immutable and reusable; the keys are bounded by the zones and the few formats
 * the code writes, and the map by FORMATTER_LIMIT all the same (the oldest goes first).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
const FORMATTER_LIMIT = 1_000;

/** `new Intl.DateTimeFormat(locale, options)`, made once and reused. */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, options);
    if (formatters.size >= FORMATTER_LIMIT) formatters.delete(formatters.keys().next().value!);
    formatters.set(key, formatter);
  }
  return formatter;
}
