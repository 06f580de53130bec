import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createOperator, createParent, createTeacher } from "../../../tests/factories/accounts";
import { addGrade, createClass } from "../../../tests/factories/classes";
import { attendedLesson, sentInvoice } from "../../../tests/factories/invoices";
import { createConversation } from "../../../tests/factories/messages";
import { createReport } from "../../../tests/factories/reports";
import { createApp } from "../app";
import { createAuth } from "../auth/auth";
import { loadEnv } from "../env";
import type { Deps } from "../deps";
import { readInvoice, recordPayment } from "../invoices/invoices.service";
import { createMailer } from "../mail/mailer";
import { recordOperatorAction } from "../operator/audit.repo";
import { getPublicProfile } from "../teachers/public-profile.service";
import { openPglite, openPostgres, queryRows, type DatabaseHandle } from "./client";
import { DataDirLockedError, LOCK_FILE_NAME } from "./data-dir-lock";
import { runMigrations } from "./migrate";
import { formatCounts, moveDataDirToPostgres, MoveRefusedError, quoteIdent } from "./move-to-postgres";
import { liveEvents, messages, reviews } from "./schema";
import { seedDemoIfEmpty } from "./seed/demo-seed";
import { sql } from "drizzle-orm";

// The move fills an empty PostgreSQL database: this file makes its own (beside the run's shared
// one) and drops it afterwards. On the PGlite project there is no PostgreSQL to move to.
const onPostgres = process.env.TEST_DB === "postgres";

const AUTH_SECRET = "test-secret-test-secret-test-secret-0123";

function depsOn(handle: DatabaseHandle, dataDir: string): Deps {
  const env = loadEnv({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    AUTH_SECRET,
    PUBLIC_URL: "http://localhost:3000",
    AUTH_RATE_LIMIT: "false",
    LOG_LEVEL: "silent",
    SEED_DEMO: "false",
  });
  const logger = pino({ level: "silent" });
  const mailer = createMailer(handle.db, logger, { smtpUrl: undefined, from: env.MAIL_FROM, outboxDir: path.join(dataDir, "outbox") });
  const auth = createAuth(handle.db, env, mailer, logger);
  return { db: handle.db, driver: handle.driver, auth, env, logger, mailer };
}

/** Every table's rows as PostgreSQL's text of the whole row (generated columns included), sorted. */
async function tableContents(query: (text: string) => Promise<{ rows: unknown[] }>, tables: string[]): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of tables) {
    const { rows } = await query(`select t::text as row from public.${quoteIdent(table)} t order by 1`);
    out[table] = (rows as { row: string }[]).map((r) => r.row);
  }
  return out;
}

/** One row column by column, each as PostgreSQL's text of it. */
async function rowColumns(query: (text: string, params: unknown[]) => Promise<{ rows: unknown[] }>, table: string, id: string | number) {
  const { rows } = await query(
    `select key, value from public.${quoteIdent(table)} t, jsonb_each_text(to_jsonb(t)) where t.id::text = $1 order by key`,
    [String(id)],
  );
  return Object.fromEntries((rows as { key: string; value: string | null }[]).map((r) => [r.key, r.value]));
}

describe.skipIf(!onPostgres)("npm run db:move-to-postgres", () => {
  let dataDir: string;
  let targetUrl: string;
  let adminUrl: string;
  let targetName: string;
  let target: pg.Client;
  let sample: {
    teacherId: string;
    parentId: string;
    bookingId: string;
    invoiceId: string;
    messageId: string;
    liveEventId: number;
    invoice: unknown;
    profile: unknown;
  };
  let tables: string[];
  let before: Record<string, string[]>;
  let sampleRows: Record<string, Record<string, string | null>>;

  const targetTables = async () =>
    (await target.query<{ name: string }>(`select c.relname as name from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind = 'r' order by 1`)).rows.map((r) => r.name);
  const targetCounts = async () => {
    const out: Record<string, number> = {};
    for (const table of await targetTables()) out[table] = (await target.query<{ n: number }>(`select count(*)::int as n from public.${quoteIdent(table)}`)).rows[0]!.n;
    return out;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "mlm-move-"));
    // The embedded database as a server leaves it: migrated, the demo data, and a row of every feature.
    const source = await openPglite({ dataDir: path.join(dataDir, "pglite") });
    try {
      await runMigrations(source);
      const deps = depsOn(source, dataDir);
      await seedDemoIfEmpty(source.db, deps.auth);
      const [teacher, parent, operator] = await Promise.all([createTeacher(deps, { timeZone: "America/New_York", instruments: ["piano", "violin"] }), createParent(deps, { students: 2 }), createOperator(deps)]);
      const family = { teacherId: teacher.teacherId, parentId: parent.parentId, studentId: parent.studentIds[0]! };
      const bookingId = await attendedLesson(deps, family, new Date("2024-03-05T21:00:00.123Z"), 6050, { estimated: true });
      await attendedLesson(deps, { ...family, studentId: parent.studentIds[1]! }, new Date("2024-03-06T21:00:00Z"), 4500);
      const invoice = await sentInvoice(deps, teacher.teacherId, { parentId: parent.parentId, from: "2024-03-01", to: "2024-03-31", note: "März — thanks ✓" });
      await recordPayment(deps, teacher.teacherId, invoice.id, { amountCents: 5000, paidOn: "2024-04-02", method: "bank_transfer", note: "first part" });
      const { conversationId } = await createConversation(deps, { parentId: parent.parentId, parentUserId: parent.userId, teacherUserId: teacher.userId, texts: ["Hello, do you have time on Tuesdays?", "Thanks!\nSee you 😀"] });
      const [review] = await source.db.insert(reviews).values({ teacherId: teacher.teacherId, parentId: parent.parentId, rating: 4, body: "Patient and encouraging." }).returning({ id: reviews.id });
      // A second review the operators hid: the teacher's figures count only the first.
      const other = await createParent(deps);
      const [hidden] = await source.db.insert(reviews).values({ teacherId: teacher.teacherId, parentId: other.parentId, rating: 1, body: "Cheap lessons at my site, click the link in my profile!", hiddenAt: new Date() }).returning({ id: reviews.id });
      const { classId } = await createClass(deps, { teacherId: teacher.teacherId, parentId: parent.parentId, studentId: parent.studentIds[0]! });
      await addGrade(deps, classId, { score: 92, title: "Arpeggios" });
      await recordOperatorAction(source.db, operator, { action: "hide_review", targetKind: "review", targetId: hidden!.id, subjectUserId: other.userId, reason: "spam" });
      await createReport(deps, { reporterUserId: teacher.userId, targetKind: "review", targetId: review!.id, reportedUserId: parent.userId });
      const [message] = await source.db.select({ id: messages.id }).from(messages).where(sql`${messages.conversationId} = ${conversationId}`).limit(1);
      // Live events: identity ids; the first ones deleted as the server prunes them, so the
      // sequence is ahead of the largest id left.
      const events = await source.db
        .insert(liveEvents)
        .values([1, 2, 3].map((n) => ({ userId: parent.userId, type: "message", payload: { n, nested: { list: [1, "two", null] } } })))
        .returning({ id: liveEvents.id });
      await source.db.delete(liveEvents).where(sql`${liveEvents.id} = ${events[2]!.id}`);
      sample = {
        teacherId: teacher.teacherId,
        parentId: parent.parentId,
        bookingId,
        invoiceId: invoice.id,
        messageId: message!.id,
        liveEventId: events[1]!.id,
        invoice: await readInvoice(deps, { teacherId: teacher.teacherId, parentId: null }, invoice.id),
        profile: await getPublicProfile(deps, teacher.teacherId),
      };
      const pglite = source.pglite!;
      const query = (text: string, params: unknown[] = []) => pglite.query(text, params);
      tables = (await pglite.query<{ name: string }>(`select relname as name from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r' order by 1`)).rows.map((r) => r.name);
      before = await tableContents(query, tables);
      sampleRows = {
        bookings: await rowColumns(query, "bookings", bookingId),
        invoices: await rowColumns(query, "invoices", invoice.id),
        messages: await rowColumns(query, "messages", message!.id),
        teacher_profiles: await rowColumns(query, "teacher_profiles", teacher.teacherId),
        live_events: await rowColumns(query, "live_events", events[1]!.id),
      };
    } finally {
      await source.close();
    }

    adminUrl = inject("postgresAdminUrl");
    targetName = `mlm_move_${Date.now()}_${randomBytes(3).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${quoteIdent(targetName)}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${targetName}`;
    targetUrl = url.toString();
    target = new pg.Client({ connectionString: targetUrl });
    await target.connect();
  }, 90_000);

  afterAll(async () => {
    await target?.end();
    if (targetName) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${quoteIdent(targetName)} with (force)`);
      await admin.end();
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("is refused while a server holds the data directory, and writes nothing", async () => {
    // A live process of this machine (vitest's own) holds the lock, as a running server would.
    const lockFile = path.join(dataDir, LOCK_FILE_NAME);
    writeFileSync(lockFile, JSON.stringify({ pid: process.ppid, host: hostname(), startedAt: new Date().toISOString() }));
    try {
      await expect(moveDataDirToPostgres(dataDir, targetUrl)).rejects.toBeInstanceOf(DataDirLockedError);
      await expect(moveDataDirToPostgres(dataDir, targetUrl, { dryRun: true })).rejects.toBeInstanceOf(DataDirLockedError);
    } finally {
      rmSync(lockFile, { force: true });
    }
    expect(await targetTables()).toEqual([]);
  });

  it("--dry-run reports both sides' counts and writes nothing", async () => {
    const report = await moveDataDirToPostgres(dataDir, targetUrl, { dryRun: true });
    expect(report.dryRun).toBe(true);
    expect(report.counts.map((c) => c.table)).toEqual(tables);
    for (const c of report.counts) {
      expect(c.embedded).toBe(before[c.table]!.length);
      expect(c.target).toBeUndefined();
    }
    expect(report.ok).toBe(false);
    expect(formatCounts(report)).toMatch(/^bookings\s+\d+\s+-\s+\d+$/m);
    expect(await targetTables()).toEqual([]);
    const drizzle = await target.query(`select 1 from pg_namespace where nspname = 'drizzle'`);
    expect(drizzle.rows).toEqual([]);
    expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
  });

  it("copies every table row for row, then its count check passes", async () => {
    const lines: string[] = [];
    const report = await moveDataDirToPostgres(dataDir, targetUrl, { log: (line) => lines.push(line) });
    console.log(formatCounts(report));
    expect(report.ok).toBe(true);
    expect(report.notes).toEqual([]);
    expect(report.counts.map((c) => c.table)).toEqual(tables);
    for (const c of report.counts) {
      expect(c.target, c.table).toBe(c.embedded);
      expect(c.embedded, c.table).toBe(before[c.table]!.length);
    }
    // Every feature has rows in the copy.
    for (const table of ["bookings", "invoices", "invoice_lines", "invoice_payments", "messages", "reviews", "class_grades", "operator_actions", "reports", "live_events", "teacher_availability"]) {
      expect(report.counts.find((c) => c.table === table)?.embedded, table).toBeGreaterThan(0);
    }
    expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);

    // Every row of every table has the same text on both sides (generated columns regenerated equal).
    const query = (text: string, params: unknown[] = []) => target.query(text, params);
    expect(await tableContents(query, tables)).toEqual(before);
    // And a sample column by column, for a readable failure.
    expect(await rowColumns(query, "bookings", sample.bookingId)).toEqual(sampleRows.bookings);
    expect(await rowColumns(query, "invoices", sample.invoiceId)).toEqual(sampleRows.invoices);
    expect(await rowColumns(query, "messages", sample.messageId)).toEqual(sampleRows.messages);
    expect(await rowColumns(query, "teacher_profiles", sample.teacherId)).toEqual(sampleRows.teacher_profiles);
    expect(await rowColumns(query, "live_events", sample.liveEventId)).toEqual(sampleRows.live_events);
    // The triggers did not touch copied rows: one visible review of 4 stars, as in the embedded database.
    expect(sampleRows.teacher_profiles).toMatchObject({ review_count: "1", rating_sum: "4", rating: "4.0", search_instruments: '["piano", "violin"]' });
    // The triggers are on again.
    const disabled = await target.query(`select tgname from pg_trigger where not tgisinternal and tgenabled = 'D'`);
    expect(disabled.rows).toEqual([]);
  }, 60_000);

  it("a second run is refused and changes nothing; a dry run then writes nothing either", async () => {
    const counts = await targetCounts();
    await expect(moveDataDirToPostgres(dataDir, targetUrl)).rejects.toBeInstanceOf(MoveRefusedError);
    const dry = await moveDataDirToPostgres(dataDir, targetUrl, { dryRun: true });
    expect(dry.notes.join("\n")).toMatch(/not empty/);
    expect(dry.counts.every((c) => c.target === c.embedded)).toBe(true);
    expect(await targetCounts()).toEqual(counts);
    expect(await tableContents((text) => target.query(text), tables)).toEqual(before);
  });

  it("the app on the target reads the same, migrations do not run again, new ids follow the copied ones", async () => {
    const migrationsBefore = (await target.query<{ n: number }>(`select count(*)::int as n from drizzle.__drizzle_migrations`)).rows[0]!.n;
    const handle = openPostgres(targetUrl, { max: 2 });
    const appDir = mkdtempSync(path.join(tmpdir(), "mlm-move-app-"));
    try {
      await runMigrations(handle);
      const after = (await target.query<{ n: number }>(`select count(*)::int as n from drizzle.__drizzle_migrations`)).rows[0]!.n;
      expect(after).toBe(migrationsBefore);
      const deps = depsOn(handle, appDir);
      expect(await readInvoice(deps, { teacherId: sample.teacherId, parentId: null }, sample.invoiceId)).toEqual(sample.invoice);
      expect(await getPublicProfile(deps, sample.teacherId)).toEqual(sample.profile);
      const app = createApp(deps);
      const res = await app.request(`/api/teachers/${sample.teacherId}/public`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual(JSON.parse(JSON.stringify(sample.profile)));
      // Sequences: the next live event id comes after every id the embedded database handed out.
      const [event] = await handle.db.insert(liveEvents).values({ userId: (await queryRows<{ id: string }>(handle.db, sql`select id from "user" limit 1`))[0]!.id, type: "ping" }).returning({ id: liveEvents.id });
      expect(event!.id).toBeGreaterThan(sample.liveEventId + 1);
    } finally {
      await handle.close();
      rmSync(appDir, { recursive: true, force: true });
    }
  });
});
