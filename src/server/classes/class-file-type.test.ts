import { describe, expect, it } from "vitest";
import { sniffClassFileType } from "./class-file-type";

const bytes = (...parts: (string | number[] | Buffer)[]): Buffer =>
  Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p, "latin1") : Buffer.isBuffer(p) ? p : Buffer.from(p))));

/** A zip local file header naming `name` (enough for the signature and the entry name). */
const zipEntry = (name: string) =>
  bytes([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, name.length, 0, 0, 0], name);

const MUSICXML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

describe("sniffClassFileType", () => {
  it.each([
    ["a PDF", "application/pdf", bytes("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n")],
    ["a PNG", "image/png", bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d], "IHDR", [0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0])],
    ["a JPEG", "image/jpeg", bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], "JFIF", [0, 1, 1, 0, 0, 1, 0, 1, 0, 0])],
    ["a WebP", "image/webp", bytes("RIFF", [0x24, 0, 0, 0], "WEBPVP8 ")],
    ["an MP3 frame", "audio/mpeg", bytes([0xff, 0xfb, 0x90, 0x44, 0, 0, 0, 0, 0, 0, 0, 0])],
    ["a WAV", "audio/wav", bytes("RIFF", [0x24, 0, 0, 0], "WAVEfmt ")],
    ["an OGG Vorbis", "audio/ogg", bytes("OggS", [0, 2, ...new Array<number>(22).fill(0), 1], "vorbis", [0])],
    ["an MP4", "video/mp4", bytes([0, 0, 0, 0x18], "ftypisom", [0, 0, 2, 0], "isomiso2")],
    ["an M4A", "audio/mp4", bytes([0, 0, 0, 0x18], "ftypM4A ", [0, 0, 2, 0], "M4A isom")],
    ["a MOV", "video/quicktime", bytes([0, 0, 0, 0x14], "ftypqt  ", [0, 0, 2, 0], "qt  ")],
    ["a WebM", "video/webm", bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84], "webm")],
    ["MusicXML", "application/vnd.recordare.musicxml+xml", bytes(MUSICXML_HEAD, '<score-partwise version="4.0">')],
    ["timewise MusicXML after a DOCTYPE and a comment", "application/vnd.recordare.musicxml+xml", bytes(MUSICXML_HEAD, "<!DOCTYPE score-timewise PUBLIC \"x\" \"y\">\n<!-- hi -->\n<score-timewise>")],
    ["MusicXML with a byte-order mark", "application/vnd.recordare.musicxml+xml", bytes([0xef, 0xbb, 0xbf], MUSICXML_HEAD, "<score-partwise>")],
    ["MXL", "application/vnd.recordare.musicxml", bytes(zipEntry("mimetype"), "application/vnd.recordare.musicxml", zipEntry("META-INF/container.xml"))],
  ])("%s → %s", async (_label, contentType, input) => {
    expect((await sniffClassFileType(input))?.contentType).toBe(contentType);
  });

  it.each([
    ["nothing", bytes("")],
    ["HTML", bytes("<!doctype html><html><body>hi</body></html>")],
    ["an SVG", bytes(MUSICXML_HEAD, '<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ["XML that is not a score", bytes(MUSICXML_HEAD, "<note>score-partwise</note>")],
    ["a plain zip", zipEntry("notes.txt")],
    ["a GIF", bytes("GIF89a", [1, 0, 1, 0, 0, 0, 0])],
    ["an EXE", bytes("MZ", [0x90, 0, 3, 0, 0, 0, 4, 0])],
    ["plain text", bytes("just some notes")],
  ])("%s → refused", async (_label, input: Buffer) => {
    expect(await sniffClassFileType(input)).toBeNull();
  });
});
