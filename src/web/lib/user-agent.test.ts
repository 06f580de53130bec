import { describe, expect, it } from "vitest";
import { describeBrowser } from "./user-agent";

describe("describeBrowser", () => {
  it.each([
    [
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      "Chrome 131 on Linux",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      "Safari 17 on iOS",
    ],
    [null, "Unknown browser"],
    ["", "Unknown browser"],
  ])("%s → %s", (ua, expected) => {
    expect(describeBrowser(ua)).toBe(expected);
  });
});
