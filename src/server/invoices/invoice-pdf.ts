import { owedCents } from "../../shared/invoices/family-credit.rules";
import { asSentence, formatDay } from "../../shared/invoices/invoice-format.rules";
import { INVOICE_STATE_LABELS } from "../../shared/invoices/invoice-state.rules";
import type { InvoiceDTO, InvoiceSummaryDTO } from "../../shared/invoices/invoices.schemas";
import { PAYMENT_METHOD_LABELS, teacherLeftOwedText } from "../../shared/invoices/invoices.schemas";
import { formatMoney, sumCents } from "../../shared/invoices/money.rules";
import { fontFile, textRuns } from "./pdf-fonts";

/** Said on every invoice and statement: the app takes no payment (decisions.md section 2). */
export const PAY_DIRECTLY = "Payments are made directly to your teacher";

const MARGIN = 50;
const GREY = "#555555";

/**
 * Renders into one buffer, in the Noto fonts shipped with the app (pdf-fonts.ts; nothing from the network).
 * pdfkit (with its fonts) is loaded on the first PDF, not at start: a few MB of RSS the embedded
 * server's memory target has no room for until someone asks for an invoice.
 */
async function render(title: string, draw: (doc: PDFKit.PDFDocument) => void): Promise<Uint8Array<ArrayBuffer>> {
  const { default: PDFDocument } = await import("pdfkit");
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: "LETTER", margin: MARGIN, info: { Title: title }, compress: true });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on("error", reject);
    try {
      draw(doc);
      doc.end();
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}

const registered = new WeakMap<PDFKit.PDFDocument, Set<string>>();

/**
 * Writes a text in the embedded Noto fonts (pdf-fonts.ts), one run per face, at (x, y) when
 * given, else where the last text ended. PDFKit's `continued` keeps the runs one paragraph, so
 * width, alignment and wrapping apply to the whole text.
 */
function say(doc: PDFKit.PDFDocument, text: string, options: { bold?: boolean; x?: number; y?: number; width?: number; align?: "left" | "right" } = {}) {
  const fonts = registered.get(doc) ?? new Set<string>();
  registered.set(doc, fonts);
  const runs = textRuns(text, options.bold ? 700 : 400);
  const layout = { ...(options.width !== undefined ? { width: options.width } : {}), ...(options.align ? { align: options.align } : {}) };
  if (runs.length === 0) runs.push({ text: "", font: textRuns(" ", options.bold ? 700 : 400)[0]!.font });
  runs.forEach((run, index) => {
    if (!fonts.has(run.font)) {
      doc.registerFont(run.font, fontFile(run.font));
      fonts.add(run.font);
    }
    const continued = index < runs.length - 1;
    doc.font(run.font);
    if (index === 0 && options.x !== undefined) doc.text(run.text, options.x, options.y ?? doc.y, { ...layout, continued });
    else doc.text(run.text, { ...layout, continued });
  });
}

const contentWidth = (doc: PDFKit.PDFDocument) => doc.page.width - MARGIN * 2;

/** A row of a table: text columns left, the amount right-aligned in the last column. */
function row(doc: PDFKit.PDFDocument, cells: { text: string; width: number; align?: "left" | "right" }[], options: { bold?: boolean; color?: string } = {}) {
  const top = doc.y;
  if (top > doc.page.height - MARGIN - 40) doc.addPage();
  const y = doc.y;
  let x = MARGIN;
  let bottom = y;
  doc.fillColor(options.color ?? "black");
  for (const cell of cells) {
    say(doc, cell.text, { bold: options.bold ?? false, x, y, width: cell.width - 6, align: cell.align ?? "left" });
    bottom = Math.max(bottom, doc.y);
    x += cell.width;
  }
  doc.x = MARGIN;
  doc.y = bottom + 4;
}

function rule(doc: PDFKit.PDFDocument) {
  doc.moveTo(MARGIN, doc.y).lineTo(doc.page.width - MARGIN, doc.y).strokeColor("#cccccc").stroke();
  doc.y += 6;
}

function heading(doc: PDFKit.PDFDocument, text: string) {
  doc.moveDown(0.8).fontSize(12).fillColor("black");
  say(doc, text, { bold: true, x: MARGIN });
  doc.fontSize(10).moveDown(0.3);
}

/** The invoice as a family keeps it: who, what for, how much, what is paid, what is owed, how to pay. */
export function renderInvoicePdf(invoice: InvoiceDTO): Promise<Uint8Array<ArrayBuffer>> {
  return render(`Invoice ${invoice.number}`, (doc) => {
    const width = contentWidth(doc);
    doc.fontSize(20);
    say(doc, "Invoice", { bold: true, x: MARGIN, y: MARGIN });
    doc.fontSize(10).fillColor(GREY);
    say(doc, `${invoice.number} · ${INVOICE_STATE_LABELS[invoice.state]}`);
    doc.moveDown();

    const top = doc.y;
    doc.fillColor("black");
    say(doc, "From", { bold: true, x: MARGIN, y: top });
    say(doc, invoice.teacherName);
    if (invoice.teacherLeft) say(doc, teacherLeftOwedText(invoice.teacherLeftContact));
    if (invoice.teacherEmail) say(doc, invoice.teacherEmail);
    if (invoice.teacherPhone) say(doc, invoice.teacherPhone);
    const leftBottom = doc.y;
    const half = MARGIN + width / 2;
    say(doc, "Bill to", { bold: true, x: half, y: top });
    // A share invoice (issue 45) is billed to its guardian, and says whose household and which share.
    if (invoice.shareNote && invoice.guardianName) {
      say(doc, invoice.guardianName, { x: half });
      if (invoice.guardianEmail) say(doc, invoice.guardianEmail, { x: half });
      say(doc, `${capitalised(invoice.shareNote)} of the ${invoice.familyName} household's invoice`, { x: half });
    } else {
      say(doc, invoice.familyName, { x: half });
      say(doc, invoice.familyEmail, { x: half });
    }
    doc.y = Math.max(leftBottom, doc.y);
    doc.moveDown();

    const dates = [
      `Invoice number: ${invoice.number}`,
      `Issue date: ${formatDay(invoice.issueDate)}`,
      `Due date: ${formatDay(invoice.dueDate)}`,
      ...(invoice.periodFrom && invoice.periodTo ? [`Lessons from ${formatDay(invoice.periodFrom)} to ${formatDay(invoice.periodTo)}`] : []),
    ];
    doc.x = MARGIN;
    for (const line of dates) say(doc, line, { x: MARGIN });
    if (invoice.status === "void") {
      doc.moveDown(0.5).fillColor("#b00020");
      say(doc, `VOID: ${asSentence(invoice.voidReason ?? "")}`, { bold: true, x: MARGIN });
      doc.fillColor("black");
    }

    heading(doc, "Charges");
    const cols = { desc: width - 210, qty: 40, unit: 80, amount: 90 };
    row(doc, [
      { text: "Description", width: cols.desc },
      { text: "Qty", width: cols.qty, align: "right" },
      { text: "Unit price", width: cols.unit, align: "right" },
      { text: "Amount", width: cols.amount, align: "right" },
    ], { bold: true });
    rule(doc);
    for (const line of invoice.lines) {
      const detail = line.detail ? `\n${line.detail}` : "";
      row(doc, [
        { text: `${line.description}${detail}`, width: cols.desc },
        { text: String(line.quantity), width: cols.qty, align: "right" },
        { text: formatMoney(line.unitCents), width: cols.unit, align: "right" },
        { text: formatMoney(line.amountCents), width: cols.amount, align: "right" },
      ]);
    }
    rule(doc);
    const label = width - cols.amount;
    row(doc, [{ text: "Total", width: label, align: "right" }, { text: formatMoney(invoice.totalCents), width: cols.amount, align: "right" }], { bold: true });

    if (invoice.payments.length) {
      heading(doc, "Payments received");
      for (const payment of invoice.payments) {
        row(doc, [
          { text: `${formatDay(payment.paidOn)} · ${PAYMENT_METHOD_LABELS[payment.method]}${payment.note ? ` · ${payment.note}` : ""}`, width: label },
          { text: formatMoney(payment.amountCents), width: cols.amount, align: "right" },
        ]);
      }
    }
    row(doc, [{ text: "Paid", width: label, align: "right" }, { text: formatMoney(invoice.paidCents), width: cols.amount, align: "right" }]);
    row(doc, [{ text: `Balance due by ${formatDay(invoice.dueDate)}`, width: label, align: "right" }, { text: formatMoney(invoice.balanceCents), width: cols.amount, align: "right" }], { bold: true });

    if (invoice.note) {
      heading(doc, "Note");
      say(doc, invoice.note, { x: MARGIN, width });
    }
    if (invoice.teacherLeft) {
      // No one to pay: the copied payment details are not offered again (issue 41).
      heading(doc, "Payment");
      say(doc, invoice.teacherLeftContact ? teacherLeftOwedText(invoice.teacherLeftContact) : asSentence(teacherLeftOwedText(null)), { x: MARGIN, width });
      say(doc, "All amounts are in US dollars (USD).", { x: MARGIN, width });
      return;
    }
    heading(doc, "How to pay");
    say(doc, invoice.paymentInstructions || "Ask your teacher how they would like to be paid.", { x: MARGIN, width });
    doc.moveDown();
    say(doc, `${PAY_DIRECTLY}. All amounts are in US dollars (USD).`, { bold: true, x: MARGIN, width });
  });
}

export interface StatementInput {
  year: number;
  teacherName: string;
  /** The teacher deleted their account: what is owed is no longer payable in the app. */
  teacherLeft?: boolean;
  /** What they left for families who still owe them, if anything. */
  teacherLeftContact?: string | null;
  teacherEmail: string;
  familyName: string;
  invoices: InvoiceSummaryDTO[];
  payments: { paidOn: string; number: string; method: string; amountCents: number }[];
  /** Credit on account with the teacher not yet spent (payments on account, a void invoice's payments; issue 40). */
  creditCents: number;
  /** The family's lesson packages with the teacher paid in the year or still usable in it. */
  packages: { title: string; lessonsUsed: number; lessons: number; paidOn: string; validUntil: string }[];
}

/** A family's year with one teacher: every invoice, every payment, and what is still owed. */
export function renderStatementPdf(input: StatementInput): Promise<Uint8Array<ArrayBuffer>> {
  return render(`Statement ${input.year}`, (doc) => {
    const width = contentWidth(doc);
    doc.fontSize(20);
    say(doc, `Statement ${input.year}`, { bold: true, x: MARGIN, y: MARGIN });
    doc.fontSize(10).moveDown();
    say(doc, input.teacherEmail ? `From ${input.teacherName} (${input.teacherEmail})` : `From ${input.teacherName}`);
    if (input.teacherLeft) say(doc, teacherLeftOwedText(input.teacherLeftContact));
    say(doc, `For ${input.familyName}`);

    const counted = input.invoices.filter((invoice) => invoice.status !== "void");
    heading(doc, "Invoices");
    const amount = 90;
    const cols = [width - amount * 3, amount, amount, amount];
    row(doc, [
      { text: "Invoice", width: cols[0]! },
      { text: "Total", width: amount, align: "right" },
      { text: "Paid", width: amount, align: "right" },
      { text: "Balance", width: amount, align: "right" },
    ], { bold: true });
    rule(doc);
    if (!input.invoices.length) say(doc, `No invoices in ${input.year}.`, { x: MARGIN });
    for (const invoice of input.invoices) {
      const isVoid = invoice.status === "void";
      row(doc, [
        { text: `${invoice.number} · issued ${formatDay(invoice.issueDate)} · due ${formatDay(invoice.dueDate)} · ${INVOICE_STATE_LABELS[invoice.state]}${isVoid ? " (not counted)" : ""}`, width: cols[0]! },
        { text: formatMoney(invoice.totalCents), width: amount, align: "right" },
        { text: formatMoney(invoice.paidCents), width: amount, align: "right" },
        { text: formatMoney(invoice.balanceCents), width: amount, align: "right" },
      ], isVoid ? { color: GREY } : {});
    }
    rule(doc);
    row(doc, [
      { text: "Total", width: cols[0]! },
      { text: formatMoney(sumCents(counted.map((i) => i.totalCents))), width: amount, align: "right" },
      { text: formatMoney(sumCents(counted.map((i) => i.paidCents))), width: amount, align: "right" },
      { text: formatMoney(sumCents(counted.map((i) => i.balanceCents))), width: amount, align: "right" },
    ], { bold: true });

    heading(doc, "Payments");
    if (!input.payments.length) say(doc, "No payments recorded.", { x: MARGIN });
    for (const payment of input.payments) {
      row(doc, [
        { text: `${formatDay(payment.paidOn)} · ${payment.number} · ${payment.method}`, width: width - amount },
        { text: formatMoney(payment.amountCents), width: amount, align: "right" },
      ]);
    }
    if (input.packages.length) {
      heading(doc, "Lesson packages");
      for (const pkg of input.packages) {
        say(doc, `${pkg.title} · paid ${formatDay(pkg.paidOn)} · valid until ${formatDay(pkg.validUntil)} · ${pkg.lessonsUsed} of ${pkg.lessons} used, ${pkg.lessons - pkg.lessonsUsed} left`, { x: MARGIN, width });
      }
    }
    doc.moveDown();
    if (input.creditCents > 0) {
      row(doc, [
        { text: "Credit on account (paying the next invoice)", width: width - amount },
        { text: formatMoney(input.creditCents), width: amount, align: "right" },
      ]);
    }
    row(doc, [
      { text: "Balance owed", width: width - amount },
      { text: formatMoney(owedCents(counted.map((i) => i.balanceCents), input.creditCents)), width: amount, align: "right" },
    ], { bold: true });
    doc.moveDown();
    say(doc, `${PAY_DIRECTLY}. All amounts are in US dollars (USD).`, { x: MARGIN, width });
  });
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
