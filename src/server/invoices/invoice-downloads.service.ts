import { DELETED_TEACHER_NAME } from "../../shared/accounts/accounts.constants";
import { CSV_BOM, toCsv } from "../../shared/earnings/csv.rules";
import { AppError } from "../../shared/errors";
import { balanceCents, INVOICE_STATE_LABELS, invoiceState, teacherInitials } from "../../shared/invoices/invoice-state.rules";
import { CURRENCY, type RecordedPaymentMethod } from "../../shared/invoices/invoices.constants";
import { PAYMENT_METHOD_LABELS, type InvoiceCsvQuery, type StatementQuery } from "../../shared/invoices/invoices.schemas";
import { centsToDollarsText, sumCents } from "../../shared/invoices/money.rules";
import type { Deps } from "../deps";
import { renderInvoicePdf, renderStatementPdf } from "./invoice-pdf";
import { packageTitle } from "../../shared/invoices/lesson-package.rules";
import * as balanceRepo from "./family-balance.repo";
import * as packagesRepo from "./lesson-packages.repo";
import * as creditRepo from "./family-credit.repo";
import * as repo from "./invoices.repo";
import { readInvoice, summary } from "./invoices.service";

/** What a teacher or family downloads: an invoice as PDF, a year as CSV (for taxes), a family's year-end statement. */
export interface DownloadFile {
  bytes: Uint8Array<ArrayBuffer>;
  fileName: string;
  contentType: string;
}

export async function invoicePdf(deps: Pick<Deps, "db">, reader: repo.InvoiceReader, invoiceId: string): Promise<DownloadFile> {
  const dto = await readInvoice(deps, reader, invoiceId);
  return { bytes: await renderInvoicePdf(dto), fileName: `invoice-${dto.number}.pdf`, contentType: "application/pdf" };
}

const money = (cents: number) => centsToDollarsText(cents);

/** A year's invoices (by issue date; drafts are not invoices yet) or payments (by payment date), for taxes. */
export async function invoicesCsv(deps: Pick<Deps, "db">, teacherId: string, query: InvoiceCsvQuery): Promise<DownloadFile> {
  const from = `${query.year}-01-01`;
  const to = `${query.year}-12-31`;
  let rows: (string | number | null)[][];
  if (query.kind === "payments") {
    const [onInvoices, onBalances] = await Promise.all([repo.teacherPaymentsOfYear(deps.db, teacherId, from, to), balanceRepo.receivedOnBalances(deps.db, teacherId, from, to)]);
    // Payments on account and lesson packages are money received too (issue 40), listed by what they paid for.
    const payments = [
      ...onInvoices.map((p) => ({ ...p, method: PAYMENT_METHOD_LABELS[p.method as keyof typeof PAYMENT_METHOD_LABELS] ?? p.method })),
      ...onBalances.map((p) => ({
        ...p,
        number: p.kind === "package" ? `Lesson package (${packageTitle(p.lessons!, p.priceCents!)})` : "On account",
        method: PAYMENT_METHOD_LABELS[p.method],
      })),
    ].sort((a, b) => a.paidOn.localeCompare(b.paidOn) || a.number.localeCompare(b.number));
    rows = [
      ["Payment date", "Invoice", "Family", "Method", "Amount", "Currency", "Note"],
      ...payments.map((p) => [p.paidOn, p.number, p.familyName, p.method, money(p.amountCents), CURRENCY, p.note]),
      ["Total", "", "", "", money(sumCents(payments.map((p) => p.amountCents))), CURRENCY, ""],
    ];
  } else {
    const invoices = (await repo.teacherInvoiceRows(deps.db, teacherId))
      .filter((row) => row.status !== "draft" && row.issueDate >= from && row.issueDate <= to)
      .sort((a, b) => a.issueDate.localeCompare(b.issueDate) || a.number.localeCompare(b.number));
    const counted = invoices.filter((row) => row.status !== "void");
    rows = [
      ["Invoice", "Issue date", "Due date", "Family", "State", "Total", "Paid", "Balance", "Currency", "Void reason"],
      ...invoices.map((row) => [
        row.number,
        row.issueDate,
        row.dueDate,
        // A share invoice (issue 45) names its guardian and share.
        row.shareNote ? `${row.familyName} (${row.guardianName}, ${row.shareNote})` : row.familyName,
        INVOICE_STATE_LABELS[invoiceState(row)],
        money(row.totalCents),
        money(row.paidCents),
        money(balanceCents(row)),
        CURRENCY,
        row.voidReason,
      ]),
      // Void invoices are listed but not counted: they were replaced or withdrawn.
      ["Total (not void)", "", "", "", "", money(sumCents(counted.map((r) => r.totalCents))), money(sumCents(counted.map((r) => r.paidCents))), money(sumCents(counted.map(balanceCents))), CURRENCY, ""],
    ];
  }
  const text = CSV_BOM + toCsv(rows);
  return { bytes: new TextEncoder().encode(text), fileName: `${query.kind}-${query.year}.csv`, contentType: "text/csv; charset=utf-8" };
}

/**
 * The family's year with one teacher: every invoice issued that year, every payment received
 * (on invoices, on account, for lesson packages), the packages and the balance (issue 40).
 */
export async function statementPdf(deps: Pick<Deps, "db">, parentId: string, guardianId: string | null, query: StatementQuery): Promise<DownloadFile> {
  // A guardian's statement lists the household's invoices and their own shares (issue 45).
  const all = await repo.familyInvoiceRows(deps.db, parentId, guardianId, query.teacherId);
  const teacherId = all[0]?.teacherId ?? (all.length === 0 ? query.teacherId : null);
  const [packages, entries] = teacherId
    ? await Promise.all([packagesRepo.packagesOf(deps.db, { teacherId, parentId }), creditRepo.creditEntries(deps.db, teacherId, parentId)])
    : [[], []];
  const first = all[0];
  // A teacher who deleted their account is "Deleted teacher" here as everywhere (issue 41): the
  // name and address copied on the invoices are not printed again.
  const names = first
    ? first.teacherId === null
      ? { teacherName: DELETED_TEACHER_NAME, teacherEmail: "", familyName: first.familyName }
      : first
    : packages.length || entries.length
      ? await statementNames(deps, query.teacherId, parentId)
      : null;
  if (!names) throw new AppError("not_found", "Teacher not found");
  const ofYear = all.filter((row) => row.issueDate.startsWith(`${query.year}-`)).sort((a, b) => a.issueDate.localeCompare(b.issueDate) || a.number.localeCompare(b.number));
  const [payments, creditCents] = await Promise.all([repo.paymentRows(deps.db, ofYear.map((row) => row.id)), teacherId ? creditRepo.creditBalance(deps.db, teacherId, parentId) : 0]);
  const numbers = new Map(ofYear.map((row) => [row.id, row.status === "void" ? `${row.number} (void invoice)` : row.number]));
  const inYear = (day: string) => day.startsWith(`${query.year}-`);
  const received = [
    ...payments.map((p) => ({ paidOn: p.paidOn, number: numbers.get(p.invoiceId) ?? "", method: PAYMENT_METHOD_LABELS[p.method], amountCents: p.amountCents })),
    ...entries
      .filter((entry) => entry.kind === "payment_on_account" && entry.paidOn && inYear(entry.paidOn))
      .map((entry) => ({ paidOn: entry.paidOn!, number: "On account", method: PAYMENT_METHOD_LABELS[entry.method as RecordedPaymentMethod], amountCents: entry.amountCents })),
    ...packages
      .filter((pkg) => inYear(pkg.paidOn))
      .map((pkg) => ({ paidOn: pkg.paidOn, number: `Lesson package (${packageTitle(pkg.lessons, pkg.priceCents)})`, method: PAYMENT_METHOD_LABELS[pkg.method as RecordedPaymentMethod], amountCents: pkg.priceCents })),
  ].sort((a, b) => a.paidOn.localeCompare(b.paidOn));
  const bytes = await renderStatementPdf({
    year: query.year,
    teacherName: names.teacherName,
    teacherEmail: names.teacherEmail,
    teacherLeft: first?.teacherId === null,
    teacherLeftContact: first?.teacherId === null ? first.teacherLeftContact : null,
    familyName: names.familyName,
    invoices: ofYear.map(summary),
    creditCents,
    payments: received,
    packages: packages
      .filter((pkg) => pkg.paidOn <= `${query.year}-12-31` && pkg.validUntil >= `${query.year}-01-01`)
      .map((pkg) => ({ title: packageTitle(pkg.lessons, pkg.priceCents), lessonsUsed: pkg.lessonsUsed, lessons: pkg.lessons, paidOn: pkg.paidOn, validUntil: pkg.validUntil })),
  });
  const initials = first?.number.split("-")[0] ?? teacherInitials(names.teacherName.split(" ")[0] ?? "", names.teacherName.split(" ").slice(1).join(" "));
  return { bytes, fileName: `statement-${initials}-${query.year}.pdf`, contentType: "application/pdf" };
}

/** The names a statement is headed with when the family has a balance but no invoice yet. */
async function statementNames(deps: Pick<Deps, "db">, teacherId: string, parentId: string) {
  const [teacher, family] = await Promise.all([repo.teacherForInvoice(deps.db, teacherId), repo.familyContact(deps.db, parentId)]);
  if (!teacher || !family) return null;
  return { teacherName: `${teacher.firstName} ${teacher.lastName}`, teacherEmail: teacher.email, familyName: `${family.firstName} ${family.lastName}` };
}
