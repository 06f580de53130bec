import { z } from "zod";

/**
 * The keyset cursor of teacher search (Load More): the sort key values of the last row shown, its
 * id (the last key), how many rows came before the next page, and a hash of the filters and sort
 * it belongs to. The next page is then "the rows after these keys", which costs what the first
 * page costs wherever it is in the results (an OFFSET walks every row before the page).
 *
 * Opaque to clients: base64url of a small JSON object. The check hash covers everything in it, so
 * a cursor that was cut or edited is refused rather than read as some other position. It is a
 * checksum, not a signature: forging one only positions a public listing, and every value is
 * validated again (type and range) before it reaches SQL.
 */

/** Bumped when the layout of a cursor changes: older cursors are then refused (400). */
export const SEARCH_CURSOR_VERSION = 1;
/** Far more than any cursor this server writes (about 150 characters). */
export const SEARCH_CURSOR_MAX_LENGTH = 600;

/** A sort key value: numbers (scores, prices, ranks, distances, times in µs), ids, or null (no rating). */
export type SortKeyValue = number | string | null;

export interface SearchCursor {
  /** The sort keys of the last row shown, in the order's terms; the last one is its id. */
  keys: SortKeyValue[];
  /** Rows before the next page (a multiple of the page size): its page number and the count. */
  position: number;
  /** Hash of the filters and sort the cursor was made for (filtersHash). */
  filters: string;
}

export const CURSOR_DAMAGED_MESSAGE = "The cursor is damaged or was changed. Start again from the first page (leave cursor out).";
export const CURSOR_OTHER_SEARCH_MESSAGE =
  "The cursor belongs to a search with other filters or another sort. Start again from the first page (leave cursor out).";

/** cyrb53: a fast 53-bit string hash, as 11 base-36 characters (a checksum, see above). */
function hash53(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36).padStart(11, "0");
}

/**
 * The hash of a search's filters and sort (the parsed, normalised values, page and cursor left
 * out): a cursor is only good for the search it was made for.
 */
export function filtersHash(filters: Record<string, unknown>): string {
  const entries = Object.entries(filters)
    .filter(([key, value]) => key !== "page" && key !== "cursor" && value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return hash53(JSON.stringify(entries));
}

const keyValue = z.union([z.number(), z.string().max(64), z.null()]);

/** The JSON inside a cursor. */
const cursorBody = z.strictObject({
  v: z.literal(SEARCH_CURSOR_VERSION),
  k: z.array(keyValue).min(2).max(6),
  n: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  f: z.string().length(11),
  s: z.string().length(11),
});
type CursorBody = z.infer<typeof cursorBody>;

const checkOf = (body: Omit<CursorBody, "s">) => hash53(JSON.stringify([body.v, body.k, body.n, body.f]));

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text) || text.length % 4 === 1) return null;
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

export function encodeSearchCursor(cursor: SearchCursor): string {
  const body: Omit<CursorBody, "s"> = { v: SEARCH_CURSOR_VERSION, k: cursor.keys, n: cursor.position, f: cursor.filters };
  return toBase64Url(JSON.stringify({ ...body, s: checkOf(body) }));
}

/** The cursor in a text, or null when it is not one this server wrote (garbage, cut, edited, older version). */
export function decodeSearchCursor(text: string): SearchCursor | null {
  const json = fromBase64Url(text);
  if (json === null) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return null;
  }
  const parsed = cursorBody.safeParse(raw);
  if (!parsed.success || parsed.data.s !== checkOf(parsed.data)) return null;
  return { keys: parsed.data.k, position: parsed.data.n, filters: parsed.data.f };
}
