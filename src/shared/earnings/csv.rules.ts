/**
 * CSV as RFC 4180 says it, for spreadsheets: fields are separated by commas, records end with
 * CRLF, and a field holding a comma, a double quote, CR or LF is wrapped in double quotes with its
 * quotes doubled. Text a person typed (a student's name) could also start with = + - @ or a tab,
 * which Excel, LibreOffice and Google Sheets would run as a formula ("CSV injection", OWASP): such
 * text gets a leading apostrophe, which spreadsheets show as text. Numbers are written as they are.
 */

export type CsvCell = string | number | boolean | null;

/** Excel reads a CSV without this byte-order mark as the local code page and garbles "é". */
export const CSV_BOM = "\uFEFF";

/**
 * A formula's first character, and the full-width forms (＝ ＋ － ＠) that spreadsheets in East Asian
 * locales also read as one (issue 39: a payment note starting with "＝" reached the CSVs as is).
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: CsvCell): string {
  if (value === null) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return value ? "yes" : "no";
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows to CSV text: CRLF after every record, the last one included (RFC 4180 allows both). */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map((row) => `${row.map(csvCell).join(",")}\r\n`).join("");
}
