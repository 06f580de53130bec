import { Readable } from "node:stream";
import type { Context } from "hono";
import { AppError } from "../../shared/errors";
import { parseRange } from "./http-range";
import type { Storage } from "./storage";

/**
 * Answers a GET (or HEAD) for a stored file, streamed from storage, with HTTP Range support so a
 * video player can seek: 206 with Content-Range for one satisfiable range, 416 when it starts past
 * the end, 200 with the whole file otherwise.
 */
export async function fileResponse(
  c: Context,
  storage: Storage,
  key: string,
  options: { contentType: string; cacheControl: string; headers?: Record<string, string> },
): Promise<Response> {
  const info = await storage.stat(key);
  if (!info) throw new AppError("not_found", "File not found.");
  const lastModified = info.modifiedAt.toUTCString();
  const headers: Record<string, string> = {
    "content-type": options.contentType,
    "accept-ranges": "bytes",
    "cache-control": options.cacheControl,
    "last-modified": lastModified,
    "x-content-type-options": "nosniff",
    ...options.headers,
  };

  // If-Range: a range of an older version of the file must not be spliced onto the new one.
  const ifRange = c.req.header("if-range");
  const range = ifRange && ifRange !== lastModified ? ({ kind: "full" } as const) : parseRange(c.req.header("range"), info.size);
  if (range.kind === "unsatisfiable") {
    return c.body(null, 416, { ...headers, "content-range": `bytes */${info.size}` });
  }
  const byteRange = range.kind === "partial" ? { start: range.start, end: range.end } : undefined;
  const length = byteRange ? byteRange.end - byteRange.start + 1 : info.size;
  const status = byteRange ? 206 : 200;
  if (byteRange) headers["content-range"] = `bytes ${byteRange.start}-${byteRange.end}/${info.size}`;
  headers["content-length"] = String(length);
  if (c.req.method === "HEAD") return c.body(null, status, headers);

  const file = await storage.get(key, byteRange);
  if (!file) throw new AppError("not_found", "File not found.");
  if (file.info.size !== info.size) {
    // Replaced between the two looks: the client retries and gets the new file whole.
    file.stream.destroy();
    throw new AppError("conflict", "The file changed while it was being read. Please try again.");
  }
  return c.body(Readable.toWeb(file.stream) as ReadableStream<Uint8Array>, status, headers);
}
