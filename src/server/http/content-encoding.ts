export type ContentEncoding = "br" | "gzip";

/**
 * The first of `offered` (listed in our order of preference) that the request's Accept-Encoding
 * takes; q=0 means refused, and `*` stands for any encoding the header does not name.
 */
export function acceptedEncoding(c: { req: { header(name: string): string | undefined } }, offered: readonly ContentEncoding[]): ContentEncoding | undefined {
  const accepted = new Map(
    (c.req.header("accept-encoding") ?? "").split(",").map((part) => {
      const [name = "", ...params] = part.trim().toLowerCase().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return [name, q ? Number(q.slice(2)) : 1] as const;
    }),
  );
  return offered.find((name) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0);
}

const VARY_ACCEPT_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

/**
 * A response that could have been compressed differs by Accept-Encoding, whether or not this one
 * was. Set on the response's own headers: hono's `c.header()` after the handler would re-create the
 * response from its body stream (see compress-responses.ts).
 */
export function varyOnAcceptEncoding(headers: Headers): void {
  const vary = headers.get("vary");
  if (vary !== "*" && !(vary && VARY_ACCEPT_ENCODING.test(vary))) headers.set("vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
}
