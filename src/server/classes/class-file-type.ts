import { fileTypeFromBuffer } from "file-type";

/**
 * The type of an uploaded class file, decided from its first bytes (decisions.md section 3: the
 * content, never the name or the declared Content-Type). Allowed: PDF, PNG/JPEG/WebP, MP3/M4A/WAV/OGG,
 * MP4/WebM/MOV, MusicXML (text) and MXL (compressed MusicXML, a zip with META-INF/container.xml).
 */
export interface ClassFileType {
  ext: string;
  /** The Content-Type stored and served. */
  contentType: string;
}

/** Enough for file-type's signatures and for the MusicXML root element after a long prologue. */
export const CLASS_FILE_SNIFF_BYTES = 64 * 1024;

/** file-type's extension → what we store. Anything not listed is refused. */
const ALLOWED: Record<string, ClassFileType> = {
  pdf: { ext: "pdf", contentType: "application/pdf" },
  png: { ext: "png", contentType: "image/png" },
  jpg: { ext: "jpg", contentType: "image/jpeg" },
  webp: { ext: "webp", contentType: "image/webp" },
  mp3: { ext: "mp3", contentType: "audio/mpeg" },
  m4a: { ext: "m4a", contentType: "audio/mp4" },
  wav: { ext: "wav", contentType: "audio/wav" },
  ogg: { ext: "ogg", contentType: "audio/ogg" },
  oga: { ext: "ogg", contentType: "audio/ogg" },
  opus: { ext: "ogg", contentType: "audio/ogg" },
  spx: { ext: "ogg", contentType: "audio/ogg" },
  mp4: { ext: "mp4", contentType: "video/mp4" },
  webm: { ext: "webm", contentType: "video/webm" },
  mov: { ext: "mov", contentType: "video/quicktime" },
};

const MUSICXML: ClassFileType = { ext: "musicxml", contentType: "application/vnd.recordare.musicxml+xml" };
const MXL: ClassFileType = { ext: "mxl", contentType: "application/vnd.recordare.musicxml" };

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return signature.every((b, i) => bytes[i] === b);
}

/** A zip whose entries (names are stored as plain text in the local headers) include META-INF/container.xml. */
function isMxl(bytes: Uint8Array): boolean {
  return startsWith(bytes, ZIP_SIGNATURE) && Buffer.from(bytes).includes("META-INF/container.xml", 0, "latin1");
}

/**
 * Uncompressed MusicXML: text starting (after an optional byte-order mark and white space) with an
 * XML declaration whose root element is score-partwise or score-timewise. UTF-16 files are read
 * as UTF-16; the check needs the root element inside the sniffed bytes.
 */
function isMusicXml(bytes: Uint8Array): boolean {
  const buffer = Buffer.from(bytes);
  let text: string;
  if (buffer[0] === 0xff && buffer[1] === 0xfe) text = buffer.subarray(2).toString("utf16le");
  else if (buffer[0] === 0xfe && buffer[1] === 0xff) text = Buffer.from(buffer.subarray(2)).swap16().toString("utf16le");
  else text = buffer.toString("utf8").replace(/^\uFEFF/, "");
  if (!/^\s*<\?xml[\s?]/.test(text)) return false;
  // The first element that is not a comment, processing instruction or DOCTYPE is the root.
  const withoutPrologue = text.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>/g, "");
  return /^\s*<score-(partwise|timewise)[\s>/]/.test(withoutPrologue);
}

/** The allowed type of these first bytes, or null. */
export async function sniffClassFileType(bytes: Uint8Array): Promise<ClassFileType | null> {
  if (bytes.length === 0) return null;
  if (isMxl(bytes)) return MXL;
  if (isMusicXml(bytes)) return MUSICXML;
  const detected = await fileTypeFromBuffer(bytes);
  return detected ? (ALLOWED[detected.ext] ?? null) : null;
}
