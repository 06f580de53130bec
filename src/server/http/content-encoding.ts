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

/** A response that could have been compressed differs by Accept-Encoding, whether or not this one was. */
export function varyOnAcceptEncoding(c: { res: Response; header(name: string, value: string): void }): void {
  const vary = c.res.headers.get("vary");
  if (vary !== "*" && !(vary && VARY_ACCEPT_ENCODING.test(vary))) c.header("vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
}
