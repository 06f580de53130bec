import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv.rules";

describe("csvCell", () => {
  it.each([
    ["plain", "Mia Rivera", "Mia Rivera"],
    ["comma", "Rivera, Mia", '"Rivera, Mia"'],
    ["quote", 'Mia "Mimi" Rivera', '"Mia ""Mimi"" Rivera"'],
    ["newline", "line one\nline two", '"line one\nline two"'],
    ["carriage return", "a\rb", '"a\rb"'],
    ["formula =", "=HYPERLINK(\"http://x\")", '"\'=HYPERLINK(""http://x"")"'],
    ["formula +", "+1", "'+1"],
    ["formula -", "-1+2", "'-1+2"],
    ["formula @", "@SUM(A1)", "'@SUM(A1)"],
    ["leading tab", "\tx", "'\tx"],
    ["full-width =", "＝HYPERLINK(1)", "'＝HYPERLINK(1)"],
    ["full-width +", "＋1", "'＋1"],
    ["full-width -", "－1", "'－1"],
    ["full-width @", "＠SUM(A1)", "'＠SUM(A1)"],
    ["non-ASCII kept", "Zoë Brontë", "Zoë Brontë"],
    ["empty", "", ""],
    ["null", null, ""],
    ["number", 70, "70"],
    ["negative number stays a number", -5, "-5"],
    ["true", true, "yes"],
    ["false", false, "no"],
  ] as const)("%s", (_label, value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });
});

describe("toCsv", () => {
  it("joins fields with commas and ends every record with CRLF", () => {
    expect(toCsv([["Name", "Value"], ["Rivera, Mia", 50], [null, 0]])).toBe('Name,Value\r\n"Rivera, Mia",50\r\n,0\r\n');
  });
  it("is empty for no rows", () => {
    expect(toCsv([])).toBe("");
  });
});
