import { gzipSync } from "node:zlib";
import type { Context } from "hono";
import { compress } from "hono/compress";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./app-env";
import { acceptedEncoding, varyOnAcceptEncoding } from "./content-encoding";

/** Below this a JSON body goes as it is (hono's compress uses the same threshold). */
const SMALLEST_COMPRESSED_BYTES = 1024;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/** Text made per request (static files come precompressed from the build). */
const streamed = compress();

/**
 * API responses, compressed when the client accepts it. JSON, which the handlers build whole in
 * memory anyway, is gzipped in one call; anything else goes through hono's compress, which
 * streams (and leaves event streams and media alone by its type filter). Why not hono's compress
 * for JSON too: its CompressionStream hands the body to Node in several chunks, a socket write
 * each, and under `npm run bench:search` with a browser's Accept-Encoding that cut search
 * throughput by a quarter to a half against the same requests uncompressed.
 */
export const compressResponses = createMiddleware<AppEnv>((c, next) =>
  streamed(c, async () => {
    await next();
    await gzipJsonWhole(c);
  }),
);

async function gzipJsonWhole(c: Context<AppEnv>): Promise<void> {
  const res = c.res;
  if (c.req.method === "HEAD" || res.status === 206 || !res.body) return;
  if (!/^application\/json\b/i.test(res.headers.get("content-type") ?? "")) return;
  if (res.headers.has("content-encoding") || NO_TRANSFORM.test(res.headers.get("cache-control") ?? "")) return;
  // gzip only; a client that takes deflate alone is left to hono's compress.
  if (acceptedEncoding(c, ["gzip"]) !== "gzip") return;

  varyOnAcceptEncoding(c);
  const bytes = new Uint8Array(await res.arrayBuffer());
  const small = bytes.byteLength < SMALLEST_COMPRESSED_BYTES;
  const body = small ? bytes : gzipSync(bytes);
  const headers = new Headers(c.res.headers);
  // A length below the threshold also tells hono's compress, outside, to leave it alone.
  headers.set("content-length", String(body.byteLength));
  if (!small) headers.set("content-encoding", "gzip");
  c.res = new Response(body, { status: res.status, statusText: res.statusText, headers });
}
