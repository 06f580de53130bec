import { describe, expect, it } from "vitest";
import { longDate } from "./long-date";

describe("longDate writes what Intl's en-US long date writes", () => {
  it.each(["2026-12-04T15:00:00.000Z", "2026-01-01T00:30:00.000Z", "2025-02-28T23:59:59.000Z", "2024-07-15T12:00:00.000Z"])("%s", (iso) => {
    const intl = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric" }).format(new Date(iso));
    expect(longDate(iso)).toBe(intl);
  });
});
