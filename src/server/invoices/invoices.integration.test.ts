import { and, eq, like } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { createParent, createTeacher } from "../../../tests/factories/accounts";
import { createBooking } from "../../../tests/factories/bookings";
import { createClass } from "../../../tests/factories/classes";
import { attendedLesson, lateCancelledLesson, sentInvoice, setBillingSettings } from "../../../tests/factories/invoices";
import { cancelLesson, recordAttendance } from "../../../tests/factories/lesson-history";
import { send, signIn } from "../../../tests/fixtures/http";
import { twoProcessAppsForFile } from "../../../tests/fixtures/test-app";
import { formatMoney } from "../../shared/invoices/money.rules";
import type { InvoiceDTO, InvoiceListDTO, InvoicePreviewDTO } from "../../shared/invoices/invoices.schemas";
import { invoiceLines, invoices, jobs, mailOutbox, teacherProfiles } from "../db/schema";
import type { Deps } from "../deps";
import { JOB_KINDS, JOB_SWEEPS } from "../job-kinds";
import { runDueJobs } from "../jobs/job-runner";
import { PAY_DIRECTLY } from "./invoice-pdf";
import { conflictOf, LESSON_TAKEN_MESSAGE, NO_LINES_MESSAGE, SENT_NOT_EDITABLE } from "./invoices.service";

const { t, other } = twoProcessAppsForFile();

const at = (iso: string) => new Date(iso);

async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, " ");
}

async function pdfOf(path: string, cookie: string | undefined) {
  const response = await t.app.request(path, { headers: cookie ? { cookie } : {} });
  return { status: response.status, type: response.headers.get("content-type"), bytes: new Uint8Array(await response.arrayBuffer()) };
}

/**
 * A New York teacher ("Casey Keys" → CK) with a family (two children) and their lessons of March
 * 2024; a second family, a second teacher, each signed in.
 */
async function seed() {
  const [teacher, otherTeacher, family, otherFamily] = await Promise.all([
    createTeacher(t.deps, { timeZone: "America/New_York" }),
    createTeacher(t.deps, { timeZone: "Europe/London" }),
    createParent(t.deps, { students: 2 }),
    createParent(t.deps, { firstName: "Robin" }),
  ]);
  await setBillingSettings(t.deps, teacher.teacherId, { paymentInstructions: "Zelle to casey@example.com", lateCancelCharge: "half" });
  const mine = { teacherId: teacher.teacherId, parentId: family.parentId, studentId: family.studentIds[0]! };
  const sibling = { ...mine, studentId: family.studentIds[1]! };
  // March 2024 in New York (EST until the 10th, EDT after).
  const attended = await attendedLesson(t.deps, mine, at("2024-03-05T21:00:00Z"), 6000);
  const estimated = await attendedLesson(t.deps, sibling, at("2024-03-06T21:00:00Z"), 7550, { estimated: true });
  await attendedLesson(t.deps, mine, at("2024-03-07T21:00:00Z"), 0, { bookingType: "intro" });
  const missed = await createBooking(t.deps, { ...mine, startsAt: at("2024-03-08T21:00:00Z") });
  await recordAttendance(t.deps, missed.bookingId, "missed");
  const lateCancel = await lateCancelledLesson(t.deps, mine, at("2024-03-12T20:00:00Z"), { priceCents: 6000, chargeCents: 3000, noticeHours: 24, hoursBefore: 20 });
  const byTeacher = await createBooking(t.deps, { ...mine, startsAt: at("2024-03-13T20:00:00Z") });
  await cancelLesson(t.deps, byTeacher.bookingId, { by: "teacher" });
  // Not marked yet: not invoiceable. April: outside the range.
  await createBooking(t.deps, { ...mine, startsAt: at("2024-03-14T20:00:00Z") });
  const april = await attendedLesson(t.deps, mine, at("2024-04-02T20:00:00Z"), 6000);
  const [teacherCookie, otherTeacherCookie, familyCookie, otherFamilyCookie] = await Promise.all([
    signIn(t, "teacher", teacher.email, teacher.password),
    signIn(t, "teacher", otherTeacher.email, otherTeacher.password),
    signIn(t, "parent", family.email, family.password),
    signIn(t, "parent", otherFamily.email, otherFamily.password),
  ]);
  return {
    teacher,
    otherTeacher,
    family,
    otherFamily,
    bookings: { attended, estimated, lateCancel, april },
    cookies: { teacher: teacherCookie, otherTeacher: otherTeacherCookie, family: familyCookie, otherFamily: otherFamilyCookie },
  };
}

const march = (parentId: string) => ({ parentId, from: "2024-03-01", to: "2024-03-31" });

describe("creating an invoice", () => {
  it("previews and drafts one line per attended lesson and charged late cancellation, citing each, numbered per teacher and year", async () => {
    const s = await seed();
    const preview = await send(t, "GET", `/api/invoices/preview?parentId=${s.family.parentId}&from=2024-03-01&to=2024-03-31`, { cookie: s.cookies.teacher });
    expect(preview.status).toBe(200);
    const previewed = preview.json as InvoicePreviewDTO;
    expect(previewed.lines.map((l) => l.bookingId)).toEqual([s.bookings.attended, s.bookings.estimated, s.bookings.lateCancel]);
    expect(previewed.totalCents).toBe(6000 + 7550 + 3000);

    const families = await send(t, "GET", "/api/invoices/families", { cookie: s.cookies.teacher });
    expect(families.json).toEqual([{ parentId: s.family.parentId, familyName: expect.any(String), uninvoicedCount: 4, uninvoicedCents: 6000 + 7550 + 3000 + 6000 }]);

    const created = await send(t, "POST", "/api/invoices", {
      cookie: s.cookies.teacher,
      body: { ...march(s.family.parentId), dueDays: 14, note: "Thank you!", extraLines: [{ description: "Piano Adventures book", quantity: 2, unitCents: 1299 }] },
    });
    expect(created.status, created.text).toBe(201);
    const invoice = created.json as InvoiceDTO;
    const year = new Date().getUTCFullYear();
    expect(invoice.number).toMatch(new RegExp(`^[A-Z]{1,2}-(${year}|${year + 1}|${year - 1})-0001$`));
    expect(invoice.status).toBe("draft");
    expect(invoice.state).toBe("draft");
    expect(invoice.lines.map((l) => l.kind)).toEqual(["lesson", "lesson", "late_cancel", "extra"]);
    expect(invoice.lines.map((l) => l.amountCents)).toEqual([6000, 7550, 3000, 2598]);
    expect(invoice.totalCents).toBe(6000 + 7550 + 3000 + 2598);
    expect(invoice.lines[0]!.description).toMatch(/^Full Lesson · Tue, Mar 5, 2024 · 4:00 PM EST · Kid1 /);
    expect(invoice.lines[0]!.detail).toBe("Attended (60 min)");
    expect(invoice.lines[1]!.estimated).toBe(true);
    expect(invoice.lines[2]!.description).toMatch(/^Late cancellation: Full Lesson · Tue, Mar 12, 2024 · 4:00 PM EDT/);
    expect(invoice.lines[2]!.detail).toBe("Cancelled 20 h before; the policy charges cancellations within 24 h (half price)");
    expect(invoice.teacherEmail).toBe(s.teacher.email);
    expect(invoice.familyEmail).toBe(s.family.email);
    expect(invoice.dueDate > invoice.issueDate).toBe(true);

    // Nothing left in March: refused, and the number is given back (the next one is 0002).
    const again = await send(t, "POST", "/api/invoices", { cookie: s.cookies.teacher, body: march(s.family.parentId) });
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe(NO_LINES_MESSAGE);
    const april = await send(t, "POST", "/api/invoices", { cookie: s.cookies.teacher, body: { parentId: s.family.parentId, from: "2024-04-01", to: "2024-04-30" } });
    expect(april.status).toBe(201);
    expect(april.json.number).toBe(invoice.number.replace(/0001$/, "0002"));
  });

  it("refuses a family the teacher has no lessons with, a range over a year or far ahead, and bad queries, with messages", async () => {
    const s = await seed();
    const stranger = await send(t, "POST", "/api/invoices", { cookie: s.cookies.otherTeacher, body: march(s.family.parentId) });
    expect(stranger.status).toBe(404);
    const long = await send(t, "POST", "/api/invoices", { cookie: s.cookies.teacher, body: { parentId: s.family.parentId, from: "2022-01-01", to: "2024-03-31" } });
    expect(long.status).toBe(400);
    expect(long.json.error.message).toContain("at most a year");
    const ahead = await send(t, "GET", `/api/invoices/preview?parentId=${s.family.parentId}&from=9999-01-01&to=9999-12-31`, { cookie: s.cookies.teacher });
    expect(ahead.status).toBe(400);
    for (const path of [
      "/api/invoices/preview?parentId=nope&from=2024-03-01&to=2024-03-31",
      `/api/invoices/preview?parentId=${s.family.parentId}&from=2024-03-31&to=2024-03-01`,
      `/api/invoices/preview?parentId=${s.family.parentId}&from=2024-02-30&to=2024-03-01`,
      "/api/invoices?state=late",
      "/api/invoices?parentId=123",
      "/api/invoices/csv?year=20x4",
      "/api/invoices/csv?year=2024&kind=receipts",
    ]) {
      const res = await send(t, "GET", path, { cookie: s.cookies.teacher });
      expect(res.status, path).toBe(400);
      expect(res.json.error.message, path).toEqual(expect.any(String));
    }
    for (const path of ["/api/billing/statement?teacherId=x&year=2024", `/api/billing/statement?teacherId=${s.teacher.teacherId}&year=1999`]) {
      const res = await send(t, "GET", path, { cookie: s.cookies.family });
      expect(res.status, path).toBe(400);
    }
  });

  it("bills the teacher's families as relationships.ts counts them: a class's family for its extras, not one with only a request", async () => {
    const s = await seed();
    const [classFamily, asking] = await Promise.all([createParent(t.deps, { firstName: "Quinn" }), createParent(t.deps, { firstName: "Avery" })]);
    await createClass(t.deps, { teacherId: s.teacher.teacherId, parentId: classFamily.parentId, studentId: classFamily.studentIds[0]! });
    await createBooking(t.deps, { teacherId: s.teacher.teacherId, parentId: asking.parentId, studentId: asking.studentIds[0]!, status: "pending" });

    const families = (await send(t, "GET", "/api/invoices/families", { cookie: s.cookies.teacher })).json as { parentId: string; uninvoicedCount: number; uninvoicedCents: number }[];
    expect(families.map((f) => f.parentId).sort()).toEqual([s.family.parentId, classFamily.parentId].sort());
    expect(families.find((f) => f.parentId === classFamily.parentId)).toMatchObject({ uninvoicedCount: 0, uninvoicedCents: 0 });

    const classFees = await send(t, "POST", "/api/invoices", {
      cookie: s.cookies.teacher,
      body: { ...march(classFamily.parentId), extraLines: [{ description: "Group class, March", quantity: 4, unitCents: 2500 }] },
    });
    expect(classFees.status, classFees.text).toBe(201);
    expect((classFees.json as InvoiceDTO).totalCents).toBe(10000);
    const notYet = await send(t, "POST", "/api/invoices", {
      cookie: s.cookies.teacher,
      body: { ...march(asking.parentId), extraLines: [{ description: "Books", quantity: 1, unitCents: 1000 }] },
    });
    expect(notYet.status).toBe(404);
    expect(notYet.json.error.fields).toEqual({ parentId: "Family not found" });
  });

  it("gives 20 invoices made at the same moment 20 distinct consecutive numbers", async () => {
    const s = await seed();
    const bodies = Array.from({ length: 20 }, (_, i) => ({ ...march(s.family.parentId), extraLines: [{ description: `Recital fee ${i}`, quantity: 1, unitCents: 1000 + i }] }));
    const apps = [t, other];
    const results = await Promise.all(bodies.map((body, i) => send(apps[i % 2]!, "POST", "/api/invoices", { cookie: s.cookies.teacher, body })));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    const sequences = results.map((r) => Number((r.json as InvoiceDTO).number.slice(-4))).sort((a, b) => a - b);
    expect(sequences).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    // The lessons went to exactly one of them.
    const lessonLines = results.flatMap((r) => (r.json as InvoiceDTO).lines.filter((l) => l.kind !== "extra"));
    expect(lessonLines.map((l) => l.bookingId).sort()).toEqual([s.bookings.attended, s.bookings.estimated, s.bookings.lateCancel].sort());
  });

  it("never puts one lesson on two invoices made at once for overlapping ranges; the loser is told clearly", async () => {
    for (let round = 0; round < 3; round++) {
      const s = await seed();
      const [a, b] = await Promise.all([
        send(t, "POST", "/api/invoices", { cookie: s.cookies.teacher, body: { parentId: s.family.parentId, from: "2024-03-01", to: "2024-03-10" } }),
        send(other, "POST", "/api/invoices", { cookie: s.cookies.teacher, body: { parentId: s.family.parentId, from: "2024-03-05", to: "2024-03-31" } }),
      ]);
      for (const res of [a, b]) expect([201, 409]).toContain(res.status);
      const winners = [a, b].filter((r) => r.status === 201);
      const ids = winners.flatMap((r) => (r.json as InvoiceDTO).lines.map((l) => l.bookingId));
      expect(new Set(ids).size).toBe(ids.length);
      for (const loser of [a, b].filter((r) => r.status === 409)) expect([NO_LINES_MESSAGE, LESSON_TAKEN_MESSAGE]).toContain(loser.json.error.message);
    }
  });

  it("the database refuses a lesson on two live invoices (the backstop), and that refusal is a 409 with a message, never a 500", async () => {
    const s = await seed();
    const invoice = (await send(t, "POST", "/api/invoices", { cookie: s.cookies.teacher, body: march(s.family.parentId) })).json as InvoiceDTO;
    const duplicate = t.deps.db.insert(invoiceLines).values({
      invoiceId: invoice.id, position: 99, kind: "lesson", bookingId: s.bookings.attended, description: "Duplicate", quantity: 1, unitCents: 1, amountCents: 1,
    });
    const error = await duplicate.then(() => null, (e: unknown) => e);
    expect(error).not.toBeNull();
    expect(conflictOf(error)).toMatchObject({ code: "conflict", message: LESSON_TAKEN_MESSAGE });
    // Once that invoice is void (its lines released), the lesson can go on another.
    await send(t, "POST", `/api/invoices/${invoice.id}/void`, { cookie: s.cookies.teacher, body: { reason: "Redo" } });
    const again = await send(t, "POST", "/api/invoices", { cookie: s.cookies.teacher, body: march(s.family.parentId) });
    expect(again.status).toBe(201);
  });
});

describe("an invoice's life", () => {
  it("drafts are edited and hidden from the family; sent ones are emailed with the PDF, read by both sides only, and cannot be edited", async () => {
    const s = await seed();
    const draft = (await send(t, "POST", "/api/invoices", { cookie: s.cookies.teacher, body: march(s.family.parentId) })).json as InvoiceDTO;
    const path = `/api/invoices/${draft.id}`;
    expect((await send(t, "GET", path, { cookie: s.cookies.family })).status).toBe(404);
    expect((await send(t, "GET", "/api/billing/invoices", { cookie: s.cookies.family })).json.invoices).toEqual([]);

    // Take the late cancellation off and add a fee: the total stays the sum of the lines.
    const lateLine = draft.lines.find((l) => l.kind === "late_cancel")!;
    const edited = await send(t, "PATCH", path, {
      cookie: s.cookies.teacher,
      body: { removeLineIds: [lateLine.id], extraLines: [{ description: "Recital fee", quantity: 1, unitCents: 2500 }], note: "See you at the recital", dueDate: draft.issueDate },
    });
    expect(edited.status, edited.text).toBe(200);
    expect((edited.json as InvoiceDTO).lines.map((l) => l.amountCents)).toEqual([6000, 7550, 2500]);
    expect(edited.json.totalCents).toBe(16050);
    expect(edited.json.dueDate).toBe(draft.issueDate);
    // The removed lesson is invoiceable again.
    const preview = await send(t, "GET", `/api/invoices/preview?parentId=${s.family.parentId}&from=2024-03-01&to=2024-03-31`, { cookie: s.cookies.teacher });
    expect((preview.json as InvoicePreviewDTO).lines.map((l) => l.bookingId)).toEqual([s.bookings.lateCancel]);
    const badDue = await send(t, "PATCH", path, { cookie: s.cookies.teacher, body: { dueDate: "2020-01-01" } });
    expect(badDue.status).toBe(400);

    // Payment instructions are copied when sent.
    await setBillingSettings(t.deps, s.teacher.teacherId, { paymentInstructions: "Venmo @casey-keys" });
    const sent = await send(t, "POST", `${path}/send`, { cookie: s.cookies.teacher });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.json.state).toBe("sent");
    expect(sent.json.paymentInstructions).toBe("Venmo @casey-keys");
    const [mail] = await t.deps.db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, s.family.email), eq(mailOutbox.kind, "invoice-sent")));
    expect(mail!.subject).toContain(draft.number);
    expect(mail!.subject).toContain(formatMoney(16050));
    expect(mail!.textBody).toContain(PAY_DIRECTLY);
    expect(mail!.attachments).toEqual([{ filename: `invoice-${draft.number}.pdf`, contentType: "application/pdf", size: expect.any(Number) }]);
    expect(mail!.attachments[0]!.size).toBeGreaterThan(1000);

    expect((await send(t, "POST", `${path}/send`, { cookie: s.cookies.teacher })).status).toBe(409);
    const edit = await send(t, "PATCH", path, { cookie: s.cookies.teacher, body: { note: "changed" } });
    expect(edit.status).toBe(409);
    expect(edit.json.error.message).toBe(SENT_NOT_EDITABLE);

    // Only the teacher and that family read it or its PDF; everyone else 404 (or 401 signed out).
    expect((await send(t, "GET", path, { cookie: s.cookies.family })).json.totalCents).toBe(16050);
    expect((await send(t, "GET", path, { cookie: s.cookies.teacher })).status).toBe(200);
    for (const cookie of [s.cookies.otherFamily, s.cookies.otherTeacher]) {
      expect((await send(t, "GET", path, { cookie })).status).toBe(404);
      expect((await pdfOf(`${path}/pdf`, cookie)).status).toBe(404);
      expect((await send(t, "POST", `${path}/void`, { cookie, body: { reason: "x" } })).status).toBeGreaterThanOrEqual(403);
    }
    expect((await send(t, "GET", path)).status).toBe(401);
    expect((await send(t, "GET", "/api/invoices/00000000-0000-4000-8000-000000000000", { cookie: s.cookies.teacher })).status).toBe(404);
    expect((await send(t, "GET", "/api/invoices/not-a-uuid", { cookie: s.cookies.teacher })).status).toBe(404);

    // The PDF, parsed: the number, the lines, the total, how to pay.
    for (const cookie of [s.cookies.family, s.cookies.teacher]) {
      const pdf = await pdfOf(`${path}/pdf`, cookie);
      expect(pdf.status).toBe(200);
      expect(pdf.type).toBe("application/pdf");
      const text = await pdfText(pdf.bytes);
      expect(text).toContain(draft.number);
      expect(text).toContain("Full Lesson · Tue, Mar 5, 2024");
      expect(text).toContain("Recital fee");
      expect(text).toContain(formatMoney(6000));
      expect(text).toContain(formatMoney(7550));
      expect(text).toContain(`Total ${formatMoney(16050)}`);
      expect(text).toContain("Venmo @casey-keys");
      expect(text).toContain(PAY_DIRECTLY);
      expect(text).toContain(s.teacher.email);
    }

    // The family sees it on /billing, with what it owes.
    const billing = (await send(t, "GET", "/api/billing/invoices", { cookie: s.cookies.family })).json as InvoiceListDTO;
    expect(billing.invoices.map((i) => [i.number, i.state, i.balanceCents])).toEqual([[draft.number, "sent", 16050]]);
    expect(billing.outstandingCents).toBe(16050);
    expect((await send(t, "GET", "/api/billing/invoices", { cookie: s.cookies.otherFamily })).json.invoices).toEqual([]);
  });

  it("records payments up to the balance: partly paid, then paid; an overpayment is refused naming the balance", async () => {
    const s = await seed();
    const draft = (await send(t, "POST", "/api/invoices", { cookie: s.cookies.teacher, body: march(s.family.parentId) })).json as InvoiceDTO;
    const path = `/api/invoices/${draft.id}`;
    const early = await send(t, "POST", `${path}/payments`, { cookie: s.cookies.teacher, body: { amountCents: 100, paidOn: "2024-04-01", method: "cash" } });
    expect(early.status).toBe(409);
    await send(t, "POST", `${path}/send`, { cookie: s.cookies.teacher });
    const total = draft.totalCents;

    const part = await send(t, "POST", `${path}/payments`, { cookie: s.cookies.teacher, body: { amountCents: 5000, paidOn: "2024-04-01", method: "check", note: "Check #123" } });
    expect(part.status, part.text).toBe(200);
    expect(part.json).toMatchObject({ state: "partly_paid", paidCents: 5000, balanceCents: total - 5000 });
    const over = await send(t, "POST", `${path}/payments`, { cookie: s.cookies.teacher, body: { amountCents: total, paidOn: "2024-04-02", method: "cash" } });
    expect(over.status).toBe(400);
    expect(over.json.error.message).toContain(formatMoney(total - 5000));
    const future = await send(t, "POST", `${path}/payments`, { cookie: s.cookies.teacher, body: { amountCents: 1, paidOn: "2099-01-01", method: "cash" } });
    expect(future.status).toBe(400);
    expect((await send(t, "POST", `${path}/payments`, { cookie: s.cookies.family, body: { amountCents: 1, paidOn: "2024-04-01", method: "cash" } })).status).toBe(403);

    const rest = await send(t, "POST", `${path}/payments`, { cookie: s.cookies.teacher, body: { amountCents: total - 5000, paidOn: "2024-04-03", method: "bank_transfer" } });
    expect(rest.json).toMatchObject({ state: "paid", paidCents: total, balanceCents: 0 });
    expect((rest.json as InvoiceDTO).payments.map((p) => p.amountCents)).toEqual([5000, total - 5000]);
    const [row] = await t.deps.db.select({ paidAt: invoices.paidAt }).from(invoices).where(eq(invoices.id, draft.id));
    expect(row!.paidAt).not.toBeNull();
    expect((await send(t, "POST", `${path}/payments`, { cookie: s.cookies.teacher, body: { amountCents: 1, paidOn: "2024-04-03", method: "cash" } })).status).toBe(409);
    // Both sides see a zero balance.
    expect((await send(t, "GET", path, { cookie: s.cookies.family })).json.balanceCents).toBe(0);
    expect((await send(t, "GET", "/api/billing/invoices", { cookie: s.cookies.family })).json.outstandingCents).toBe(0);

    // The tax export: the invoice and both payments, amounts in dollars with the currency, and their totals.
    const year = draft.issueDate.slice(0, 4);
    const invoicesCsv = await send(t, "GET", `/api/invoices/csv?year=${year}`, { cookie: s.cookies.teacher });
    expect(invoicesCsv.headers.get("content-type")).toContain("text/csv");
    expect(invoicesCsv.text).toContain(`${draft.number},${draft.issueDate}`);
    expect(invoicesCsv.text).toContain(`Paid,${(total / 100).toFixed(2)},${(total / 100).toFixed(2)},0.00,USD`);
    const paymentsCsv = await send(t, "GET", "/api/invoices/csv?year=2024&kind=payments", { cookie: s.cookies.teacher });
    expect(paymentsCsv.text).toContain(`2024-04-01,${draft.number},`);
    expect(paymentsCsv.text).toContain("Check,50.00,USD,Check #123");
    expect(paymentsCsv.text).toContain(`Total,,,,${(total / 100).toFixed(2)},USD`);
  });

  it("void releases the lessons for a replacement; a paid invoice can be voided and keeps its payments", async () => {
    const s = await seed();
    const first = (await send(t, "POST", "/api/invoices", { cookie: s.cookies.teacher, body: march(s.family.parentId) })).json as InvoiceDTO;
    const path = `/api/invoices/${first.id}`;
    await send(t, "POST", `${path}/send`, { cookie: s.cookies.teacher });
    await send(t, "POST", `${path}/payments`, { cookie: s.cookies.teacher, body: { amountCents: first.totalCents, paidOn: "2024-04-01", method: "cash" } });
    const voided = await send(t, "POST", `${path}/void`, { cookie: s.cookies.teacher, body: { reason: "Wrong price on the 5th" } });
    expect(voided.status, voided.text).toBe(200);
    expect(voided.json).toMatchObject({ status: "void", state: "void", voidReason: "Wrong price on the 5th", balanceCents: 0, paidCents: first.totalCents });
    expect(voided.json.payments).toHaveLength(1);
    expect((await send(t, "POST", `${path}/void`, { cookie: s.cookies.teacher, body: { reason: "again" } })).status).toBe(409);
    expect((await send(t, "POST", `${path}/send`, { cookie: s.cookies.teacher })).status).toBe(409);

    const replacement = await send(t, "POST", "/api/invoices", { cookie: s.cookies.teacher, body: { ...march(s.family.parentId), replacesInvoiceId: first.id } });
    expect(replacement.status, replacement.text).toBe(201);
    expect((replacement.json as InvoiceDTO).lines.map((l) => l.bookingId)).toEqual(first.lines.map((l) => l.bookingId));
    expect(replacement.json.replacesInvoiceId).toBe(first.id);
    const notVoid = await send(t, "POST", "/api/invoices", { cookie: s.cookies.teacher, body: { ...march(s.family.parentId), replacesInvoiceId: replacement.json.id, extraLines: [{ description: "x", quantity: 1, unitCents: 1 }] } });
    expect(notVoid.status).toBe(400);
    // The family still sees the void one, owing nothing on it.
    const billing = (await send(t, "GET", "/api/billing/invoices", { cookie: s.cookies.family })).json as InvoiceListDTO;
    expect(billing.invoices.map((i) => i.state)).toEqual(["void"]);
  });

  it("lists the teacher's invoices overdue first with outstanding and overdue totals, filtered by family and state", async () => {
    const s = await seed();
    const second = { teacherId: s.teacher.teacherId, parentId: s.otherFamily.parentId, studentId: s.otherFamily.studentIds[0]! };
    await attendedLesson(t.deps, second, at("2024-03-20T20:00:00Z"), 4000);
    const a = await sentInvoice(t.deps, s.teacher.teacherId, march(s.family.parentId));
    const b = await sentInvoice(t.deps, s.teacher.teacherId, march(s.otherFamily.parentId));
    await t.deps.db.update(invoices).set({ overdueAt: new Date() }).where(eq(invoices.id, a.id));
    const list = (await send(t, "GET", "/api/invoices", { cookie: s.cookies.teacher })).json as InvoiceListDTO;
    expect(list.invoices.map((i) => i.id)).toEqual([a.id, b.id]);
    expect(list.outstandingCents).toBe(a.totalCents + 4000);
    expect(list.overdueCents).toBe(a.totalCents);
    const filtered = (await send(t, "GET", `/api/invoices?parentId=${s.otherFamily.parentId}&state=sent`, { cookie: s.cookies.teacher })).json as InvoiceListDTO;
    expect(filtered.invoices.map((i) => i.id)).toEqual([b.id]);
    expect(filtered.outstandingCents).toBe(a.totalCents + 4000);
    expect((await send(t, "GET", "/api/invoices", { cookie: s.cookies.otherTeacher })).json.invoices).toEqual([]);
  });
});

describe("year-end statement", () => {
  it("lists the year's invoices and payments and the balance; a rate change leaves it as it was; other teachers' ids are 404", async () => {
    const s = await seed();
    const invoice = await sentInvoice(t.deps, s.teacher.teacherId, march(s.family.parentId));
    await send(t, "POST", `/api/invoices/${invoice.id}/payments`, { cookie: s.cookies.teacher, body: { amountCents: 2000, paidOn: invoice.issueDate, method: "cash" } });
    const year = invoice.issueDate.slice(0, 4);
    const path = `/api/billing/statement?teacherId=${s.teacher.teacherId}&year=${year}`;
    const first = await pdfOf(path, s.cookies.family);
    expect(first.status).toBe(200);
    expect(first.type).toBe("application/pdf");
    const text = await pdfText(first.bytes);
    expect(text).toContain(`Statement ${year}`);
    expect(text).toContain(invoice.number);
    expect(text).toContain(formatMoney(invoice.totalCents));
    expect(text).toContain(formatMoney(2000));
    expect(text).toContain(`Balance owed ${formatMoney(invoice.totalCents - 2000)}`);
    expect(text).toContain(PAY_DIRECTLY);

    await t.deps.db.update(teacherProfiles).set({ hourlyRateMin: 200, hourlyRateMax: 250 }).where(eq(teacherProfiles.id, s.teacher.teacherId));
    expect(await pdfText((await pdfOf(path, s.cookies.family)).bytes)).toBe(text);

    expect((await pdfOf(path, s.cookies.otherFamily)).status).toBe(404);
    expect((await pdfOf(`/api/billing/statement?teacherId=${s.otherTeacher.teacherId}&year=${year}`, s.cookies.family)).status).toBe(404);
    expect((await pdfOf(path, s.cookies.teacher)).status).toBe(403);
  });
});

describe("overdue sweep and reminders", () => {
  const run = (deps: Deps, now: Date) => runDueJobs(deps, { kinds: JOB_KINDS, sweeps: JOB_SWEEPS, now });
  const remindersOf = (invoiceId: string) =>
    t.deps.db.select().from(jobs).where(like(jobs.key, `invoice-reminder:${invoiceId}:%`));

  it("marks an unpaid invoice overdue the day after its due date (teacher's zone) and reminds weekly, each once with two runners, until paid", async () => {
    const s = await seed();
    const invoice = await sentInvoice(t.deps, s.teacher.teacherId, march(s.family.parentId));
    // Back-date it: issued 2024-04-01, due 2024-04-15 (New York).
    await t.deps.db.update(invoices).set({ issueDate: "2024-04-01", dueDate: "2024-04-15" }).where(eq(invoices.id, invoice.id));
    const mails = () => t.deps.db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, s.family.email), eq(mailOutbox.kind, "invoice-reminder")));

    // 23:30 on the due date in New York (03:30 UTC the next day): not yet overdue.
    await run(t.deps, at("2024-04-16T03:30:00Z"));
    expect((await send(t, "GET", `/api/invoices/${invoice.id}`, { cookie: s.cookies.teacher })).json.state).toBe("sent");
    // The day after, 10:00 New York: overdue, the first reminder goes out once with two runners.
    const dayAfter = at("2024-04-16T14:00:00Z");
    await Promise.all([run(t.deps, dayAfter), run(other.deps, dayAfter), run(t.deps, dayAfter), run(other.deps, dayAfter)]);
    expect((await send(t, "GET", `/api/invoices/${invoice.id}`, { cookie: s.cookies.family })).json.state).toBe("overdue");
    expect((await remindersOf(invoice.id)).map((j) => j.key).sort()).toEqual([1, 2, 3].map((n) => `invoice-reminder:${invoice.id}:${n}`));
    let sent = await mails();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toContain(invoice.number);
    expect(sent[0]!.attachments[0]!.contentType).toBe("application/pdf");
    // A week later: the second, once.
    const weekLater = at("2024-04-23T14:00:00Z");
    await Promise.all([run(t.deps, weekLater), run(other.deps, weekLater)]);
    expect(await mails()).toHaveLength(2);
    // Paid in full before the third: no third reminder.
    await send(t, "POST", `/api/invoices/${invoice.id}/payments`, { cookie: s.cookies.teacher, body: { amountCents: invoice.totalCents, paidOn: "2024-04-25", method: "cash" } });
    await Promise.all([run(t.deps, at("2024-04-30T14:00:00Z")), run(other.deps, at("2024-04-30T14:00:00Z"))]);
    sent = await mails();
    expect(sent).toHaveLength(2);
    expect((await remindersOf(invoice.id)).every((j) => j.doneAt !== null)).toBe(true);
    expect((await send(t, "GET", `/api/invoices/${invoice.id}`, { cookie: s.cookies.family })).json.state).toBe("paid");
  });

  it("sends no reminder for a void invoice", async () => {
    const s = await seed();
    const invoice = await sentInvoice(t.deps, s.teacher.teacherId, march(s.family.parentId));
    await t.deps.db.update(invoices).set({ issueDate: "2024-05-01", dueDate: "2024-05-15" }).where(eq(invoices.id, invoice.id));
    await run(t.deps, at("2024-05-16T12:00:00Z"));
    await send(t, "POST", `/api/invoices/${invoice.id}/void`, { cookie: s.cookies.teacher, body: { reason: "Sent to the wrong family" } });
    await run(t.deps, at("2024-05-17T14:00:00Z"));
    const reminders = await t.deps.db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, s.family.email), eq(mailOutbox.kind, "invoice-reminder")));
    // 08:00 New York on the 16th: marked overdue, the first reminder waits for 09:00, then the invoice is void.
    expect(reminders).toHaveLength(0);
  });
});
