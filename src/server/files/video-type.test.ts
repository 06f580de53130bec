import { describe, expect, it } from "vitest";
import { sniffVideoType } from "./video-type";

const ftyp = (brand: string) => new Uint8Array([0, 0, 0, 0x20, ...Buffer.from("ftyp"), ...Buffer.from(brand), 0, 0, 2, 0]);

describe("sniffVideoType", () => {
  it.each([
    ["an MP4 (isom)", ftyp("isom"), "mp4"],
    ["an MP4 (mp42)", ftyp("mp42"), "mp4"],
    ["a QuickTime movie", ftyp("qt  "), "mov"],
    ["a WebM file", new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81]), "webm"],
    ["a text file renamed .mp4", new TextEncoder().encode("hello, this is not a video at all"), null],
    ["a JSON body", new TextEncoder().encode('{"title":"video"}'), null],
    ["a PNG image", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]), null],
    ["a HEIC photo", ftyp("heic"), null],
    ["an AVIF image", ftyp("avif"), null],
    ["an M4A song", ftyp("M4A "), null],
    ["too few bytes", new Uint8Array([0, 0, 0, 0x20, 0x66]), null],
    ["nothing", new Uint8Array(), null],
  ])("%s → %s", (_label, bytes, expected) => {
    expect(sniffVideoType(bytes)).toBe(expected);
  });
});
