/**
 * `Content-Disposition: inline` for a stored file's own name, safe for any name a user gave it:
 * an ASCII fallback in `filename` (quotes, backslashes, control and non-ASCII characters become
 * "_") and the exact name in `filename*` (RFC 5987/6266, UTF-8 percent-encoded). Nothing of the name
 * can end the header or start another one.
 */
export function inlineContentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, "_") || "file";
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `inline; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
