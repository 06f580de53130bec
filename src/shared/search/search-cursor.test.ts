import { describe, expect, it } from "vitest";
import { decodeSearchCursor, encodeSearchCursor, filtersHash, SEARCH_CURSOR_MAX_LENGTH, type SearchCursor } from "./search-cursor";
import { DEFAULT_FILTERS } from "./search.constants";

const ID = "0f8b6a8e-3c1d-4a56-9e2f-1b2c3d4e5f60";
const cursor: SearchCursor = {
  keys: [4.166666666666667, 12.000000000000002, 1767225600123457, ID],
  position: 18,
  filters: filtersHash({ ...DEFAULT_FILTERS, instrument: "piano" }),
};

describe("search cursor", () => {
  it("comes back exactly as it was encoded: floats to the last bit, microseconds, nulls, ids", () => {
    const text = encodeSearchCursor(cursor);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeSearchCursor(text)).toEqual(cursor);
    const newTeacher = { ...cursor, keys: [null, 0, ID] };
    expect(decodeSearchCursor(encodeSearchCursor(newTeacher))).toEqual(newTeacher);
    expect(encodeSearchCursor(cursor).length).toBeLessThan(SEARCH_CURSOR_MAX_LENGTH / 3);
  });

  it("refuses garbage, other encodings, cut and edited cursors", () => {
    const text = encodeSearchCursor(cursor);
    const json = JSON.parse(Buffer.from(text, "base64url").toString()) as Record<string, unknown>;
    const reencoded = (body: Record<string, unknown>) => Buffer.from(JSON.stringify(body)).toString("base64url");
    expect(decodeSearchCursor(reencoded(json))).toEqual(cursor);
    for (const bad of [
      "",
      "garbage!",
      "e30", // {}
      text.slice(0, -2),
      `${text}A`,
      Buffer.from(JSON.stringify(json)).toString("base64"), // padded base64 with + and /
      reencoded({ ...json, n: 27 }),
      reencoded({ ...json, k: [...cursor.keys.slice(0, -1), "0f8b6a8e-3c1d-4a56-9e2f-1b2c3d4e5f61"] }),
      reencoded({ ...json, f: filtersHash(DEFAULT_FILTERS) }),
      reencoded({ ...json, v: 2 }),
      reencoded({ ...json, extra: 1 }),
      Buffer.from("\u00ff\u00fe not json").toString("base64url"),
    ]) {
      expect(decodeSearchCursor(bad), bad).toBeNull();
    }
  });

  it("hashes filters by value, not by key order, without page or cursor", () => {
    const a = filtersHash({ sort: "rating", instrument: "piano", page: 1 });
    expect(filtersHash({ instrument: "piano", sort: "rating", cursor: "x", page: 4 })).toBe(a);
    expect(filtersHash({ instrument: "piano", sort: "rating", location: undefined })).toBe(a);
    expect(filtersHash({ instrument: "violin", sort: "rating" })).not.toBe(a);
    expect(filtersHash({ instrument: "piano", sort: "price-asc" })).not.toBe(a);
    expect(a).toHaveLength(11);
  });
});
