import { describe, expect, it } from "vitest";
import { signUploadToken, verifyUploadToken } from "./upload-token";

const SECRET = "a-secret-that-is-long-enough-for-tests-0001";
const TEACHER = "6f1d2c3b-4a59-4e68-9f70-8a9b0c1d2e3f";
const now = new Date("2025-03-01T12:00:00Z");
const inHalfAnHour = new Date("2025-03-01T12:30:00Z");

describe("intro-video upload tokens", () => {
  const token = signUploadToken(SECRET, TEACHER, inHalfAnHour);

  it("names the teacher it was made for until it expires", () => {
    expect(verifyUploadToken(SECRET, token, now)).toBe(TEACHER);
    expect(verifyUploadToken(SECRET, token, new Date("2025-03-01T12:29:59Z"))).toBe(TEACHER);
  });

  it("is refused at and after its expiry", () => {
    expect(verifyUploadToken(SECRET, token, inHalfAnHour)).toBeNull();
    expect(verifyUploadToken(SECRET, token, new Date("2025-03-02T00:00:00Z"))).toBeNull();
  });

  it("is refused when signed with another secret", () => {
    expect(verifyUploadToken("another-secret-another-secret-another-00", token, now)).toBeNull();
  });

  it.each([
    ["another teacher id", (t: string) => t.replace(TEACHER, "00000000-0000-4000-8000-000000000000")],
    ["a later expiry", (t: string) => t.replace(/\.(\d+)\./, (_m, e: string) => `.${Number(e) + 3600}.`)],
    ["a changed signature", (t: string) => `${t.slice(0, -2)}${t.endsWith("AA") ? "BB" : "AA"}`],
    ["a missing signature", (t: string) => t.split(".").slice(0, 2).join(".")],
    ["an extra part", (t: string) => `${t}.x`],
    ["garbage", () => "not-a-token"],
    ["nothing", () => ""],
  ])("is refused with %s", (_label, tamper) => {
    expect(verifyUploadToken(SECRET, tamper(token), now)).toBeNull();
  });
});
