import { describe, expect, it } from "vitest";
import { retryDelayMs } from "./retry.rules";

describe("retryDelayMs", () => {
  it.each([
    [0, 60_000],
    [1, 60_000],
    [2, 120_000],
    [3, 240_000],
    [6, 1_920_000],
    [7, 3_600_000],
    [30, 3_600_000],
  ])("after attempt %i waits %i ms", (attempts, ms) => {
    expect(retryDelayMs(attempts)).toBe(ms);
  });
});
