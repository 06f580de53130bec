export type VideoExtension = "mp4" | "mov" | "webm";

export const VIDEO_CONTENT_TYPES: Record<VideoExtension, string> = {
  mp4: "video/mp4",
  mov: "video/quicktime",
  webm: "video/webm",
};

/** Bytes needed to tell the types apart: the ISO box header with its major brand. */
export const VIDEO_SNIFF_BYTES = 12;

/**
 * ISO base media brands that are not videos: still images (HEIF, AVIF) and audio (M4A, M4B, M4P)
 * use the same 'ftyp' box, and a photo renamed .mp4 must not pass as a video.
 */
const NON_VIDEO_BRANDS = new Set(["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1", "avif", "avis", "M4A ", "M4B ", "M4P "]);

/**
 * The real type of a video from its first bytes, whatever its name or declared type says:
 * MP4 and MOV carry an 'ftyp' box at offset 4 (brand 'qt  ' is QuickTime); WebM starts with the
 * EBML magic 1A 45 DF A3. Anything else is null.
 */
export function sniffVideoType(head: Uint8Array): VideoExtension | null {
  if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return "webm";
  if (head.length < VIDEO_SNIFF_BYTES) return null;
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (ascii(4, 8) !== "ftyp") return null;
  const brand = ascii(8, 12);
  if (NON_VIDEO_BRANDS.has(brand)) return null;
  return brand === "qt  " ? "mov" : "mp4";
}
