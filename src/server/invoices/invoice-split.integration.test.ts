import { and, eq, inArray } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { createParent, createTeacher } from "../../../tests/factories/accounts";
import { createGuardian } from "../../../tests/factories/households";
import { attendedLesson } from "../../../tests/factories/invoices";
import { send, signIn } from "../../../tests/fixtures/http";
import { testAppForFile } from "../../../tests/fixtures/test-app";
import type { HouseholdSplitDTO } from "../../shared/invoices/invoice-split.schemas";
import { SHARES_SUM_MESSAGE, UNKNOWN_GUARDIAN_MESSAGE } from "../../shared/invoices/invoice-split.schemas";
import type { InvoiceDTO, InvoiceListDTO } from "../../shared/invoices/invoices.schemas";
import { householdSplits, invoiceLines, invoices, mailOutbox } from "../db/schema";
import { JOB_KINDS, JOB_SWEEPS } from "../job-kinds";
import { runDueJobs } from "../jobs/job-runner";

const t = testAppForFile();

const at = (iso: string) => new Date(iso);
type Parent = Awaited<ReturnType<typeof createParent>>;
type Guardian = Awaited<ReturnType<typeof createGuardian>>;

/**
 * A teacher and a household of three guardians (the founder Maria and two who joined), two
 * children with lessons in March 2024 whose prices do not divide by three; another household and
 * another teacher. Everyone signed in.
 */
let teacher: Awaited<ReturnType<typeof createTeacher>>;
let founder: Parent;
let second: Guardian;
let third: Guardian;
let stranger: Parent;
let cookies: Record<"teacher" | "otherTeacher" | "founder" | "second" | "third" | "stranger", string>;

beforeEach(async () => {
  teacher = await createTeacher(t.deps, { timeZone: "America/New_York" });
  const otherTeacher = await createTeacher(t.deps);
  founder = await createParent(t.deps, { firstName: "Maria", students: 2 });
  second = await createGuardian(t.deps, founder.parentId, { firstName: "Diego" });
  third = await createGuardian(t.deps, founder.parentId, { firstName: "Ana" });
  stranger = await createParent(t.deps, { firstName: "Robin" });
  const kid1 = { teacherId: teacher.teacherId, parentId: founder.parentId, studentId: founder.studentIds[0]! };
  const kid2 = { ...kid1, studentId: founder.studentIds[1]! };
  await attendedLesson(t.deps, kid1, at("2024-03-05T21:00:00Z"), 4501);
  await attendedLesson(t.deps, kid2, at("2024-03-06T21:00:00Z"), 4502);
  await attendedLesson(t.deps, kid1, at("2024-03-12T20:00:00Z"), 1999);
  // The stranger's household is the teacher's family too (so a split naming them is a real mix-up).
  await attendedLesson(t.deps, { teacherId: teacher.teacherId, parentId: stranger.parentId, studentId: stranger.studentIds[0]! }, at("2024-03-07T21:00:00Z"), 5000);
  cookies = {
    teacher: await signIn(t, "teacher", teacher.email, teacher.password),
    otherTeacher: await signIn(t, "teacher", otherTeacher.email, otherTeacher.password),
    founder: await signIn(t, "parent", founder.email, founder.password),
    second: await signIn(t, "parent", second.email, second.password),
    third: await signIn(t, "parent", third.email, third.password),
    stranger: await signIn(t, "parent", stranger.email, stranger.password),
  };
});

const splitPath = (parentId: string) => `/api/invoices/households/${parentId}/split`;
const putSplit = (body: Record<string, unknown>, cookie = cookies.teacher, parentId = founder.parentId) => send(t, "PUT", splitPath(parentId), { cookie, body });
const thirds = () => ({
  kind: "shares",
  shares: [
    { guardianId: founder.parentId, basisPoints: 3333 },
    { guardianId: second.guardianId, basisPoints: 3333 },
    { guardianId: third.guardianId, basisPoints: 3334 },
  ],
});
const march = { parentId: "", from: "2024-03-01", to: "2024-03-31" };
const createMarch = (extraLines: unknown[] = []) => send(t, "POST", "/api/invoices", { cookie: cookies.teacher, body: { ...march, parentId: founder.parentId, extraLines } });

async function invoiceRows(ids: string[]) {
  const rows = await t.deps.db.select().from(invoices).where(inArray(invoices.id, ids));
  const lines = await t.deps.db.select().from(invoiceLines).where(inArray(invoiceLines.invoiceId, ids));
  return { rows, lines };
}

/** The test's data lives beside the other tests' (one app per file): this teacher's splits only. */
const splitsOfTeacher = () => t.deps.db.select().from(householdSplits).where(eq(householdSplits.teacherId, teacher.teacherId));

async function mailsTo(email: string, kind: string) {
  return t.deps.db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, kind)));
}

describe("a household's split", () => {
  it("a 3-way split of lines that do not divide evenly: one invoice per guardian, each line's shares adding up to the cent", async () => {
    const saved = await putSplit(thirds());
    expect(saved.status, saved.text).toBe(200);
    expect((saved.json as unknown as HouseholdSplitDTO).split).toMatchObject({ kind: "shares", shares: [{ basisPoints: 3333, name: "Maria Parent" }, { basisPoints: 3333 }, { basisPoints: 3334 }] });

    const created = await createMarch([{ description: "Recital fee", quantity: 3, unitCents: 333 }]);
    expect(created.status, created.text).toBe(201);
    const first = created.json as unknown as InvoiceDTO;
    expect(first.shareNote).toBe("33.33 % share");
    expect(first.guardianName).toBe("Maria Parent");
    expect(first.otherShares.map((share) => [share.guardianName, share.shareNote])).toEqual([
      ["Diego Parent", "33.33 % share"],
      ["Ana Parent", "33.34 % share"],
    ]);
    const ids = [first.id, ...first.otherShares.map((share) => share.id)];
    const { rows, lines } = await invoiceRows(ids);
    // Each share has its own number; the totals add up to the household's invoice: 4501 + 4502 + 1999 + 999.
    expect(new Set(rows.map((row) => row.number)).size).toBe(3);
    expect(rows.reduce((sum, row) => sum + row.totalCents, 0)).toBe(4501 + 4502 + 1999 + 999);
    for (const row of rows) expect(row.totalCents).toBe(lines.filter((line) => line.invoiceId === row.id).reduce((sum, line) => sum + line.amountCents, 0));
    // Per line (by position): the three shares add up exactly to the line.
    for (const [position, whole] of [[1, 4501], [2, 4502], [3, 1999], [4, 999]] as const) {
      const parts = lines.filter((line) => line.position === position);
      expect(parts).toHaveLength(3);
      expect(parts.reduce((sum, line) => sum + line.amountCents, 0)).toBe(whole);
      for (const part of parts) expect(part.description).toMatch(/\(33\.3[34] % share\)$/);
    }
    const byGuardian = (guardianId: string) => rows.find((row) => row.guardianId === guardianId)!;
    expect(byGuardian(founder.parentId).totalCents).toBe(1500 + 1501 + 666 + 333);
    expect(byGuardian(second.guardianId).totalCents).toBe(1500 + 1500 + 666 + 333);
    expect(byGuardian(third.guardianId).totalCents).toBe(1501 + 1501 + 667 + 333);

    // Sent one by one: each guardian is emailed their own share only.
    for (const id of ids) expect((await send(t, "POST", `/api/invoices/${id}/send`, { cookie: cookies.teacher })).status).toBe(200);
    const secondMails = await mailsTo(second.email, "invoice-sent");
    expect(secondMails).toHaveLength(1);
    expect(secondMails[0]!.subject).toContain(byGuardian(second.guardianId).number);
    expect(secondMails[0]!.textBody).toContain("your 33.33 % share of the household's invoice");
    expect(await mailsTo(founder.email, "invoice-sent")).toHaveLength(1);
  });

  it("each guardian sees their own share and balance; another guardian's share is 404, as is its PDF", async () => {
    await putSplit(thirds());
    const created = (await createMarch()).json as unknown as InvoiceDTO;
    const ids = [created.id, ...created.otherShares.map((share) => share.id)];
    for (const id of ids) await send(t, "POST", `/api/invoices/${id}/send`, { cookie: cookies.teacher });
    const { rows } = await invoiceRows(ids);
    const secondsShare = rows.find((row) => row.guardianId === second.guardianId)!;
    const thirdsShare = rows.find((row) => row.guardianId === third.guardianId)!;

    const own = await send(t, "GET", `/api/invoices/${secondsShare.id}`, { cookie: cookies.second });
    expect(own.status).toBe(200);
    const teachersShare = (await send(t, "GET", `/api/invoices/${secondsShare.id}`, { cookie: cookies.teacher })).json as unknown as InvoiceDTO;
    expect(teachersShare.recipients.map((recipient) => recipient.email)).toEqual([second.email]);
    expect(own.json).toMatchObject({ guardianName: "Diego Parent", shareNote: "33.33 % share", otherShares: [] });
    expect((await send(t, "GET", `/api/invoices/${thirdsShare.id}`, { cookie: cookies.second })).status).toBe(404);
    expect((await t.app.request(`/api/invoices/${thirdsShare.id}/pdf`, { headers: { cookie: cookies.second } })).status).toBe(404);
    expect((await t.app.request(`/api/invoices/${secondsShare.id}/pdf`, { headers: { cookie: cookies.second } })).status).toBe(200);
    expect((await send(t, "GET", `/api/invoices/${secondsShare.id}`, { cookie: cookies.stranger })).status).toBe(404);

    const list = (await send(t, "GET", "/api/billing/invoices", { cookie: cookies.second })).json as unknown as InvoiceListDTO;
    expect(list.invoices.map((invoice) => invoice.id)).toEqual([secondsShare.id]);
    expect(list.outstandingCents).toBe(secondsShare.totalCents);
    const founderList = (await send(t, "GET", "/api/billing/invoices", { cookie: cookies.founder })).json as unknown as InvoiceListDTO;
    expect(founderList.outstandingCents).toBe(rows.find((row) => row.guardianId === founder.parentId)!.totalCents);

    // A payment on one share changes that share only.
    const paid = await send(t, "POST", `/api/invoices/${secondsShare.id}/payments`, { cookie: cookies.teacher, body: { amountCents: secondsShare.totalCents, paidOn: "2024-03-01", method: "cash" } });
    expect(paid.status, paid.text).toBe(200);
    expect(((await send(t, "GET", "/api/billing/invoices", { cookie: cookies.second })).json as unknown as InvoiceListDTO).outstandingCents).toBe(0);
    expect(((await send(t, "GET", "/api/billing/invoices", { cookie: cookies.third })).json as unknown as InvoiceListDTO).outstandingCents).toBe(thirdsShare.totalCents);
  });

  it("without a split: one invoice to the household, emailed to every guardian", async () => {
    const created = await createMarch();
    const invoice = created.json as unknown as InvoiceDTO;
    expect(invoice).toMatchObject({ shareNote: null, guardianId: null, totalCents: 4501 + 4502 + 1999, otherShares: [] });
    // The teacher's send dialog names whom it goes to; a family's view (once sent) carries no addresses.
    const teachersView = (await send(t, "GET", `/api/invoices/${invoice.id}`, { cookie: cookies.teacher })).json as unknown as InvoiceDTO;
    expect(teachersView.recipients.map((recipient) => recipient.email)).toEqual([founder.email, second.email, third.email]);
    expect((await send(t, "POST", `/api/invoices/${invoice.id}/send`, { cookie: cookies.teacher })).status).toBe(200);
    expect(((await send(t, "GET", `/api/invoices/${invoice.id}`, { cookie: cookies.second })).json as unknown as InvoiceDTO).recipients).toEqual([]);
    for (const guardian of [founder, second, third]) {
      const mails = await mailsTo(guardian.email, "invoice-sent");
      expect(mails).toHaveLength(1);
      expect(mails[0]!.textBody).toMatch(new RegExp(`^Hello ${guardian === founder ? "Maria" : guardian === second ? "Diego" : "Ana"} Parent,`));
    }
    // Every guardian sees the household's invoice.
    for (const cookie of [cookies.founder, cookies.second, cookies.third]) expect((await send(t, "GET", `/api/invoices/${invoice.id}`, { cookie })).status).toBe(200);
  });

  it("per student: each child's lessons to one guardian, extras shared equally", async () => {
    const saved = await putSplit({
      kind: "per_student",
      students: [
        { studentId: founder.studentIds[0], guardianId: founder.parentId },
        { studentId: founder.studentIds[1], guardianId: second.guardianId },
      ],
    });
    expect(saved.status, saved.text).toBe(200);
    const first = (await createMarch([{ description: "Books", quantity: 1, unitCents: 1001 }])).json as unknown as InvoiceDTO;
    const { rows } = await invoiceRows([first.id, ...first.otherShares.map((share) => share.id)]);
    expect(rows).toHaveLength(2);
    expect(rows.find((row) => row.guardianId === founder.parentId)!.totalCents).toBe(4501 + 1999 + 501);
    expect(rows.find((row) => row.guardianId === second.guardianId)!.totalCents).toBe(4502 + 500);
  });

  it("overdue reminders: a share's to its guardian only, a household invoice's to every guardian, each once", async () => {
    await putSplit({ kind: "shares", shares: [{ guardianId: founder.parentId, basisPoints: 5000 }, { guardianId: second.guardianId, basisPoints: 5000 }] });
    const shares = (await createMarch()).json as unknown as InvoiceDTO;
    await send(t, "DELETE", splitPath(founder.parentId), { cookie: cookies.teacher });
    // The lessons are on the shares; a household invoice of an extra only.
    const household = (await createMarch([{ description: "Recital fee", quantity: 1, unitCents: 2500 }])).json as unknown as InvoiceDTO;
    expect(household.shareNote).toBeNull();
    const ids = [shares.id, shares.otherShares[0]!.id, household.id];
    for (const id of ids) expect((await send(t, "POST", `/api/invoices/${id}/send`, { cookie: cookies.teacher })).status).toBe(200);
    await t.deps.db.update(invoices).set({ issueDate: "2024-04-01", dueDate: "2024-04-15" }).where(inArray(invoices.id, ids));
    const run = () => runDueJobs(t.deps, { kinds: JOB_KINDS, sweeps: JOB_SWEEPS, now: at("2024-04-16T14:00:00Z") });
    await run();
    await run();
    const numbers = async (email: string) => (await mailsTo(email, "invoice-reminder")).map((mail) => /invoice (\S+) from/.exec(mail.subject)?.[1]).sort();
    const { rows } = await invoiceRows(ids);
    const numberOf = (id: string) => rows.find((row) => row.id === id)!.number;
    const shareOf = (guardianId: string) => rows.find((row) => row.guardianId === guardianId)!.number;
    expect(await numbers(founder.email)).toEqual([shareOf(founder.parentId), numberOf(household.id)].sort());
    expect(await numbers(second.email)).toEqual([shareOf(second.guardianId), numberOf(household.id)].sort());
    expect(await numbers(third.email)).toEqual([numberOf(household.id)]);
  });

  it("a guardian removed from the household: the split stops applying, the teacher is told why, the household gets one invoice", async () => {
    await putSplit({ kind: "shares", shares: [{ guardianId: founder.parentId, basisPoints: 5000 }, { guardianId: second.guardianId, basisPoints: 5000 }] });
    const removed = await send(t, "DELETE", `/api/household/guardians/${second.guardianId}`, { cookie: cookies.founder });
    expect(removed.status, removed.text).toBeLessThan(300);
    const read = (await send(t, "GET", splitPath(founder.parentId), { cookie: cookies.teacher })).json as unknown as HouseholdSplitDTO;
    expect(read.problem).toMatch(/^Diego Parent is no longer in this household/);
    expect(read.guardians.map((guardian) => guardian.name)).toEqual(["Maria Parent", "Ana Parent"]);
    const invoice = (await createMarch()).json as unknown as InvoiceDTO;
    expect(invoice).toMatchObject({ shareNote: null, totalCents: 4501 + 4502 + 1999 });
    expect(await t.deps.db.select().from(invoices).where(eq(invoices.parentId, founder.parentId))).toHaveLength(1);
  });

  it("a guardian who leaves keeps seeing their own share invoices, and the split stops applying", async () => {
    await putSplit({ kind: "shares", shares: [{ guardianId: founder.parentId, basisPoints: 7000 }, { guardianId: second.guardianId, basisPoints: 3000 }] });
    const first = (await createMarch()).json as unknown as InvoiceDTO;
    expect(first.totalCents + first.otherShares[0]!.totalCents).toBe(4501 + 4502 + 1999);
    const secondsShare = first.otherShares[0]!;
    await send(t, "POST", `/api/invoices/${secondsShare.id}/send`, { cookie: cookies.teacher });
    expect((await send(t, "POST", "/api/household/leave", { cookie: cookies.second })).status).toBeLessThan(300);
    // What they owe is still theirs to see.
    expect((await send(t, "GET", `/api/invoices/${secondsShare.id}`, { cookie: cookies.second })).status).toBe(200);
    const read = (await send(t, "GET", splitPath(founder.parentId), { cookie: cookies.teacher })).json as unknown as HouseholdSplitDTO;
    expect(read.problem).toMatch(/no longer in this household/);
  });

  it("only the family's teacher may read or set it: a parent 403, another teacher 404, the teacher of another family 404", async () => {
    expect((await send(t, "GET", splitPath(founder.parentId), { cookie: cookies.teacher })).json).toMatchObject({ split: null, problem: null, familyName: "Maria Parent" });
    const parent = await putSplit(thirds(), cookies.founder);
    expect(parent.status).toBe(403);
    expect((await send(t, "GET", splitPath(founder.parentId), { cookie: cookies.second })).status).toBe(403);
    expect((await putSplit(thirds(), cookies.otherTeacher)).status).toBe(404);
    expect((await send(t, "GET", splitPath(founder.parentId), { cookie: cookies.otherTeacher })).status).toBe(404);
    expect((await send(t, "DELETE", splitPath(founder.parentId), { cookie: cookies.otherTeacher })).status).toBe(404);
    expect((await send(t, "GET", splitPath("not-a-uuid"), { cookie: cookies.teacher })).status).toBe(404);
    // A guardian's own profile id is not a household the teacher invoices.
    expect((await send(t, "GET", splitPath(second.guardianId), { cookie: cookies.teacher })).status).toBe(404);
    expect(await splitsOfTeacher()).toHaveLength(0);
  });

  it("refuses bad input with a human message and stores nothing", async () => {
    const cases: [Record<string, unknown>, RegExp | string][] = [
      [{ kind: "shares", shares: [{ guardianId: founder.parentId, basisPoints: 5000 }, { guardianId: second.guardianId, basisPoints: 4999 }] }, SHARES_SUM_MESSAGE],
      [{ kind: "shares", shares: [{ guardianId: founder.parentId, basisPoints: 5000 }, { guardianId: stranger.parentId, basisPoints: 5000 }] }, UNKNOWN_GUARDIAN_MESSAGE],
      [{ kind: "shares", shares: [{ guardianId: founder.parentId, basisPoints: 11000 }, { guardianId: second.guardianId, basisPoints: -1000 }] }, /percentage from 0 to 100/],
      [{ kind: "shares", shares: Array.from({ length: 7 }, () => ({ guardianId: founder.parentId, basisPoints: 1000 })) }, /from 1 to 6/],
      [{ kind: "shares", shares: [{ guardianId: founder.parentId, basisPoints: 5000 }, { guardianId: founder.parentId, basisPoints: 5000 }] }, /once/],
      [{ kind: "per_student", students: [{ studentId: stranger.studentIds[0], guardianId: founder.parentId }] }, /student is not in this household/],
      [{ kind: "halves" }, /shares or per_student/],
    ];
    for (const [body, message] of cases) {
      const refused = await putSplit(body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      if (message instanceof RegExp) expect(refused.text).toMatch(message);
      else expect(refused.json.error.message).toBe(message);
    }
    expect(await splitsOfTeacher()).toHaveLength(0);

    // A split set and then removed: invoices go to the household again.
    expect((await putSplit(thirds())).status).toBe(200);
    const removed = await send(t, "DELETE", splitPath(founder.parentId), { cookie: cookies.teacher });
    expect(removed.json).toMatchObject({ split: null });
    expect(((await createMarch()).json as unknown as InvoiceDTO).shareNote).toBeNull();
  });
});
