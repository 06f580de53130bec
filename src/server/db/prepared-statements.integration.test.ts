import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testAppForFile } from "../../../tests/fixtures/test-app";
import { queryRows } from "./client";
import { preparedRows } from "./prepared-statements";

const t = testAppForFile();

type Row = { text: string | null; number: number | null; flag: boolean | null };
const statement = (text: string | null, number: number | null, flag: boolean | null) =>
  sql`select ${text}::text as "text", ${number}::int as "number", ${flag}::boolean as "flag"`;

describe("preparedRows", () => {
  it("answers what the statement run as is answers, for values that need quoting", async () => {
    const cases: [string | null, number | null, boolean | null][] = [
      ["it's a \\ backslash and a '' pair", 42, true],
      ["'); drop table teacher_profiles; --", -7, false],
      [null, null, null],
      ["", 0, true],
    ];
    for (const values of cases) {
      expect(await preparedRows<Row>(t.deps.db, statement(...values))).toEqual(await queryRows<Row>(t.deps.db, statement(...values)));
    }
  });

  it("prepares a new statement once when many calls race for it, each with its own values", async () => {
    const marker = `race-${Date.now()}`;
    const rows = await Promise.all(
      Array.from({ length: 12 }, (_, i) => preparedRows<{ label: string; n: number }>(t.deps.db, sql`select ${marker}::text || ${i}::text as "label", ${i}::int as "n"`)),
    );
    expect(rows.map(([row]) => row)).toEqual(Array.from({ length: 12 }, (_, i) => ({ label: `${marker}${i}`, n: i })));
  });

  it("runs inside a transaction too", async () => {
    const rows = await t.deps.db.transaction((tx) => preparedRows<Row>(tx, statement("in a transaction", 1, true)));
    expect(rows).toEqual([{ text: "in a transaction", number: 1, flag: true }]);
  });
});
