import type { ByteRange } from "./storage";

export type RangeRequest = { kind: "full" } | ({ kind: "partial" } & ByteRange) | { kind: "unsatisfiable" };

/**
 * Reads one HTTP Range header (RFC 9110 section 14) against a file of `size` bytes. A missing,
 * malformed or multi-range header is answered with the whole file, which the RFC allows; a range
 * that starts past the end is unsatisfiable (416).
 */
export function parseRange(header: string | undefined | null, size: number): RangeRequest {
  if (!header) return { kind: "full" };
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return { kind: "full" };
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return { kind: "full" };
  if (first === "") {
    // "bytes=-500": the last 500 bytes.
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "partial", start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? Number.POSITIVE_INFINITY : Number(last);
  if (end < start) return { kind: "full" };
  if (start >= size) return { kind: "unsatisfiable" };
  return { kind: "partial", start, end: Math.min(end, size - 1) };
}
