import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { INSTRUMENT_KEYS } from "../../shared/teachers/teachers.constants";

const migration = readFileSync(path.join(import.meta.dirname, "migrations", "0009_search_card_figures.sql"), "utf8");

describe("migration search_card_figures", () => {
  it("orders a search card's tied instruments as INSTRUMENT_KEYS lists them", () => {
    // The trigger holds its own copy of the list (SQL cannot import it): a new or reordered
    // instrument needs a migration that replaces refresh_search_instruments.
    const list = /ARRAY\[([^\]]*)\]::text\[\], ti\."instrument"/.exec(migration)?.[1];
    expect(list?.split(",").map((item) => item.trim().replace(/^'|'$/g, ""))).toEqual(INSTRUMENT_KEYS);
  });
});
