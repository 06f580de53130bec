import { and, eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { createParent, createTeacher } from "../../../tests/factories/accounts";
import { createBooking } from "../../../tests/factories/bookings";
import { setBillingSettings } from "../../../tests/factories/invoices";
import { send, signIn } from "../../../tests/fixtures/http";
import { testAppForFile } from "../../../tests/fixtures/test-app";
import type { FamilyBalanceDTO } from "../../shared/invoices/family-balance.schemas";
import { addDays } from "../../shared/invoices/invoice-state.rules";
import { TEACHER_LEFT_OWED_TEXT, type InvoiceDTO, type InvoiceListDTO } from "../../shared/invoices/invoices.schemas";
import { lessonPackageDraws, mailOutbox } from "../db/schema";
import { NO_LINES_MESSAGE } from "./invoices.service";

/**
 * Issue 40, a family balance: money received before any invoice becomes credit that pays the next
 * invoices; a prepaid lesson package is drawn down by attended lessons and charged late
 * cancellations (never past its last lesson, even at the same moment), and an invoice lists what
 * it covered at $0.00. Both sides read the same balance and history.
 */
const t = testAppForFile();
const DAY = 86_400_000;
const utcToday = () => new Date().toISOString().slice(0, 10);

async function seed() {
  const [teacher, family] = await Promise.all([createTeacher(t.deps, { timeZone: "UTC" }), createParent(t.deps)]);
  const mine = { teacherId: teacher.teacherId, parentId: family.parentId, studentId: family.studentIds[0]! };
  // The family's first lesson is booked, not yet held: a package is often paid before it.
  await createBooking(t.deps, { ...mine, startsAt: new Date(Date.now() + 7 * DAY), status: "accepted", priceCents: 6000 });
  const [teacherCookie, familyCookie] = await Promise.all([signIn(t, "teacher", teacher.email, teacher.password), signIn(t, "parent", family.email, family.password)]);
  return { teacher, family, mine, cookies: { teacher: teacherCookie, family: familyCookie } };
}
type Seeded = Awaited<ReturnType<typeof seed>>;

/** An accepted $60.00 lesson `daysAgo` days ago, not yet recorded. */
const lesson = async (s: Seeded, daysAgo: number, priceCents = 6000) =>
  (await createBooking(t.deps, { ...s.mine, startsAt: new Date(Date.now() - daysAgo * DAY), status: "accepted", priceCents })).bookingId;
const attend = (s: Seeded, bookingId: string, outcome: "attended" | "missed" | "cancelled" = "attended") =>
  send(t, "PUT", `/api/lessons/${bookingId}/attendance`, { cookie: s.cookies.teacher, body: { outcome, note: "" } });
const sellPackage = (s: Seeded, body: Record<string, unknown> = {}) =>
  send(t, "POST", "/api/invoices/balance/packages", {
    cookie: s.cookies.teacher,
    body: { parentId: s.family.parentId, lessons: 4, priceCents: 20_000, validUntil: addDays(utcToday(), 60), paidOn: utcToday(), method: "cash", ...body },
  });
const payOnAccount = (s: Seeded, amountCents: number, body: Record<string, unknown> = {}) =>
  send(t, "POST", "/api/invoices/balance/payments", { cookie: s.cookies.teacher, body: { parentId: s.family.parentId, amountCents, paidOn: utcToday(), method: "check", ...body } });
const teacherBalance = async (s: Seeded) =>
  (await send(t, "GET", `/api/invoices/balance?parentId=${s.family.parentId}`, { cookie: s.cookies.teacher })).json as unknown as FamilyBalanceDTO;
const familyBalance = async (s: Seeded) => {
  const all = (await send(t, "GET", "/api/billing/balance", { cookie: s.cookies.family })).json as unknown as FamilyBalanceDTO[];
  return all.find((balance) => balance.teacherId === s.teacher.teacherId)!;
};
async function invoiceRange(s: Seeded, daysAgoFrom: number, daysAgoTo: number) {
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10);
  return send(t, "POST", "/api/invoices", { cookie: s.cookies.teacher, body: { parentId: s.family.parentId, from: day(daysAgoFrom), to: day(daysAgoTo) } });
}

describe("payments on account", () => {
  it("money received before any invoice is credit that pays the next invoice; the tax export counts it once", async () => {
    const s = await seed();
    const paid = await payOnAccount(s, 5000, { note: "December in advance" });
    expect(paid.status, paid.text).toBe(201);
    expect(paid.json).toMatchObject({ creditCents: 5000, history: [{ kind: "payment_on_account", creditCents: 5000, receivedCents: 5000, text: "Payment received on account (Check). Note: December in advance." }] });
    expect(await familyBalance(s)).toMatchObject({ creditCents: 5000, history: [{ kind: "payment_on_account" }] });
    // The family's receipt is stored with the payment.
    const [receipt] = await t.deps.db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, s.family.email), eq(mailOutbox.kind, "balance-receipt")));
    expect(receipt?.subject).toMatch(/^Receipt: \$50\.00 USD received by \S+ \S+$/);
    expect(receipt?.textBody).toContain("on account. It pays your open and next invoices first; your credit with");

    await attend(s, await lesson(s, 3));
    const draft = await invoiceRange(s, 3, 3);
    expect(draft.status, draft.text).toBe(201);
    const sent = (await send(t, "POST", `/api/invoices/${draft.json.id}/send`, { cookie: s.cookies.teacher })).json as unknown as InvoiceDTO;
    expect(sent).toMatchObject({ totalCents: 6000, paidCents: 5000, balanceCents: 1000, state: "partly_paid" });
    const billing = (await send(t, "GET", "/api/billing/invoices", { cookie: s.cookies.family })).json as unknown as InvoiceListDTO;
    expect(billing).toMatchObject({ outstandingCents: 1000, creditCents: 0 });
    const balance = await teacherBalance(s);
    expect(balance.creditCents).toBe(0);
    expect(balance.history.map((entry) => entry.kind)).toEqual(["credit_applied", "payment_on_account"]);
    expect(balance.history[0]).toMatchObject({ creditCents: -5000, invoiceNumber: sent.number, text: `Credit applied to invoice ${sent.number}.` });

    // The $50.00 is money received once: on account, not again as the credit moved to the invoice.
    const csv = await (await t.app.request(`/api/invoices/csv?kind=payments&year=${utcToday().slice(0, 4)}`, { headers: { cookie: s.cookies.teacher } })).text();
    expect(csv).toContain(`${utcToday()},On account,`);
    expect(csv).toContain("Total,,,,50.00,USD");
  });

  it("an open invoice is paid by a payment on account at once, oldest due first", async () => {
    const s = await seed();
    await attend(s, await lesson(s, 4));
    const draft = await invoiceRange(s, 4, 4);
    await send(t, "POST", `/api/invoices/${draft.json.id}/send`, { cookie: s.cookies.teacher });
    expect((await payOnAccount(s, 8000)).json).toMatchObject({ creditCents: 2000 });
    const invoice = (await send(t, "GET", `/api/invoices/${draft.json.id}`, { cookie: s.cookies.family })).json as unknown as InvoiceDTO;
    expect(invoice).toMatchObject({ paidCents: 6000, state: "paid", payments: [{ method: "credit", amountCents: 6000 }] });
  });
});

describe("lesson packages", () => {
  it("attended lessons use the package; the invoice lists them at $0.00 and charges only the rest; a correction gives a lesson back", async () => {
    const s = await seed();
    const sold = await sellPackage(s, { lessons: 2, priceCents: 11_000 });
    expect(sold.status, sold.text).toBe(201);
    expect(sold.json).toMatchObject({ packages: [{ lessons: 2, lessonsUsed: 0, lessonsLeft: 2, priceCents: 11_000, state: "active" }] });
    const [receipt] = await t.deps.db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, s.family.email), eq(mailOutbox.kind, "balance-receipt")));
    expect(receipt?.textBody).toContain("for a lesson package: 2 lessons for $110.00 USD, valid until");

    const [a, b, c, d] = [await lesson(s, 9), await lesson(s, 8), await lesson(s, 7), await lesson(s, 6)];
    for (const id of [a, b, c]) expect((await attend(s, id)).status).toBe(200);
    expect((await familyBalance(s)).packages[0]).toMatchObject({ lessonsUsed: 2, lessonsLeft: 0, state: "used_up" });

    // The missed correction frees lesson 2; the next attended lesson takes it.
    expect((await attend(s, b, "missed")).status).toBe(200);
    expect((await teacherBalance(s)).packages[0]).toMatchObject({ lessonsUsed: 1, lessonsLeft: 1 });
    expect((await attend(s, d)).status).toBe(200);
    expect((await teacherBalance(s)).packages[0]).toMatchObject({ lessonsUsed: 2, lessonsLeft: 0 });
    const draws = await t.deps.db.select().from(lessonPackageDraws).where(eq(lessonPackageDraws.packageId, sold.json.packages[0].id));
    expect(draws.map((draw) => [draw.bookingId, draw.lessonNumber, draw.amountCents]).sort((x, y) => Number(x[1]) - Number(y[1]))).toEqual([
      [a, 1, 5500],
      [d, 2, 5500],
    ]);

    const created = await invoiceRange(s, 10, 5);
    expect(created.status, created.text).toBe(201);
    const invoice = created.json as unknown as InvoiceDTO;
    expect(invoice.lines.map((line) => [line.bookingId, line.kind, line.amountCents])).toEqual([
      [a, "package", 0],
      [c, "lesson", 6000],
      [d, "package", 0],
    ]);
    expect(invoice.lines[0]!.detail).toBe("Covered by lesson package (2 lessons for $110.00 USD): lesson 1 of 2");
    expect(invoice.totalCents).toBe(6000);
    const history = (await familyBalance(s)).history.filter((entry) => entry.kind !== "package_sold");
    expect(history.map((entry) => entry.text.slice(0, 26))).toEqual(["Package lesson 2 of 2 used", "Package lesson 1 of 2 used"]);
    // The family's billing statement counts a covered lesson at the package's price per lesson.
    const billing = (await send(t, "GET", `/api/billing?year=${utcToday().slice(0, 4)}&timeZone=UTC`, { cookie: s.cookies.family })).json as unknown as { lessons: { bookingId: string; amountCents: number }[] };
    expect([a, c, d].map((id) => billing.lessons.find((row) => row.bookingId === id)?.amountCents)).toEqual([5500, 6000, 5500]);
    // The package's price is money received on the day it was paid, in the tax export.
    const csv = await (await t.app.request(`/api/invoices/csv?kind=payments&year=${utcToday().slice(0, 4)}`, { headers: { cookie: s.cookies.teacher } })).text();
    expect(csv).toContain(`${utcToday()},Lesson package (2 lessons for $110.00 USD),`);
    expect(csv).toContain("Total,,,,110.00,USD");
  });

  it("a range holding only covered lessons has nothing to invoice", async () => {
    const s = await seed();
    await sellPackage(s);
    await attend(s, await lesson(s, 2));
    const created = await invoiceRange(s, 2, 2);
    expect(created.status).toBe(409);
    expect(created.json.error.message).toBe(NO_LINES_MESSAGE);
  });

  it("two lessons recorded at the same moment with one package lesson left: one is covered, the other is invoiceable", async () => {
    const s = await seed();
    const sold = await sellPackage(s, { lessons: 1, priceCents: 5000 });
    const [a, b] = [await lesson(s, 3), await lesson(s, 2)];
    const answers = await Promise.all([attend(s, a), attend(s, b)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const draws = await t.deps.db.select().from(lessonPackageDraws).where(eq(lessonPackageDraws.packageId, sold.json.packages[0].id));
    expect(draws).toHaveLength(1);
    const invoice = (await invoiceRange(s, 3, 2)).json as unknown as InvoiceDTO;
    expect(invoice.lines.map((line) => line.kind).sort()).toEqual(["lesson", "package"]);
    expect(invoice.totalCents).toBe(6000);
  });

  it("a charged late cancellation by the family uses a package lesson; an expired package covers nothing", async () => {
    const s = await seed();
    await setBillingSettings(t.deps, s.teacher.teacherId, { lateCancelCharge: "full" });
    await sellPackage(s, { lessons: 3, priceCents: 15_000 });
    const soon = (await createBooking(t.deps, { ...s.mine, startsAt: new Date(Date.now() + 3 * 3_600_000), status: "accepted", priceCents: 6000 })).bookingId;
    const cancelled = await send(t, "POST", `/api/lessons/${soon}/cancel`, { cookie: s.cookies.family, body: { scope: "one" } });
    expect(cancelled.status, cancelled.text).toBe(200);
    const balance = await familyBalance(s);
    expect(balance.packages[0]).toMatchObject({ lessonsUsed: 1, lessonsLeft: 2 });
    expect(balance.history[0]!.text).toMatch(/^Package lesson 1 of 3 used: late cancellation, Full Lesson/);

    // A lesson after the package's last day is invoiced as usual.
    const s2 = await seed();
    await sellPackage(s2, { validUntil: utcToday() });
    const later = (await createBooking(t.deps, { ...s2.mine, startsAt: new Date(Date.now() - 20 * DAY), status: "accepted", priceCents: 6000 })).bookingId;
    await attend(s2, later);
    expect((await teacherBalance(s2)).packages[0]).toMatchObject({ lessonsUsed: 1 });
  });
});

describe("the year-end statement", () => {
  it("includes payments on account, the packages paid and what is left, also before any invoice", async () => {
    const s = await seed();
    await sellPackage(s, { lessons: 4, priceCents: 20_000 });
    await payOnAccount(s, 2500);
    await attend(s, await lesson(s, 1));
    const year = utcToday().slice(0, 4);
    const pdf = await t.app.request(`/api/billing/statement?teacherId=${s.teacher.teacherId}&year=${year}`, { headers: { cookie: s.cookies.family } });
    expect(pdf.status).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.arrayBuffer())), { mergePages: true });
    const flat = text.replace(/\s+/g, " ");
    expect(flat).toContain("Lesson packages");
    expect(flat).toContain("4 lessons for $200.00 USD");
    expect(flat).toContain("1 of 4 used, 3 left");
    expect(flat).toContain("On account");
    expect(flat).toContain("Credit on account (paying the next invoice)");
    // Another family has nothing with this teacher: no statement.
    const other = await seed();
    expect((await t.app.request(`/api/billing/statement?teacherId=${s.teacher.teacherId}&year=${year}`, { headers: { cookie: other.cookies.family } })).status).toBe(404);
  });
});

describe("who may change a balance, and bad input", () => {
  it("only the family's teacher: another teacher gets 404, a parent 403; the family reads only its own", async () => {
    const s = await seed();
    await attend(s, await lesson(s, 2));
    const other = await seed();
    const stranger = { ...other, family: s.family };
    expect((await payOnAccount(stranger, 1000)).status).toBe(404);
    expect((await sellPackage(stranger)).status).toBe(404);
    expect((await send(t, "GET", `/api/invoices/balance?parentId=${s.family.parentId}`, { cookie: other.cookies.teacher })).status).toBe(404);
    expect((await send(t, "POST", "/api/invoices/balance/payments", { cookie: s.cookies.family, body: { parentId: s.family.parentId, amountCents: 1000, paidOn: utcToday(), method: "cash" } })).status).toBe(403);
    expect((await send(t, "GET", "/api/billing/balance", { cookie: s.cookies.teacher })).status).toBe(403);
    expect((await send(t, "GET", "/api/billing/balance")).status).toBe(401);
    await payOnAccount(s, 1000);
    expect((await send(t, "GET", "/api/billing/balance", { cookie: other.cookies.family })).json).toEqual([]);
  });

  it.each([
    ["a payment date in the future", () => ({ paidOn: addDays(utcToday(), 2) }), "paidOn", "The payment date cannot be in the future."],
    ["a package valid until before it was paid", () => ({ paidOn: utcToday(), validUntil: addDays(utcToday(), -1) }), "validUntil", null],
    ["a package already expired", () => ({ paidOn: addDays(utcToday(), -30), validUntil: addDays(utcToday(), -1) }), "validUntil", "The package would already have expired: choose a date from today on."],
    ["a package valid more than two years", () => ({ validUntil: addDays(utcToday(), 800) }), "validUntil", null],
    ["no lessons", () => ({ lessons: 0 }), "lessons", "Lessons must be a whole number from 1 to 100"],
    ["a price under $1", () => ({ priceCents: 99 }), "priceCents", "Price must be an amount from $1 to $50,000"],
    ["a method the app sets itself", () => ({ method: "credit" }), "method", null],
  ])("a package with %s is refused with a 400 and stores nothing", async (_name, body, field, message) => {
    const s = await seed();
    await attend(s, await lesson(s, 2));
    const refused = await sellPackage(s, body());
    expect(refused.status, refused.text).toBe(400);
    expect(refused.json.error.fields).toHaveProperty(field);
    if (message) expect(refused.json.error.fields[field]).toBe(message);
    expect((await teacherBalance(s)).packages).toEqual([]);
  });

  it("a payment on account of $0 or in the future is refused and stores nothing", async () => {
    const s = await seed();
    await attend(s, await lesson(s, 2));
    expect((await payOnAccount(s, 0)).status).toBe(400);
    expect((await payOnAccount(s, 1000, { paidOn: addDays(utcToday(), 3) })).status).toBe(400);
    expect((await teacherBalance(s)).history).toEqual([]);
  });
});

describe("a teacher who left, on paper (issue 41)", () => {
  it("the invoice PDF and the statement say Deleted teacher and no longer payable in the app, without the copied name, address or payment details", async () => {
    const s = await seed();
    await setBillingSettings(t.deps, s.teacher.teacherId, { paymentInstructions: "Zelle to 555-0100" });
    expect((await attend(s, await lesson(s, 3))).status).toBe(200);
    const made = await invoiceRange(s, 4, 2);
    expect(made.status, made.text).toBe(201);
    const invoiceId = made.json.id as string;
    expect((await send(t, "POST", `/api/invoices/${invoiceId}/send`, { cookie: s.cookies.teacher })).status).toBe(200);
    const teacherName = "Terry Teacher";
    const gone = await send(t, "DELETE", "/api/accounts/me", { cookie: s.cookies.teacher, body: { password: s.teacher.password } });
    expect(gone.status, gone.text).toBe(200);

    const textOf = async (path: string) => {
      const res = await t.app.request(path, { headers: { cookie: s.cookies.family } });
      expect(res.status, path).toBe(200);
      return (await extractText(await getDocumentProxy(new Uint8Array(await res.arrayBuffer())), { mergePages: true })).text.replace(/\s+/g, " ");
    };
    const year = utcToday().slice(0, 4);
    for (const text of [await textOf(`/api/invoices/${invoiceId}/pdf`), await textOf(`/api/billing/statement?teacherId=${s.teacher.teacherId}&year=${year}`)]) {
      expect(text).toContain("Deleted teacher");
      expect(text).toContain(TEACHER_LEFT_OWED_TEXT);
      expect(text).not.toContain(teacherName);
      expect(text).not.toContain(s.teacher.email);
      expect(text).not.toContain("Zelle");
    }
  });
});
