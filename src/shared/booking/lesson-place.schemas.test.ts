import { describe, expect, it } from "vitest";
import { isMeetingUrl, linkInUseMessage, meetingUrlSchema, optionalAddressSchema, optionalMeetingUrlSchema } from "./lesson-place.schemas";

describe("isMeetingUrl", () => {
  it.each([
    ["https://zoom.us/j/123?pwd=abc", true],
    ["http://meet.example/room", true],
    ["HTTPS://Meet.Google.com/abc-defg-hij", true],
    ["https://", false],
    ["https:///path", false],
    ["zoom.us/j/123", false],
    ["javascript:alert(1)", false],
    ["data:text/html,<b>hi</b>", false],
    ["ftp://files.example/x", false],
    ["https://meet.example/a b", false],
    ["https://meet.example/\u2028", false],
  ])("%s → %s", (value, expected) => {
    expect(isMeetingUrl(value)).toBe(expected);
  });
});

describe("meeting link schemas", () => {
  it("trim, and lower-case only the scheme", () => {
    expect(meetingUrlSchema.parse("  HTTPS://Zoom.us/j/AbC ")).toBe("https://Zoom.us/j/AbC");
    expect(optionalMeetingUrlSchema.parse(" ")).toBeNull();
    expect(optionalMeetingUrlSchema.parse(null)).toBeNull();
  });

  it.each([
    ["", "Meeting link is required"],
    ["meet", "Enter a meeting link that starts with https:// (or http://), e.g. https://zoom.us/j/123"],
    [`https://x.example/${"a".repeat(490)}`, "Meeting link must be at most 500 characters"],
    ["https://x.example/\u0000", "Meeting link contains a character that is not allowed"],
  ])("refuses %j: %s", (value, message) => {
    expect(meetingUrlSchema.safeParse(value).error?.issues[0]?.message).toBe(message);
  });
});

describe("optionalAddressSchema", () => {
  const address = optionalAddressSchema("Home address");
  it.each([
    ["  12 Elm St, Brooklyn  ", "12 Elm St, Brooklyn"],
    ["", null],
    [null, null],
  ])("%j → %j", (value, expected) => {
    expect(address.parse(value)).toBe(expected);
  });
  it.each([
    ["12 Elm St\nBrooklyn", "Home address must be on one line"],
    ["x".repeat(301), "Home address must be at most 300 characters"],
  ])("refuses %j", (value, message) => {
    expect(address.safeParse(value).error?.issues[0]?.message).toBe(message);
  });
});

describe("linkInUseMessage", () => {
  it.each([
    [1, "An upcoming online lesson uses this link. Enter another link instead of removing it, or cancel that lesson first."],
    [3, "3 upcoming online lessons use this link. Enter another link instead of removing it, or cancel those lessons first."],
  ])("%d lessons", (count, message) => {
    expect(linkInUseMessage(count)).toBe(message);
  });
});

describe("one-line fields refuse every line and paragraph separator (issue 39)", () => {
  const separators = [
    ["line feed", "\n"],
    ["carriage return", "\r"],
    ["next line (U+0085)", "\u0085"],
    ["line separator (U+2028)", "\u2028"],
    ["paragraph separator (U+2029)", "\u2029"],
  ] as const;
  it.each(separators)("a meeting link with a %s inside is refused as not one line", (_name, separator) => {
    for (const schema of [meetingUrlSchema, optionalMeetingUrlSchema]) {
      const result = schema.safeParse(`https://zoom.us/j/1${separator}2`);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toContain("Meeting link must be on one line");
    }
  });
  it.each(separators)("an address with a %s inside is refused as not one line", (_name, separator) => {
    const result = optionalAddressSchema("Studio address").safeParse(`12 Elm St${separator}Springfield`);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Studio address must be on one line");
  });
});
