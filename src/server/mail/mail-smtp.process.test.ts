import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { SMTPServer, type SMTPServerSession } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parentSignUpBody } from "../../../tests/factories/sign-up";
import { freePort, startServerProcess, waitHealthy, type ServerProcess } from "../../../tests/fixtures/server-process";
import { createScratchDatabase, type ScratchDatabase } from "../../../tests/fixtures/scratch-database";

/**
 * The compiled server sending through a REAL SMTP server started here (smtp-server), on its own
 * PostgreSQL database: a refused attempt is retried and the email arrives once; a server killed
 * after it claimed an email, before the SMTP server took it, still sends it once after a restart.
 * Needs TEST_DATABASE_URL (an admin URL; the test makes and drops its own database).
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const started: ServerProcess[] = [];
let database: ScratchDatabase | null = null;
let databaseUrl = "";
let admin: pg.Client | null = null;

/** What the SMTP server took: the Message-ID (the outbox id) and the recipients of each message. */
const delivered: { messageId: string; to: string[] }[] = [];
let refuseRecipients = 0;
let holdNextConnection: ((session: SMTPServerSession) => void) | null = null;
let smtp: SMTPServer;
let smtpPort = 0;

beforeAll(async () => {
  if (!adminUrl) return;
  // The server migrates it at start, as in production.
  database = await createScratchDatabase(adminUrl, "mlm_mail", { migrate: false });
  databaseUrl = database.url;
  admin = new pg.Client({ connectionString: databaseUrl });

  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onConnect(session, callback) {
      const hold = holdNextConnection;
      holdNextConnection = null;
      // Never greets: the sender waits here, its email claimed and not yet taken.
      if (hold) return hold(session);
      callback();
    },
    onRcptTo(_address, _session, callback) {
      if (refuseRecipients > 0) {
        refuseRecipients--;
        const refused = Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 });
        return callback(refused);
      }
      callback();
    },
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString()));
      stream.on("end", () => {
        delivered.push({ messageId: /^Message-ID:\s*(.+)$/im.exec(raw)?.[1]?.trim() ?? "", to: session.envelope.rcptTo.map((r) => r.address) });
        callback();
      });
    },
  });
  smtpPort = await freePort();
  await new Promise<void>((resolve) => smtp.listen(smtpPort, "127.0.0.1", resolve));
  await admin.connect();
}, 60_000);

afterAll(async () => {
  started.forEach((s) => s.child.kill("SIGKILL"));
  await Promise.all(started.map((s) => s.exited));
  await admin?.end();
  if (smtpPort) await new Promise<void>((resolve) => smtp.close(resolve));
  await database?.drop();
});

async function startServer(dataDir: string): Promise<ServerProcess> {
  const port = await freePort();
  const server = startServerProcess(
    {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      AUTH_SECRET: "mail-test-secret-mail-test-secret-0123456",
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: "Music Lessons <no-reply@mail-test.local>",
      JOBS_INTERVAL_SECONDS: "1",
    },
    port,
    { compiled: true },
  );
  started.push(server);
  await waitHealthy(server);
  return server;
}

/** A parent signs up: better-auth's verification email is stored (its own transaction) and kicked. */
async function signUp(server: ServerProcess): Promise<string> {
  const body = parentSignUpBody();
  const res = await fetch(`${server.url}/api/accounts/parents`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  expect(res.status).toBe(201);
  return body.parent.email;
}

async function outboxRow(to: string) {
  const { rows } = await admin!.query<{ id: string; status: string; attempts: number; error: string | null; next_attempt_at: Date; locked_until: Date | null }>(
    "select id, status, attempts, error, next_attempt_at, locked_until from mail_outbox where to_address = $1 and kind = 'verification'",
    [to],
  );
  return rows[0];
}

async function until<T>(what: string, read: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const deliveredTo = (to: string) => delivered.filter((d) => d.to.includes(to));

describe.skipIf(!adminUrl)("mail through a real SMTP server", () => {
  it("refused twice (451 on RCPT), the email is retried with backoff and arrives exactly once", async () => {
    const server = await startServer(mkdtempSync(path.join(tmpdir(), "mail-retry-")));
    refuseRecipients = 2;
    const to = await signUp(server);
    for (const attempt of [1, 2]) {
      const row = await until(`attempt ${attempt}`, async () => {
        const r = await outboxRow(to);
        // Failed and released (not the next attempt in flight, which still shows the last error).
        return r && r.attempts === attempt && r.status === "pending" && r.error && !r.locked_until ? r : undefined;
      }, 15_000);
      expect(row.error).toContain("451");
      // The backoff the runner chose (retryDelayMs: 1 minute, then 2): the test moves the clock of this
      // one row forward instead of waiting it out.
      const waitMs = row.next_attempt_at.getTime() - Date.now();
      expect(waitMs).toBeGreaterThan(attempt * 60_000 - 15_000);
      expect(waitMs).toBeLessThanOrEqual(attempt * 60_000);
      await admin!.query("update mail_outbox set next_attempt_at = now() where id = $1", [row.id]);
    }
    const sent = await until("the email sent", async () => {
      const r = await outboxRow(to);
      return r?.status === "sent" ? r : undefined;
    }, 15_000);
    expect(sent).toMatchObject({ attempts: 3, error: null });
    // A few more runner passes: nothing goes out again.
    await new Promise((r) => setTimeout(r, 2_500));
    expect(deliveredTo(to)).toEqual([{ messageId: `<${sent.id}@mail-test.local>`, to: [to] }]);
    server.child.kill("SIGKILL");
    await server.exited;
  }, 120_000);

  it("a server killed after it claimed the email, before SMTP took it, sends it once after the restart", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "mail-kill-"));
    const first = await startServer(dataDir);
    const held = new Promise<SMTPServerSession>((resolve) => (holdNextConnection = resolve));
    const to = await signUp(first);
    // The sender connected: the email is claimed (leased) and in flight. Kill it there.
    await held;
    const claimed = await outboxRow(to);
    expect(claimed).toMatchObject({ status: "pending", attempts: 1 });
    first.child.kill("SIGKILL");
    await first.exited;
    expect(deliveredTo(to)).toEqual([]);

    const restarted = await startServer(dataDir);
    const startedAt = Date.now();
    const sent = await until("the email sent after the restart", async () => {
      const r = await outboxRow(to);
      return r?.status === "sent" ? r : undefined;
    }, 60_000);
    expect(sent.attempts).toBe(2);
    await new Promise((r) => setTimeout(r, 2_500));
    expect(deliveredTo(to)).toEqual([{ messageId: `<${sent.id}@mail-test.local>`, to: [to] }]);
    console.info(`mail: sent ${((Date.now() - startedAt) / 1000).toFixed(1)} s after the restart (the dead process's lease ran out)`);
    restarted.child.kill("SIGKILL");
    await restarted.exited;
  }, 150_000);
});
