import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { GAZETTEER_FILE } from "./gazetteer";
import { decodeGazetteer, encodeGazetteer } from "./gazetteer-data";
import { buildGazetteerData } from "./gazetteer-source";

describe("the shipped gazetteer", () => {
  it("is what the installed packages give (run `npm run build:gazetteer` after upgrading them)", () => {
    const shipped = readFileSync(GAZETTEER_FILE);
    const fresh = buildGazetteerData();
    expect(decodeGazetteer(shipped)).toEqual(fresh);
    expect(encodeGazetteer(fresh).equals(shipped)).toBe(true);
  });
});
