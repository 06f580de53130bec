import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync, gzipSync } from "node:zlib";
import pg from "pg";
import tar from "tar-stream";
import { afterAll, describe, expect, it } from "vitest";
import { parentSignUpBody } from "../../../tests/factories/sign-up";
import { DEMO_PASSWORD } from "../db/seed/demo-seed";
import { DEMO_TEACHER_EMAIL } from "../db/seed/demo-accounts";
import { cookieHeader } from "../../../tests/fixtures/http";
import { freePort, startServerProcess, waitHealthy, type ServerProcess } from "../../../tests/fixtures/server-process";

/**
 * Issue 30, item 3: `npm run backup` of a LIVE compiled server while a loop writes messages through
 * the API; `npm run restore` into a fresh data directory / database; a server started on it holds
 * every message acknowledged before the backup began, the uploaded video byte for byte, and the
 * backed-up sessions. `--verify` passes on the backup and fails on a tampered copy; restore refuses
 * a target that is not empty. On the embedded database, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
const root = fileURLToPath(new URL("../../..", import.meta.url));
const adminUrl = process.env.TEST_DATABASE_URL;
const video = readFileSync(path.join(root, "tests/fixtures/intro-video.mp4"));
const servers: ServerProcess[] = [];
const databases: string[] = [];
const folders: string[] = [];

afterAll(async () => {
  servers.forEach((s) => s.child.kill("SIGKILL"));
  await Promise.all(servers.map((s) => s.exited));
  for (const name of databases) await admin(`drop database if exists "${name}" with (force)`);
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

async function admin(text: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(text);
  await client.end();
}

async function scratchDatabase(): Promise<string> {
  const name = `mlm_backup_${Date.now()}_${randomBytes(3).toString("hex")}`;
  await admin(`create database "${name}"`);
  databases.push(name);
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

function folder(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  folders.push(dir);
  return dir;
}

/** Runs `npm run <backup|restore>`'s script as npm would (tsx), with its own environment. */
function command(script: "backup" | "restore", args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", `scripts/${script}.ts`, ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: "", LOG_LEVEL: "warn", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    child.once("exit", (code) => resolve({ code, output }));
  });
}

async function call(server: ServerProcess, method: string, pathname: string, options: { body?: unknown; raw?: Buffer; cookie?: string; type?: string } = {}) {
  const res = await fetch(`${server.url}${pathname}`, {
    method,
    headers: {
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.body !== undefined ? { "content-type": "application/json" } : options.type ? { "content-type": options.type } : {}),
    },
    body: options.raw ? new Uint8Array(options.raw) : options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  let json: Record<string, any> | undefined;
  try {
    json = JSON.parse(bytes.toString()) as Record<string, any>;
  } catch {
    json = undefined;
  }
  return { status: res.status, json, bytes, headers: res.headers };
}

/** Rewrites a backup: drops the last row of messages and flips a byte of every uploaded file. */
async function tamper(source: string, target: string): Promise<void> {
  const extract = tar.extract();
  const pack = tar.pack();
  const chunks: Buffer[] = [];
  pack.on("data", (c) => chunks.push(c as Buffer));
  const packed = new Promise<void>((resolve) => pack.on("end", () => resolve()));
  const done = (async () => {
    for await (const entry of extract) {
      const parts: Buffer[] = [];
      for await (const part of entry) parts.push(part as Buffer);
      let body = Buffer.concat(parts);
      if (entry.header.name === "tables/messages.ndjson") body = Buffer.from(body.toString().trimEnd().split("\n").slice(0, -1).join("\n") + "\n");
      if (entry.header.name.startsWith("files/")) body[100] = body[100]! ^ 0xff;
      pack.entry({ name: entry.header.name }, body);
    }
    pack.finalize();
  })();
  extract.end(gunzipSync(readFileSync(source)));
  await done;
  await packed;
  writeFileSync(target, gzipSync(Buffer.concat(chunks)));
}

const modes = [
  { name: "the embedded database", postgres: false },
  ...(adminUrl ? [{ name: "PostgreSQL", postgres: true }] : []),
];

describe.each(modes)("backup and restore on $name", ({ postgres }) => {
  it("backs up a live server during writes; the restored server has every acknowledged message and the video; --verify and refusals", async () => {
    const work = folder("mlm-backup-test-");
    const sourceUrl = postgres ? await scratchDatabase() : "";
    const targetUrl = postgres ? await scratchDatabase() : "";
    // On PostgreSQL the secret is configuration; on the embedded database the server generates one in DATA_DIR, and the backup carries it.
    const secret: Record<string, string> = postgres ? { AUTH_SECRET: "backup-test-secret-backup-test-secret-0123" } : {};
    // The demo data gives the family an approved teacher to write to (a new application waits for
    // the desk, and a family writes only to a teacher in good standing: issue 39).
    const sourceEnv = { DATA_DIR: path.join(work, "source"), DATABASE_URL: sourceUrl, JOBS_INTERVAL_SECONDS: "0", SEED_DEMO: "true", ...secret };
    const a = startServerProcess(sourceEnv, await freePort(), { compiled: true });
    servers.push(a);
    await waitHealthy(a);

    const parent = parentSignUpBody();
    expect((await call(a, "POST", "/api/accounts/parents", { body: parent })).status).toBe(201);
    const parentCookie = cookieHeader((await call(a, "POST", "/api/session", { body: { role: "parent", email: parent.parent.email, password: parent.parent.password } })).headers);
    const teacherCookie = cookieHeader((await call(a, "POST", "/api/session", { body: { role: "teacher", email: DEMO_TEACHER_EMAIL, password: DEMO_PASSWORD } })).headers);
    const teacherId = (await call(a, "GET", "/api/teachers/me", { cookie: teacherCookie })).json!.id as string;
    const uploaded = await call(a, "PUT", "/api/teachers/me/intro-video", { raw: video, type: "video/mp4", cookie: teacherCookie });
    expect(uploaded.status).toBe(200);
    const conversation = (await call(a, "POST", "/api/messages/conversations", { body: { teacherId }, cookie: parentCookie })).json!.id as string;

    // The writer: one message after another, parent and teacher in turn (each may send 30 a
    // minute), each recorded once the server acknowledged it.
    const acknowledged: string[] = [];
    let writing = true;
    const writer = (async () => {
      for (let i = 0; writing && i < 58; i++) {
        const text = `message ${i}`;
        const cookie = i % 2 === 0 ? parentCookie : teacherCookie;
        const sent = await call(a, "POST", `/api/messages/conversations/${conversation}/messages`, { body: { text }, cookie });
        expect(sent.status, text).toBe(201);
        acknowledged.push(text);
        await new Promise((r) => setTimeout(r, 200));
      }
    })();
    while (acknowledged.length < 10) await new Promise((r) => setTimeout(r, 20));
    const beforeBackup = [...acknowledged];
    const backupFile = path.join(work, "backup.tar.gz");
    const backup = await command("backup", [backupFile], sourceEnv);
    const duringBackup = acknowledged.length - beforeBackup.length;
    writing = false;
    await writer;
    expect(backup.output).toContain(postgres ? "from PostgreSQL" : "from the running embedded server");
    expect(backup.code, backup.output).toBe(0);
    expect(duringBackup, "the writer kept writing while the backup ran").toBeGreaterThan(0);

    const targetEnv = { DATA_DIR: path.join(work, "target"), DATABASE_URL: targetUrl, JOBS_INTERVAL_SECONDS: "0", ...secret };
    const restored = await command("restore", [backupFile], targetEnv);
    expect(restored.code, restored.output).toBe(0);

    const b = startServerProcess(targetEnv, await freePort(), { compiled: true });
    servers.push(b);
    await waitHealthy(b);
    // The session made on the source server goes on working: its row and the secret that signs its cookie were restored.
    const page = await call(b, "GET", `/api/messages/conversations/${conversation}/messages?limit=100`, { cookie: parentCookie });
    expect(page.status).toBe(200);
    const texts = new Set((page.json!.messages as { text: string }[]).map((m) => m.text));
    for (const text of beforeBackup) expect(texts.has(text), `${text} was acknowledged before the backup`).toBe(true);
    for (const text of texts) expect(acknowledged).toContain(text);
    const played = await call(b, "GET", `/api/files/teacher-videos/${teacherId}/intro-video.mp4`);
    expect(played.status).toBe(200);
    expect(played.bytes.equals(video)).toBe(true);

    // --verify: the backup restores and matches; a tampered copy does not.
    const tampered = path.join(work, "tampered.tar.gz");
    await tamper(backupFile, tampered);
    const verifyEnv = { DATA_DIR: path.join(work, "verify"), DATABASE_URL: postgres ? adminUrl! : "" };
    const [good, bad] = await Promise.all([command("restore", [backupFile, "--verify"], verifyEnv), command("restore", [tampered, "--verify"], verifyEnv)]);
    expect(good.code, good.output).toBe(0);
    expect(good.output).toContain("VERIFIED: this backup restores");
    expect(good.output).toMatch(/foreign keys: \d+ checked, no violations/);
    expect(good.output).toContain("1/1 checksums ok");
    expect(bad.code, bad.output).toBe(1);
    expect(bad.output).toMatch(/^messages .* DIFFERS$/m);
    expect(bad.output).toContain("table messages: checksum differs from the manifest");
    expect(bad.output).toContain(`file teacher-videos/${teacherId}/intro-video.mp4: size or checksum differs from the manifest`);
    expect(bad.output).toContain("NOT VERIFIED");

    // A target that is not empty is refused, and left as it was.
    b.child.kill("SIGTERM");
    await b.exited;
    const again = await command("restore", [backupFile], targetEnv);
    expect(again.code).toBe(1);
    expect(again.output).toMatch(postgres ? /Refused: The database is not empty: .*messages/ : /Refused: The data directory .* already holds an embedded database/);
  }, 300_000);
});
