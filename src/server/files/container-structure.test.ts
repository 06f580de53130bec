import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { containerCheck, type ContainerKind } from "./container-structure";

const mp4 = readFileSync(new URL("../../../tests/fixtures/intro-video.mp4", import.meta.url));
const box = (type: string, body: Uint8Array = new Uint8Array(0)) => {
  const b = Buffer.alloc(8 + body.length);
  b.writeUInt32BE(8 + body.length, 0);
  b.write(type, 4, "latin1");
  Buffer.from(body).copy(b, 8);
  return b;
};
const ftyp = box("ftyp", Buffer.from("isom\0\0\0\0isommp41", "latin1"));
// A minimal WebM: EBML header (id 1A45DFA3, size 0x84 = 4 bytes of content), then a Segment (id 18538067).
const webm = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x84, 0x42, 0x82, 0x81, 0x77, 0x18, 0x53, 0x80, 0x67, 0x81, 0x00]);

function check(kind: ContainerKind, bytes: Uint8Array, chunk = 7): string | null {
  const c = containerCheck(kind);
  for (let i = 0; i < bytes.length; i += chunk) c.push(bytes.subarray(i, i + chunk));
  return c.finish();
}

describe("container structure", () => {
  it.each([1, 7, 8, 4096])("accepts the real MP4 fixture in chunks of %i bytes", (chunk) => {
    expect(check("iso", mp4, chunk)).toBeNull();
  });

  it.each([
    ["an MP4 header followed by HTML", Buffer.concat([mp4.subarray(0, 32), Buffer.from("<html><body>hi</body></html>")]), "the file ends inside a box"],
    ["a file cut short", mp4.subarray(0, mp4.length - 5), "the file ends inside a box"],
    ["trailing junk", Buffer.concat([mp4, Buffer.from("junk")]), "the file ends inside a box"],
    ["boxes without a movie", Buffer.concat([ftyp, box("free")]), "no movie box"],
    ["no ftyp", Buffer.concat([box("moov"), box("mdat")]), "no file type box"],
    ["a box smaller than its header", Buffer.concat([ftyp, Buffer.from([0, 0, 0, 4]), Buffer.from("moov")]), "a box is smaller than its header"],
    ["a binary box type", Buffer.concat([ftyp, Buffer.from([0, 0, 0, 8, 1, 2, 3, 4])]), "a box has no valid type"],
  ])("refuses %s", (_name, bytes, why) => {
    expect(check("iso", bytes)).toBe(why);
  });

  it("accepts ftyp + moov + mdat, a 64-bit size box, and a last box running to the end (size 0)", () => {
    const large = Buffer.alloc(16 + 3);
    large.writeUInt32BE(1, 0);
    large.write("mdat", 4, "latin1");
    large.writeBigUInt64BE(19n, 8);
    expect(check("iso", Buffer.concat([ftyp, box("moov"), large]))).toBeNull();
    const toEnd = Buffer.concat([Buffer.from([0, 0, 0, 0]), Buffer.from("mdat"), Buffer.from("anything at all")]);
    expect(check("iso", Buffer.concat([ftyp, box("moov"), toEnd]))).toBeNull();
  });

  it("accepts a WebM that is an EBML header and a Segment, and refuses one followed by anything else", () => {
    expect(check("ebml", webm, 3)).toBeNull();
    expect(check("ebml", Buffer.concat([webm.subarray(0, 9), Buffer.from("<html>")]))).toBe("no Segment after the EBML header");
    expect(check("ebml", Buffer.from("<html>"))).toBe("no EBML header");
  });

  it("accepts a PDF that ends with %%EOF (trailing newline too), and refuses one cut short", () => {
    const pdf = Buffer.from(`%PDF-1.4\n${"1 0 obj<<>>endobj\n".repeat(500)}trailer<<>>\n%%EOF\n`);
    expect(check("pdf", pdf, 100)).toBeNull();
    expect(check("pdf", pdf.subarray(0, 8))).toBe("no end-of-file marker");
    expect(check("pdf", Buffer.concat([pdf.subarray(0, 40), Buffer.from("<html></html>")]))).toBe("no end-of-file marker");
  });
});
