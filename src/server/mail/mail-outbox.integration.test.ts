import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownPostgresDatabase } from "../../../tests/fixtures/outbox";
import { createTestApp, type TestApp } from "../../../tests/fixtures/test-app";
import { mailAttachments, mailOutbox } from "../db/schema";
import { retryDelayMs } from "../../shared/jobs/retry.rules";
import { claimDueMail } from "./mail.repo";
import type { MailMessage } from "./mail.types";
import { SMTP_CONNECTIONS, type MailTransport } from "./mail-transport";
import { MAIL_LEASE_MS, MAIL_MAX_ATTEMPTS, sendDueMail } from "./outbox-sender";

let t: TestApp;
let second: TestApp;
let dropDatabase: () => Promise<void>;
beforeAll(async () => {
  // Its own database on PostgreSQL: another test file's runner must not send these messages.
  const own = await ownPostgresDatabase();
  dropDatabase = own.drop;
  const options = own.url ? { postgresUrl: own.url } : {};
  t = await createTestApp({}, options);
  // A second process on the same database (its own pool); PGlite is one process's database.
  second = own.url ? await createTestApp({}, options) : t;
}, 60_000);
afterAll(async () => {
  if (second !== t) await second.close();
  await t.close();
  await dropDatabase();
});

const logger = pino({ level: "silent" });
let counter = 0;
const message = (kind = "outbox-test"): MailMessage => ({ to: `someone-${++counter}@example.com`, subject: `Subject ${counter}`, text: `Hello ${counter}`, kind });

async function rowsOf(ids: string[]) {
  return t.deps.db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
}

/** Stores messages the way a service does: in one transaction with the change. */
async function stored(count: number, kind?: string): Promise<string[]> {
  const ids: string[] = [];
  await t.deps.db.transaction(async (tx) => {
    for (let i = 0; i < count; i++) {
      const mail = message(kind);
      await t.deps.mailer.enqueue(tx, mail);
      const [row] = await tx.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.toAddress, mail.to));
      ids.push(row!.id);
    }
  });
  return ids;
}

/** A transport that records what it was handed and fails the first `failures` attempts of each message. */
function recordingTransport(failures = 0, delayMs = 0) {
  const sent: string[] = [];
  const attempts = new Map<string, number>();
  const transport: MailTransport = async (id) => {
    const n = (attempts.get(id) ?? 0) + 1;
    attempts.set(id, n);
    if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
    if (n <= failures) throw new Error(`451 try again later (${n})`);
    sent.push(id);
  };
  return { transport, sent, attempts };
}

describe("mail outbox: stored with the change", () => {
  it("a message exists exactly when its transaction committed", async () => {
    const kept = message();
    const lost = message();
    await t.deps.db.transaction(async (tx) => {
      await t.deps.mailer.enqueue(tx, kept);
    });
    await expect(
      t.deps.db.transaction(async (tx) => {
        await t.deps.mailer.enqueue(tx, lost);
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    const rows = await t.deps.db.select().from(mailOutbox).where(inArray(mailOutbox.toAddress, [kept.to, lost.to]));
    expect(rows.map((row) => row.toAddress)).toEqual([kept.to]);
    expect(rows[0]).toMatchObject({ status: "pending", attempts: 0, sentAt: null, textBody: kept.text });
  });

  it("keeps the attachments' bytes with the message, and a job's dedupe key stores it once", async () => {
    const pdf = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x10]);
    const mail = { ...message("outbox-attachment"), attachments: [{ filename: "invoice.pdf", contentType: "application/pdf", content: pdf }] };
    await t.deps.mailer.sendSoon(mail, { dedupeKey: `outbox-test:${mail.to}` });
    await t.deps.mailer.sendSoon(mail, { dedupeKey: `outbox-test:${mail.to}` });
    const rows = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, mail.to));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.attachments).toEqual([{ filename: "invoice.pdf", contentType: "application/pdf", size: pdf.length }]);
    const [file] = await t.deps.db.select().from(mailAttachments).where(eq(mailAttachments.mailId, rows[0]!.id));
    expect(Buffer.compare(file!.content, pdf)).toBe(0);
    // What the sender hands over is the message as it was built, bytes included.
    const claimed = (await claimDueMail(t.deps.db, new Date(Date.now() + 1000), 50, MAIL_LEASE_MS)).find((c) => c.id === rows[0]!.id);
    expect(claimed?.message.attachments?.[0]).toMatchObject({ filename: "invoice.pdf", contentType: "application/pdf" });
    expect(Buffer.compare(claimed!.message.attachments![0]!.content, pdf)).toBe(0);
  });
});

describe("mail outbox: the sender", () => {
  it("two runners at once send each message exactly once", async () => {
    const ids = await stored(30);
    const a = recordingTransport(0, 3);
    const b = recordingTransport(0, 3);
    const now = new Date(Date.now() + 1000);
    await Promise.all([sendDueMail(t.deps.db, a.transport, logger, now), sendDueMail(second.deps.db, b.transport, logger, now), sendDueMail(t.deps.db, a.transport, logger, now)]);
    const all = [...a.sent, ...b.sent].filter((id) => ids.includes(id));
    expect(all.sort()).toEqual([...ids].sort());
    const rows = await rowsOf(ids);
    expect(rows.every((row) => row.status === "sent" && row.sentAt !== null && row.attempts === 1 && row.lockedUntil === null)).toBe(true);
    // Sent messages are kept (the outbox is the record) and never sent again.
    const again = recordingTransport();
    await sendDueMail(t.deps.db, again.transport, logger, new Date(now.getTime() + 3_600_000));
    expect(again.sent.filter((id) => ids.includes(id))).toEqual([]);
  });

  it("a pass longer than a lease: messages claimed late in it keep their lease, and a runner joining later sends none twice", async () => {
    // Issue 42: a pass that fixed its clock at its start gave the messages it claimed later a lease
    // already over, and a runner starting later took them again. The first runner's first claim
    // takes 1.2 s (one slow message) against a 1 s lease; as soon as it sends from its second claim,
    // a second runner does a whole pass.
    const ids = await stored(20);
    const started = Date.now();
    const a: string[] = [];
    const b = recordingTransport();
    let slowSent = false;
    let secondRunner: Promise<unknown> | null = null;
    const first: MailTransport = async (id) => {
      if (!slowSent) {
        slowSent = true;
        await new Promise((resolve) => setTimeout(resolve, 1_200));
      } else if (Date.now() - started > 1_100) {
        secondRunner ??= sendDueMail(second.deps.db, b.transport, logger, undefined, { leaseMs: 1_000 });
        await secondRunner;
      }
      a.push(id);
    };
    await sendDueMail(t.deps.db, first, logger, undefined, { leaseMs: 1_000 });
    expect(secondRunner).not.toBeNull();
    const all = [...a, ...b.sent].filter((id) => ids.includes(id));
    expect(all.sort()).toEqual([...ids].sort());
    expect((await rowsOf(ids)).every((row) => row.status === "sent" && row.attempts === 1)).toBe(true);
  });

  it("a send slower than the lease keeps its message: runners trying meanwhile never send it again", async () => {
    const [id] = await stored(1);
    const a = recordingTransport(0, 1_500);
    const b = recordingTransport();
    const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms)).then(() => sendDueMail(second.deps.db, b.transport, logger, undefined, { leaseMs: 600 }));
    await Promise.all([sendDueMail(t.deps.db, a.transport, logger, undefined, { leaseMs: 600 }), later(700), later(1_200)]);
    expect([...a.sent, ...b.sent].filter((sent) => sent === id)).toEqual([id]);
  });

  it("a message someone waits for goes before Sunday's bulk: a reminder stored after 40 weekly emails is sent in the first claim", async () => {
    // Issue 42: bench:weekly saw lesson reminders wait 18-25 minutes in the outbox behind 90,000 digests.
    const bulk = Array.from({ length: 40 }, () => ({ message: message("weekly-digest"), dedupeKey: `bulk-test:${++counter}` }));
    expect(await t.deps.mailer.sendSoonMany(bulk)).toBe(40);
    const [reminder] = await stored(1, "lesson-reminder");
    const order = recordingTransport();
    await sendDueMail(t.deps.db, order.transport, logger);
    expect(order.sent.indexOf(reminder!)).toBeGreaterThanOrEqual(0);
    expect(order.sent.indexOf(reminder!)).toBeLessThan(10);
  });

  it("a stop between two messages gives back what was claimed and not sent", async () => {
    const ids = await stored(12);
    let stop = false;
    const slow = recordingTransport(0, 20);
    const report = await sendDueMail(t.deps.db, async (id, mail) => {
      await slow.transport(id, mail);
      stop = true;
    }, logger, undefined, { stopping: () => stop });
    // The messages already being sent (one per SMTP connection) finish; none is started after.
    expect(report.sent).toBeLessThanOrEqual(SMTP_CONNECTIONS);
    const pending = (await rowsOf(ids)).filter((row) => row.status === "pending");
    expect(pending.length).toBeGreaterThanOrEqual(ids.length - report.sent);
    // Free at once for another runner, and the attempt that never ran is not counted.
    expect(pending.every((row) => row.lockedUntil === null && row.attempts === 0)).toBe(true);
    await sendDueMail(t.deps.db, recordingTransport().transport, logger);
    expect((await rowsOf(ids)).every((row) => row.status === "sent")).toBe(true);
  });

  it("retries a failure after retryDelayMs, keeping the error, and sends it once", async () => {
    const [id] = await stored(1);
    const smtp = recordingTransport(2);
    const start = new Date(Date.now() + 1000);
    expect(await sendDueMail(t.deps.db, smtp.transport, logger, start)).toMatchObject({ failed: 1 });
    let [row] = await rowsOf([id!]);
    expect(row).toMatchObject({ status: "pending", attempts: 1, error: "451 try again later (1)", lockedUntil: null });
    expect(row!.nextAttemptAt.getTime()).toBe(start.getTime() + retryDelayMs(1));
    // Not before its backoff.
    await sendDueMail(t.deps.db, smtp.transport, logger, new Date(start.getTime() + retryDelayMs(1) - 1));
    expect(smtp.attempts.get(id!)).toBe(1);
    const retryAt = new Date(start.getTime() + retryDelayMs(1));
    await sendDueMail(t.deps.db, smtp.transport, logger, retryAt);
    [row] = await rowsOf([id!]);
    expect(row).toMatchObject({ status: "pending", attempts: 2, error: "451 try again later (2)" });
    expect(row!.nextAttemptAt.getTime()).toBe(retryAt.getTime() + retryDelayMs(2));
    await sendDueMail(t.deps.db, smtp.transport, logger, new Date(retryAt.getTime() + retryDelayMs(2)));
    [row] = await rowsOf([id!]);
    expect(row).toMatchObject({ status: "sent", attempts: 3, error: null });
    expect(smtp.sent.filter((sent) => sent === id)).toHaveLength(1);
  });

  it(`gives up after ${MAIL_MAX_ATTEMPTS} attempts, keeping the row and its last error`, async () => {
    const [id] = await stored(1);
    const smtp = recordingTransport(Number.POSITIVE_INFINITY);
    let now = new Date(Date.now() + 1000);
    for (let attempt = 1; attempt <= MAIL_MAX_ATTEMPTS; attempt++) {
      await sendDueMail(t.deps.db, smtp.transport, logger, now);
      now = new Date(now.getTime() + retryDelayMs(attempt));
    }
    await sendDueMail(t.deps.db, smtp.transport, logger, new Date(now.getTime() + 24 * 3_600_000));
    expect(smtp.attempts.get(id!)).toBe(MAIL_MAX_ATTEMPTS);
    const [row] = await rowsOf([id!]);
    expect(row).toMatchObject({ status: "failed", attempts: MAIL_MAX_ATTEMPTS, error: `451 try again later (${MAIL_MAX_ATTEMPTS})`, sentAt: null });
  });

  it("a message claimed by a runner that died is sent by another once its lease ends, not before", async () => {
    const [id] = await stored(1);
    const start = new Date(Date.now() + 1000);
    // The dead runner's claim: leased, never sent.
    expect((await claimDueMail(t.deps.db, start, 50, MAIL_LEASE_MS)).map((c) => c.id)).toContain(id);
    const smtp = recordingTransport();
    await sendDueMail(second.deps.db, smtp.transport, logger, new Date(start.getTime() + MAIL_LEASE_MS - 1));
    expect(smtp.sent).not.toContain(id);
    await sendDueMail(second.deps.db, smtp.transport, logger, new Date(start.getTime() + MAIL_LEASE_MS));
    expect(smtp.sent.filter((sent) => sent === id)).toHaveLength(1);
    expect((await rowsOf([id!]))[0]).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("a kick after the commit sends at once, without SMTP as an .eml file in the outbox folder", async () => {
    t.deps.mailer.startSending();
    try {
      const mail = message("outbox-kick");
      const kicked = performance.now();
      await t.deps.db.transaction((tx) => t.deps.mailer.enqueue(tx, mail));
      t.deps.mailer.kick();
      let row: typeof mailOutbox.$inferSelect | undefined;
      for (let i = 0; i < 200; i++) {
        [row] = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, mail.to));
        if (row?.status === "sent") break;
        await new Promise((r) => setTimeout(r, 10));
      }
      const latency = performance.now() - kicked;
      expect(row).toMatchObject({ status: "sent", attempts: 1 });
      const dir = path.join(t.deps.env.dataDir, "outbox");
      const file = readdirSync(dir).find((name) => name.endsWith(`-outbox-kick-${row!.id}.eml`));
      expect(readFileSync(path.join(dir, file!), "utf8")).toContain(`To: ${mail.to}`);
      // Far below the runner's poll interval (JOBS_INTERVAL_SECONDS): the kick, not the timer, sent it.
      expect(latency).toBeLessThan(2_000);
      console.info(`mail outbox (${t.deps.driver}): commit + kick to sent .eml in ${latency.toFixed(1)} ms`);
    } finally {
      await t.deps.mailer.stopSending();
    }
  });

  it("a kick within the same millisecond as the commit still sends: 50 in a row, none left to the poll", async () => {
    // The database's now() has microseconds: a row stamped 12:00:00.123456 was not yet due for a
    // pass at 12:00:00.123 (a quarter of these rounds missed before the row was stamped from this clock).
    t.deps.mailer.startSending();
    const missed: string[] = [];
    try {
      for (let round = 0; round < 50; round++) {
        const mail = message("outbox-quick-kick");
        await t.deps.db.transaction((tx) => t.deps.mailer.enqueue(tx, mail));
        t.deps.mailer.kick();
        let row: typeof mailOutbox.$inferSelect | undefined;
        for (let i = 0; i < 100 && row?.status !== "sent"; i++) {
          if (i > 0) await new Promise((r) => setTimeout(r, 5));
          [row] = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, mail.to));
        }
        if (row?.status !== "sent") missed.push(mail.to);
      }
    } finally {
      await t.deps.mailer.stopSending();
    }
    expect(missed).toEqual([]);
  });
});
