/**
 * Walks a media file's container as its bytes stream past, so a file whose first bytes look like a
 * video but whose rest is something else (an MP4 header followed by HTML, say) is refused before
 * it is stored. A sniff of the first bytes alone cannot tell; the box and element sizes can: every
 * top-level box of an ISO file (MP4, MOV) must end exactly where the next begins and where the
 * file ends, and the movie box must be there; a WebM file is an EBML header followed by a Segment;
 * a PDF ends with its end-of-file marker.
 */
export type ContainerKind = "iso" | "ebml" | "pdf";

export interface ContainerCheck {
  push(chunk: Uint8Array): void;
  /** Null when the whole file had the container's shape, else why not. */
  finish(): string | null;
}

const isPrintableType = (b: Uint8Array) => b.every((byte) => byte >= 0x20 && byte <= 0x7e);

/** ISO base media file format (MP4, MOV): a chain of [size:u32][type:4 chars] boxes. */
function isoCheck(): ContainerCheck {
  let position = 0;
  /** Where the box being read ends; the next header starts there. */
  let boxEnd = 0;
  let header: number[] = [];
  let untilEnd = false;
  let error: string | null = null;
  const seen = new Set<string>();

  function readHeader(): void {
    // size (4 bytes), type (4 bytes), and when size is 1 a 64-bit size after them.
    if (header.length < 8) return;
    const size32 = ((header[0]! << 24) >>> 0) + (header[1]! << 16) + (header[2]! << 8) + header[3]!;
    const type = Uint8Array.from(header.slice(4, 8));
    if (size32 === 1 && header.length < 16) return;
    if (!isPrintableType(type)) {
      error = "a box has no valid type";
      return;
    }
    const start = position - header.length;
    let size: number;
    if (size32 === 1) {
      size = header.slice(8, 16).reduce((acc, byte) => acc * 256 + byte, 0);
      if (size < 16) error = "a box is smaller than its header";
    } else if (size32 === 0) {
      untilEnd = true;
      size = Infinity;
    } else {
      size = size32;
      if (size < 8) error = "a box is smaller than its header";
    }
    seen.add(String.fromCharCode(...type));
    boxEnd = start + size;
    header = [];
  }

  return {
    push(chunk) {
      let offset = 0;
      while (offset < chunk.length && !error && !untilEnd) {
        if (position < boxEnd) {
          const skip = Math.min(boxEnd - position, chunk.length - offset);
          position += skip;
          offset += skip;
          continue;
        }
        header.push(chunk[offset]!);
        position++;
        offset++;
        readHeader();
      }
      if (untilEnd) position += chunk.length - offset;
    },
    finish() {
      if (error) return error;
      if (header.length > 0 || (!untilEnd && position !== boxEnd)) return "the file ends inside a box";
      if (!seen.has("ftyp")) return "no file type box";
      if (!seen.has("moov") && !seen.has("moof")) return "no movie box";
      return null;
    },
  };
}

/** Reads an EBML variable-length integer at `at`: its length in bytes and value, or null if incomplete. */
function readVint(bytes: Uint8Array, at: number, keepMarker: boolean): { length: number; value: number } | null {
  const first = bytes[at];
  if (first === undefined) return null;
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  if (length > 8 || at + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  for (let i = 1; i < length; i++) value = value * 256 + bytes[at + i]!;
  return { length, value };
}

/** WebM / Matroska: the EBML header element, then the Segment element holding the media. */
function ebmlCheck(): ContainerCheck {
  // The two elements' headers fit in the first bytes; the rest is the Segment's content.
  const head: number[] = [];
  const HEAD_BYTES = 256;
  return {
    push(chunk) {
      for (let i = 0; i < chunk.length && head.length < HEAD_BYTES; i++) head.push(chunk[i]!);
    },
    finish() {
      const bytes = Uint8Array.from(head);
      const id = readVint(bytes, 0, true);
      if (!id || id.value !== 0x1a45dfa3) return "no EBML header";
      const size = readVint(bytes, id.length, false);
      if (!size) return "the EBML header is cut short";
      const next = id.length + size.length + size.value;
      const segment = readVint(bytes, next, true);
      if (!segment || segment.value !== 0x18538067) return "no Segment after the EBML header";
      return null;
    },
  };
}

/** PDF: begins with %PDF (the sniff saw that) and ends with the %%EOF marker in its last kilobyte. */
function pdfCheck(): ContainerCheck {
  const TAIL_BYTES = 1024;
  let tail = new Uint8Array(0);
  return {
    push(chunk) {
      const joined = new Uint8Array(tail.length + chunk.length);
      joined.set(tail);
      joined.set(chunk, tail.length);
      tail = joined.subarray(Math.max(0, joined.length - TAIL_BYTES));
    },
    finish() {
      return Buffer.from(tail).includes("%%EOF") ? null : "no end-of-file marker";
    },
  };
}

export function containerCheck(kind: ContainerKind): ContainerCheck {
  if (kind === "iso") return isoCheck();
  if (kind === "ebml") return ebmlCheck();
  return pdfCheck();
}
