import type { Server } from "node:http";
import path from "node:path";
import { serve } from "@hono/node-server";
import pino from "pino";
import { createApp } from "./app";
import { createAuth } from "./auth/auth";
import { placesOf } from "./backup/backup-command";
import { startBackupEndpoint, type BackupEndpoint } from "./backup/backup-endpoint";
import { pgliteTransaction } from "./backup/dump.repo";
import { openPglite, openPostgres, type DatabaseHandle } from "./db/client";
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from "./db/data-dir-lock";
import { runMigrations } from "./db/migrate";
import { DEMO_ACCOUNTS, seedDemoIfEmpty } from "./db/seed/demo-seed";
import { ConfigError, loadEnv } from "./env";
import { keepConnectionsAlive } from "./http/keep-alive";
import { liveHubFor } from "./live/live-hub";
import { JOB_KINDS, JOB_SWEEPS } from "./job-kinds";
import { startJobRunner, type JobRunner } from "./jobs/job-runner";
import { createMailer } from "./mail/mailer";
import { syncOperators } from "./operator/operator-sync.service";
import { mountWebApp, WEB_DIST } from "./web-static";
import { loadPageRenderer } from "./web-ssr";

async function main() {
  const env = loadEnv();
  const logger = pino({ level: env.LOG_LEVEL });

  // The embedded database belongs to one process: a second server on the same DATA_DIR stops here,
  // before it opens (and could damage) the data.
  const lock: DataDirLock | undefined = env.DATABASE_URL ? undefined : acquireDataDirLock(env.dataDir);
  process.on("exit", () => lock?.release());
  const handle: DatabaseHandle = env.DATABASE_URL
    ? openPostgres(env.DATABASE_URL)
    : await openPglite({ dataDir: path.join(env.dataDir, "pglite") });
  await runMigrations(handle);
  logger.info({ database: handle.driver }, "database migrated");

  const mailer = createMailer(handle.db, logger, {
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    outboxDir: path.join(env.dataDir, "outbox"),
  });
  const auth = createAuth(handle.db, env, mailer, logger);
  if (env.SEED_DEMO) {
    const seeded = await seedDemoIfEmpty(handle.db, auth);
    if (seeded) logger.info(seeded, "demo data seeded into the empty database");
  }

  const deps = { db: handle.db, driver: handle.driver, auth, env, logger, mailer };
  // OPERATOR_EMAILS is the whole list of operators: new addresses get an account and a
  // set-your-password email, removed ones lose the desk and their sessions (issue 27).
  await syncOperators(deps);
  const app = createApp(deps);
  // Reminders, unread-message emails, request expiry: every process runs due jobs, the database
  // hands each job to one of them (src/server/jobs).
  const jobs: JobRunner | undefined =
    env.JOBS_INTERVAL_SECONDS > 0
      ? startJobRunner(deps, { kinds: JOB_KINDS, sweeps: JOB_SWEEPS, intervalMs: env.JOBS_INTERVAL_SECONDS * 1000 })
      : undefined;
  // `npm run backup` cannot open the embedded database this process holds: it asks this process
  // (loopback, token in DATA_DIR). On PostgreSQL the command reads the database itself.
  const backupEndpoint: BackupEndpoint | undefined = handle.pglite
    ? await startBackupEndpoint({ driver: "pglite", snapshot: pgliteTransaction(handle.pglite) }, placesOf(env), logger)
    : undefined;
  const hasWeb = mountWebApp(app, WEB_DIST, await loadPageRenderer(logger));
  if (!hasWeb) logger.warn("dist/web is missing: run `npm run build` to serve the web app from this process");

  const server = serve({ fetch: app.fetch, port: env.PORT }, (info) => {
    logger.info({ port: info.port, origin: env.PUBLIC_URL, database: describeDatabase(env) }, "listening");
    if (env.SEED_DEMO) {
      console.log(
        [
          "",
          `  Music lessons marketplace: http://localhost:${info.port}`,
          "  Demo accounts (password: demo-password):",
          ...DEMO_ACCOUNTS.map((a) => `    ${a.email.padEnd(20)} ${a.role}`),
          "",
        ].join("\n"),
      );
    }
  });

  keepConnectionsAlive(server as Server, env.KEEP_ALIVE_SECONDS);

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    // Stop accepting connections, end the live streams (they never finish by themselves), let
    // in-flight requests finish, then close the database.
    void liveHubFor({ db: handle.db, logger }).close();
    void backupEndpoint?.close();
    // The jobs runner ends its pass between two jobs (a burst's unstarted jobs go back to the
    // queue for another process) while the requests finish.
    const jobsStopped = Promise.resolve(jobs?.stop());
    server.close(() => {
      jobsStopped
        .then(() => handle.close())
        .catch((error: unknown) => logger.error({ err: error }, "closing the database failed"))
        .finally(() => process.exit(0));
    });
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));
}

/** Where the data lives, for the start log: never the password of a connection URL. */
function describeDatabase(env: ReturnType<typeof loadEnv>): string {
  if (!env.DATABASE_URL) return `PGlite (embedded) in ${path.join(env.dataDir, "pglite")}`;
  const url = new URL(env.DATABASE_URL);
  return `PostgreSQL at ${url.hostname}:${url.port || "5432"}${url.pathname}`;
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error("Failed to start:", error);
  }
  process.exit(1);
});
