import { readFileSync } from "node:fs";
import path from "node:path";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { postgresPoolsOf, type Database } from "../db/client";
import { pingDatabase } from "../db/health";
import { MIGRATIONS_FOLDER } from "../db/migrate";
import { liveHubFor } from "../live";
import type { Logger } from "pino";
import { appliedMigrationCount, jobCounts } from "./metrics.repo";

/**
 * The process's Prometheus metrics (issue 30): one registry per process, as one process is one
 * scrape target. Counters are process-wide; the gauges read their sources (the pool, the jobs
 * table, the live hub) when scraped, from the database the app was built on.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry });
/**
 * prom-client also reports the counts of active handles, requests and resources as gauges named
 * `…_total`, a name Prometheus keeps for counters (`promtool check metrics` refuses them, issue 39).
 * The same counts stay, by type, in `nodejs_active_handles`, `…_requests` and `…_resources`.
 */
for (const name of ["nodejs_active_handles_total", "nodejs_active_requests_total", "nodejs_active_resources_total"]) registry.removeSingleMetric(name);

const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequests = new Counter({
  name: "http_requests_total",
  help: "HTTP requests answered, by method, route pattern and status",
  labelNames: ["method", "route", "status"] as const,
  registers: [registry],
});

export const httpDuration = new Histogram({
  name: "http_request_duration_seconds",
  help: "Time to answer an HTTP request (until the handler returned its response), by method, route pattern and status",
  labelNames: ["method", "route", "status"] as const,
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});

export const emailsSent = new Counter({
  name: "emails_sent_total",
  help: "Emails handed to SMTP (or written to the development outbox), by kind",
  labelNames: ["kind"] as const,
  registers: [registry],
});

export const emailsFailed = new Counter({
  name: "emails_failed_total",
  help: "Emails whose sending failed, by kind",
  labelNames: ["kind"] as const,
  registers: [registry],
});

interface Sources {
  db: Database;
  logger: Logger;
}
let sources: Sources | null = null;

/** The database (and logger) the gauges read at scrape time: the app's own. */
export function observeDatabase(next: Sources): void {
  sources = next;
}

new Gauge({
  name: "db_pool_connections",
  help: "Database connections of the main pool by state (PGlite: one embedded connection)",
  labelNames: ["state"] as const,
  registers: [registry],
  collect() {
    if (!sources) return;
    const pools = postgresPoolsOf(sources.db);
    if (!pools) {
      this.set({ state: "total" }, 1);
      return;
    }
    const { pool } = pools;
    this.set({ state: "total" }, pool.totalCount);
    this.set({ state: "idle" }, pool.idleCount);
    this.set({ state: "waiting" }, pool.waitingCount);
  },
});

new Gauge({
  name: "jobs",
  help: "Database-backed jobs by state: waiting (not claimed), running (claimed, lease not ended), failed (given up)",
  labelNames: ["state"] as const,
  registers: [registry],
  async collect() {
    if (!sources) return;
    // A scrape while the database is away still answers, without these figures.
    const counts = await jobCounts(sources.db).catch((error: unknown) => {
      sources?.logger.warn({ err: error }, "metrics: counting jobs failed");
      return null;
    });
    if (!counts) return;
    this.set({ state: "waiting" }, counts.waiting);
    this.set({ state: "running" }, counts.running);
    this.set({ state: "failed" }, counts.failed);
  },
});

new Gauge({
  name: "live_streams_open",
  help: "Server-Sent Event streams open in this process",
  registers: [registry],
  collect() {
    if (sources) this.set(liveHubFor(sources).streams);
  },
});

/** Entries of the committed migration journal: what a ready database has applied. */
function committedMigrationCount(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8")) as { entries: unknown[] };
  return journal.entries.length;
}

export interface Readiness {
  ready: boolean;
  database: "ok" | "unreachable";
  migrations: { applied: number; expected: number };
}

/**
 * Ready to take traffic: the database answers and has every committed migration applied (a
 * process of a newer version waits for its migrations; liveness, /api/health, only asks that the
 * process and its database answer).
 */
export async function readiness(db: Database): Promise<Readiness> {
  const expected = committedMigrationCount();
  try {
    await pingDatabase(db);
  } catch {
    return { ready: false, database: "unreachable", migrations: { applied: 0, expected } };
  }
  // No journal table yet: nothing applied.
  const applied = await appliedMigrationCount(db).catch(() => 0);
  return { ready: applied >= expected, database: "ok", migrations: { applied, expected } };
}
