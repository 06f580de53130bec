import { gzipSync } from "node:zlib";
import type { Context, TypedResponse } from "hono";
import type { JSONParsed } from "hono/utils/types";
import { compress } from "hono/compress";
import { createMiddleware } from "hono/factory";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";
import type { AppEnv } from "./app-env";
import { acceptedEncoding, varyOnAcceptEncoding } from "./content-encoding";

/** Below this a JSON body goes as it is (hono's compress uses the same threshold). */
const SMALLEST_COMPRESSED_BYTES = 1024;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const JSON_TYPE = /^application\/json\b/i;

/** Text made per request other than JSON (static files come precompressed from the build). */
const streamedOtherText = compress({ contentTypeFilter: (type) => !JSON_TYPE.test(type) && COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) });

/** The text of each response `c.json` made for a client that takes gzip, to compress without reading the body back. */
const jsonTexts = new WeakMap<Response, string | Uint8Array>();

/**
 * API responses, compressed when the client accepts it. JSON, which the handlers build whole in
 * memory anyway, is gzipped in one call; other text goes through hono's compress, which streams
 * (and leaves event streams and media alone by its type filter). Why not hono's compress for JSON
 * too: its CompressionStream hands the body to Node in several chunks, a socket write each, and
 * under `npm run bench:search` with a browser's Accept-Encoding that cut search throughput by a
 * quarter to a half against the same requests uncompressed.
 *
 * It also keeps @hono/node-server's fast path: its light Response writes a string or byte body
 * in one call, but reading `body`, `bodyUsed`, `statusText` or the body itself, hono's `c.header()`
 * after the handler (which re-creates the response from `res.body`) and `c.res = …` over an
 * existing response all turn it into a full fetch Response sent as a stream. Measured on search
 * at one connection, reading the body back cost 0.16 ms of server CPU per request, more than the
 * gzip itself. So `c.json` keeps its text for this middleware, headers are set on `res.headers`,
 * and the gzipped answer replaces the old one outright.
 */
export const compressResponses = createMiddleware<AppEnv>((c, next) =>
  streamedOtherText(c, async () => {
    const gzip = acceptedEncoding(c, ["gzip"]) === "gzip";
    if (gzip) keepJsonTexts(c);
    await next();
    await gzipJsonWhole(c, gzip);
  }),
);

/** `c.json` as hono writes it (the same body, arguments and default type), remembering its text. */
function keepJsonTexts(c: Context<AppEnv>): void {
  const json = (object: unknown, arg?: Parameters<Context["body"]>[1], headers?: Record<string, string | string[]>): Response =>
    jsonTextBody(c, JSON.stringify(object), arg, headers);
  c.json = json as unknown as Context<AppEnv>["json"];
}

/** A JSON body as `c.json` makes it, its text kept for gzipJsonWhole. */
function jsonTextBody(c: Context, text: string | Uint8Array<ArrayBuffer>, arg?: unknown, headers?: Record<string, string | string[]>): Response {
  const res = c.body(text, arg as never, { "Content-Type": "application/json", ...headers });
  jsonTexts.set(res, text);
  return res;
}

/**
 * A JSON answer whose text (or UTF-8 bytes) the handler wrote itself (a hot answer serialized by hand), sent like
 * `c.json`'s: the same type for the typed client, the same content type, and its text kept for
 * the gzip above.
 */
export function jsonTextResponse<T>(c: Context, text: string | Uint8Array<ArrayBuffer>): Response & TypedResponse<JSONParsed<T>, 200, "json"> {
  return jsonTextBody(c, text, 200) as unknown as Response & TypedResponse<JSONParsed<T>, 200, "json">;
}

async function gzipJsonWhole(c: Context<AppEnv>, gzip: boolean): Promise<void> {
  const res = c.res;
  if (!JSON_TYPE.test(res.headers.get("content-type") ?? "")) return;
  // Every JSON answer could have been compressed, so caches must key it by Accept-Encoding.
  varyOnAcceptEncoding(res.headers);
  // gzip only: every browser takes it (a client that takes deflate alone gets JSON plain).
  if (!gzip || c.req.method === "HEAD" || res.status === 206) return;
  if (res.headers.has("content-encoding") || NO_TRANSFORM.test(res.headers.get("cache-control") ?? "")) return;
  const text = jsonTexts.get(res);
  if (text !== undefined) {
    // Characters, not bytes, for text: JSON is nearly all ASCII, and counting bytes would walk the text once more.
    if (text.length >= SMALLEST_COMPRESSED_BYTES) replaceBody(c, res, gzipSync(text), true);
    return;
  }
  // A JSON response that did not come from `c.json` (none of ours today) is read back.
  if (!res.body) return;
  const bytes = new Uint8Array(await res.arrayBuffer());
  const small = bytes.byteLength < SMALLEST_COMPRESSED_BYTES;
  replaceBody(c, res, small ? bytes : gzipSync(bytes), !small);
}

function replaceBody(c: Context<AppEnv>, res: Response, body: Uint8Array<ArrayBuffer>, gzipped: boolean): void {
  const headers = new Headers(res.headers);
  headers.set("content-length", String(body.byteLength));
  if (gzipped) headers.set("content-encoding", "gzip");
  // Cleared first, so that hono takes the new response as it is instead of re-wrapping its body.
  c.res = undefined;
  c.res = new Response(body, { status: res.status, headers });
}
