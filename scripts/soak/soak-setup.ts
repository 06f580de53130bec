// The soak's world (npm run soak): its own PostgreSQL database, the demo data and the soak's own
// families and teachers, the compiled server on it, and the people signed in through the API.
import type { ChildProcess } from "node:child_process";
import { request } from "node:http";
import path from "node:path";
import { eq } from "drizzle-orm";
import pino from "pino";
import { createAuth } from "../../src/server/auth/auth";
import { openPostgres } from "../../src/server/db/client";
import { runMigrations } from "../../src/server/db/migrate";
import { teacherAvailability } from "../../src/server/db/schema";
import { seedDemoIfEmpty } from "../../src/server/db/seed/demo-seed";
import { loadEnv } from "../../src/server/env";
import { createMailer } from "../../src/server/mail/mailer";
import { createParent, createTeacher, type TestUser } from "../../tests/factories/accounts";
import { createClass } from "../../tests/factories/classes";
import { createConversation } from "../../tests/factories/messages";
import { spawnCompiledServer } from "../../tests/fixtures/server-process";

export interface SoakTeacher extends TestUser {
  teacherId: string;
  cookie: string;
}

export interface SoakFamily extends TestUser {
  parentId: string;
  studentId: string;
  cookie: string;
  /** The family's teacher: the one it messages, books and has a class with. */
  teacher: SoakTeacher;
  conversationId: string;
  classId: string;
}

/**
 * Migrates the database, seeds the demo data (search and the landing page have a community to
 * show) and writes the soak's teachers, each open every day 09:00-17:00 New York time, and their
 * families, each with a conversation and a class with its teacher. Written straight to the
 * tables: the soak measures use, not sign-up.
 */
export async function makeCommunity(databaseUrl: string, dataDir: string, secret: string, teachers: number, familiesPerTeacher: number) {
  const handle = openPostgres(databaseUrl, { max: 4 });
  try {
    await runMigrations(handle);
    const env = loadEnv({ NODE_ENV: "development", DATA_DIR: dataDir, AUTH_SECRET: secret, DATABASE_URL: databaseUrl, LOG_LEVEL: "silent" });
    const logger = pino({ level: "silent" });
    const mailer = createMailer(handle.db, logger, { smtpUrl: undefined, from: env.MAIL_FROM, outboxDir: path.join(dataDir, "outbox") });
    const deps = { db: handle.db, auth: createAuth(handle.db, env, mailer, logger) };
    await seedDemoIfEmpty(handle.db, deps.auth);
    const made: { teacher: TestUser & { teacherId: string }; families: (TestUser & { parentId: string; studentId: string; conversationId: string; classId: string })[] }[] = [];
    for (let t = 0; t < teachers; t++) {
      const teacher = await createTeacher(deps, { timeZone: "America/New_York" });
      await deps.db.delete(teacherAvailability).where(eq(teacherAvailability.teacherId, teacher.teacherId));
      await deps.db
        .insert(teacherAvailability)
        .values([0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ teacherId: teacher.teacherId, dayOfWeek, startTime: "09:00", endTime: "17:00" })));
      const families = [];
      for (let f = 0; f < familiesPerTeacher; f++) {
        const parent = await createParent(deps, { students: 1 });
        const studentId = parent.studentIds[0]!;
        const { conversationId } = await createConversation(deps, { parentId: parent.parentId, parentUserId: parent.userId, teacherUserId: teacher.userId, texts: [] });
        const { classId } = await createClass(deps, { teacherId: teacher.teacherId, parentId: parent.parentId, studentId, name: `Soak class ${t}.${f}` });
        families.push({ ...parent, studentId, conversationId, classId });
      }
      made.push({ teacher, families });
    }
    return made;
  } finally {
    await handle.close();
  }
}

export interface RunningServer {
  child: ChildProcess;
  base: string;
  /** Log lines at level error or worse (pino level ≥ 50) the server wrote, the first 20 kept. */
  errorLines: string[];
  errorCount: number;
}

/**
 * The compiled server as `npm start` runs it (production flags and environment), in production
 * mode with the rate limits on, the jobs runner running and /metrics behind METRICS_TOKEN.
 */
export async function startServer(env: { port: number; databaseUrl: string; dataDir: string; secret: string; metricsToken: string }): Promise<RunningServer> {
  const base = `http://127.0.0.1:${env.port}`;
  const child = spawnCompiledServer(
    {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: env.databaseUrl,
      SEED_DEMO: "false",
      AUTH_SECRET: env.secret,
      METRICS_TOKEN: env.metricsToken,
      LOG_LEVEL: "warn",
      PORT: String(env.port),
      DATA_DIR: env.dataDir,
      PUBLIC_URL: base,
    },
    ["ignore", "ignore", "pipe"],
  );
  const server: RunningServer = { child, base, errorLines: [], errorCount: 0 };
  let partial = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) {
      let level = 0;
      try {
        level = (JSON.parse(line) as { level?: number }).level ?? 0;
      } catch {
        level = line.trim() ? 50 : 0; // not a log line: a crash's stack trace
      }
      if (level >= 50) {
        server.errorCount++;
        if (server.errorLines.length < 20) server.errorLines.push(line.slice(0, 400));
      }
    }
  });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}: ${server.errorLines.join("\n")}`);
    try {
      if ((await fetch(`${base}/api/health/ready`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("the server did not become ready within 180 s");
}

/**
 * Signs in through POST /api/session from the loopback address `from` (127.0.0.x): each person of
 * the soak signs in from an address of their own, as people do, so the per-address sign-in limit
 * (10 a minute) is met as in real use rather than switched off.
 */
export function signInFrom(base: string, from: string, role: "parent" | "teacher", email: string, password: string): Promise<string> {
  const body = JSON.stringify({ role, email, password });
  const url = new URL("/api/session", base);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: "POST", localAddress: from, headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), origin: base } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          if (res.statusCode !== 200) return reject(new Error(`sign-in of ${email}: ${res.statusCode} ${Buffer.concat(chunks).toString()}`));
          const cookie = (res.headers["set-cookie"] ?? [])
            .map((c) => c.split(";")[0]!)
            .filter((c) => c && !c.endsWith("="))
            .join("; ");
          resolve(cookie);
        });
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** Everyone of the community, signed in (each from 127.0.0.<2 + n>). */
export async function signInCommunity(base: string, made: Awaited<ReturnType<typeof makeCommunity>>): Promise<{ teachers: SoakTeacher[]; families: SoakFamily[] }> {
  let n = 0;
  const address = () => `127.0.0.${2 + n++}`;
  const teachers: SoakTeacher[] = [];
  const families: SoakFamily[] = [];
  for (const group of made) {
    const teacher: SoakTeacher = { ...group.teacher, cookie: await signInFrom(base, address(), "teacher", group.teacher.email, group.teacher.password) };
    teachers.push(teacher);
    for (const family of group.families) {
      families.push({ ...family, teacher, cookie: await signInFrom(base, address(), "parent", family.email, family.password) });
    }
  }
  return { teachers, families };
}
