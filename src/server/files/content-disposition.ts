/**
 * `Content-Disposition` for a stored file's own name, safe for any name a user gave it:
 * an ASCII fallback in `filename` (quotes, backslashes, control and non-ASCII characters become
 * "_") and the exact name in `filename*` (RFC 5987/6266, UTF-8 percent-encoded). Nothing of the name
 * can end the header or start another one.
 */
export function contentDisposition(disposition: "inline" | "attachment", name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, "_") || "file";
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export const inlineContentDisposition = (name: string) => contentDisposition("inline", name);

/**
 * Class files open in the browser only where the browser shows them as documents and media it
 * cannot run (PDF, images, audio, video); anything else (MusicXML, which may carry an XHTML
 * namespace with a script) is downloaded, never rendered from our origin.
 */
export function classFileDisposition(contentType: string, name: string): string {
  const viewable = /^(application\/pdf|image\/(png|jpeg|webp)|audio\/|video\/)/.test(contentType);
  return contentDisposition(viewable ? "inline" : "attachment", name);
}
