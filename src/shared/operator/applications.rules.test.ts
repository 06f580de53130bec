import { describe, expect, it } from "vitest";
import { waitedLabel } from "./applications.rules";

describe("waitedLabel: how long an application has waited", () => {
  it.each([
    [0, "under an hour"],
    [1, "1 hour"],
    [5, "5 hours"],
    [47, "47 hours"],
    [48, "2 days"],
    [71, "2 days"],
    [72, "3 days"],
    [24 * 30, "30 days"],
  ])("%i hours → %s", (hours, label) => {
    expect(waitedLabel(hours)).toBe(label);
  });
});
