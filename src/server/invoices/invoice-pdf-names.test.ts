import { writeFileSync, mkdirSync } from "node:fs";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import type { InvoiceDTO } from "../../shared/invoices/invoices.schemas";
import { renderInvoicePdf, renderStatementPdf } from "./invoice-pdf";
import { textRuns } from "./pdf-fonts";

/**
 * Issue 40: every name prints right. Families in the US carry names in every alphabet; each must
 * render in the invoice and the statement and extract as text exactly (a PDF parser reads it back).
 */
const NAMES = {
  latin: "Łukasz Dvořák",
  greek: "Αθηνά Παπαδοπούλου",
  cyrillic: "Дмитрий Иванов",
  chinese: "王小明",
  arabic: "محمد العلي",
  hebrew: "דוד כהן",
};

const invoice = (familyName: string, teacherName: string): InvoiceDTO => ({
  id: "9b1c2d3e-0000-4000-8000-000000000009",
  number: "CK-2026-0007",
  status: "sent",
  state: "partly_paid",
  teacherId: "1b1c2d3e-0000-4000-8000-000000000001",
  teacherName,
  teacherLeft: false,
    teacherLeftContact: null,
  parentId: "4f1c2d3e-0000-4000-8000-000000000001",
  familyName,
  guardianId: null,
  guardianName: null,
  shareNote: null,
  issueDate: "2026-11-02",
  dueDate: "2026-11-16",
  periodFrom: "2026-10-01",
  periodTo: "2026-10-31",
  totalCents: 6_000,
  paidCents: 2_500,
  balanceCents: 3_500,
  currency: "USD",
  sentAt: "2026-11-02T15:00:00.000Z",
  note: `Thank you, ${familyName}!`,
  teacherEmail: "casey@example.com",
  teacherPhone: "",
  paymentInstructions: "Zelle to casey@example.com",
  familyEmail: "family@example.com",
  guardianEmail: null,
  otherShares: [],
  recipients: [],
  voidReason: null,
  voidedAt: null,
  replacesInvoiceId: null,
  lines: [{ id: "l1", kind: "lesson", bookingId: null, description: `Full Lesson · Oct 5, 2026 · ${familyName.split(" ")[0]}`, detail: "Attended (60 min)", quantity: 1, unitCents: 6_000, amountCents: 6_000, estimated: false }],
  payments: [{ id: "p1", amountCents: 2_500, paidOn: "2026-11-03", method: "cash", note: "", createdAt: "2026-11-03T10:00:00.000Z" }],
});

async function textOf(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text;
}

const RTL = /[\p{Script=Hebrew}\p{Script=Arabic}]/u;

/**
 * Where a right-to-left name's words sit on the first page, as a PDF reader sees them: each word's
 * text and its left edge. pdf.js reads a line left to right, so the name's words come back one by
 * one; the test checks each word exactly and that they stand right to left.
 */
async function rtlWords(bytes: Uint8Array): Promise<{ str: string; x: number }[]> {
  const page = await (await getDocumentProxy(new Uint8Array(bytes))).getPage(1);
  const content = await page.getTextContent();
  return content.items.flatMap((item) => ("str" in item && RTL.test(item.str) ? [{ str: item.str, x: item.transform[4] as number }] : []));
}

/** Checks the name's words are each printed exactly, the first word to the right of the second (right to left). */
async function expectRightToLeft(bytes: Uint8Array, name: string) {
  const [first, second] = name.split(" ") as [string, string];
  const words = await rtlWords(bytes);
  const a = words.find((word) => word.str === first);
  const b = words.find((word) => word.str === second && a && Math.abs(word.x - a.x) < 200);
  expect(a, `"${first}" printed as one word`).toBeDefined();
  expect(b, `"${second}" printed beside it`).toBeDefined();
  expect(a!.x, "the first word stands to the right of the second").toBeGreaterThan(b!.x);
}

describe("names in every alphabet (embedded Noto fonts)", () => {
  it.each(Object.entries(NAMES))("%s: an invoice and a statement print the name right (a left-to-right name extracts whole, a right-to-left one word by word, right to left)", async (script, name) => {
    const pdf = await renderInvoicePdf(invoice(name, "Casey Keys"));
    expect(pdf.byteLength, "a one-page invoice stays small").toBeLessThanOrEqual(150 * 1024);
    const statement = await renderStatementPdf({
      year: 2026,
      teacherName: "Casey Keys",
      teacherEmail: "casey@example.com",
      familyName: name,
      invoices: [invoice(name, "Casey Keys")],
      payments: [{ paidOn: "2026-11-03", number: "CK-2026-0007", method: "Cash", amountCents: 2_500 }],
      packages: [{ title: "4 lessons for $200.00 USD", lessonsUsed: 1, lessons: 4, paidOn: "2026-11-01", validUntil: "2027-03-31" }],
      creditCents: 0,
    });
    if (RTL.test(name)) {
      await expectRightToLeft(pdf, name);
      await expectRightToLeft(statement, name);
    } else {
      expect(await textOf(pdf)).toContain(name);
      expect(await textOf(statement)).toContain(name);
    }
    // Kept for looking at (rendered to PNG with pdftoppm for the session's note).
    if (process.env.PDF_SAMPLES_DIR) {
      mkdirSync(process.env.PDF_SAMPLES_DIR, { recursive: true });
      writeFileSync(`${process.env.PDF_SAMPLES_DIR}/invoice-${script}.pdf`, pdf);
      writeFileSync(`${process.env.PDF_SAMPLES_DIR}/statement-${script}.pdf`, statement);
    }
  });

  it("one invoice with all six scripts at once (the left-to-right ones extract whole)", async () => {
    const all = Object.values(NAMES).join(" · ");
    const text = await textOf(await renderInvoicePdf(invoice(all, "Casey Keys")));
    for (const name of Object.values(NAMES).filter((name) => !RTL.test(name))) expect(text).toContain(name);
    for (const word of [NAMES.arabic, NAMES.hebrew].flatMap((name) => name.split(" "))) expect(text).toContain(word);
  });
});

describe("textRuns", () => {
  it("lays a right-to-left name's words right to left inside an English line", () => {
    expect(textRuns("Bill to דוד כהן today", 400).map((run) => run.text)).toEqual(["Bill to ", "כהן", " ", "דוד", " today"]);
  });

  it("uses one face for a Latin text with diacritics and digits", () => {
    expect(textRuns("Łukasz Dvořák · $60.00", 400).map((run) => run.font)).toEqual(expect.arrayContaining([expect.stringMatching(/^noto-sans-/)]));
  });
});
