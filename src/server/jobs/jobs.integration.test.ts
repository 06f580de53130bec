import { describe, expect, it } from "vitest";
import { twoProcessAppsForFile } from "../../../tests/fixtures/test-app";
import { retryDelayMs } from "../../shared/jobs/retry.rules";
import { runDueJobs } from "./job-runner";
import type { ClaimedJob, JobKind } from "./job.types";
import { findJob, scheduleJob } from "./jobs.repo";

const { t, other } = twoProcessAppsForFile();

let counter = 0;
const uniqueKey = (name: string) => `test:${name}:${Date.now()}:${counter++}`;
const at = (iso: string) => new Date(iso);

function recorder(kind: string, behaviour: (job: ClaimedJob) => Promise<void> = () => Promise.resolve()) {
  const seen: ClaimedJob[] = [];
  const definition: JobKind = {
    kind,
    async handle(job) {
      seen.push(job);
      await behaviour(job);
    },
  };
  return { seen, definition };
}

describe("jobs", () => {
  it("stores a key once, however often it is scheduled", async () => {
    const key = uniqueKey("once");
    const first = await scheduleJob(t.deps.db, { kind: "k", key, runAt: at("2030-01-01T00:00:00Z") });
    const second = await scheduleJob(other.deps.db, { kind: "k", key, runAt: at("2030-02-01T00:00:00Z") });
    expect([first, second]).toEqual([true, false]);
    expect((await findJob(t.deps.db, key))?.runAt.toISOString()).toBe("2030-01-01T00:00:00.000Z");
  });

  it("runs a job only once it is due, and only once", async () => {
    const kind = uniqueKey("due-kind");
    const { seen, definition } = recorder(kind);
    const key = uniqueKey("due");
    await scheduleJob(t.deps.db, { kind, key, runAt: at("2031-05-01T12:00:00Z"), payload: { lesson: "x" } });

    await runDueJobs(t.deps, { kinds: [definition], now: at("2031-05-01T11:59:59Z") });
    expect(seen).toHaveLength(0);
    await runDueJobs(t.deps, { kinds: [definition], now: at("2031-05-01T12:00:00Z") });
    await runDueJobs(t.deps, { kinds: [definition], now: at("2031-05-01T12:30:00Z") });
    expect(seen.map((job) => [job.key, job.payload, job.attempts])).toEqual([[key, { lesson: "x" }, 1]]);
    expect((await findJob(t.deps.db, key))?.doneAt?.toISOString()).toBe("2031-05-01T12:00:00.000Z");
  });

  it("gives each job to one of two runners working at the same moment", async () => {
    const kind = uniqueKey("race-kind");
    const keys = Array.from({ length: 30 }, (_, i) => uniqueKey(`race-${i}`));
    for (const key of keys) await scheduleJob(t.deps.db, { kind, key, runAt: at("2032-01-01T00:00:00Z") });
    const slow = () => new Promise<void>((resolve) => setTimeout(resolve, 5));
    const a = recorder(kind, slow);
    const b = recorder(kind, slow);
    const now = at("2032-01-01T00:00:01Z");
    await Promise.all([runDueJobs(t.deps, { kinds: [a.definition], now }), runDueJobs(other.deps, { kinds: [b.definition], now })]);
    const ran = [...a.seen, ...b.seen].map((job) => job.key).sort();
    expect(ran).toEqual([...keys].sort());
  });

  it("retries a failed job later with backoff, then gives up keeping the error", async () => {
    const kind = uniqueKey("fail-kind");
    let failures = 0;
    const definition: JobKind = {
      kind,
      maxAttempts: 2,
      handle() {
        failures++;
        return Promise.reject(new Error("SMTP said 451"));
      },
    };
    const key = uniqueKey("fail");
    const start = at("2033-03-01T00:00:00Z");
    await scheduleJob(t.deps.db, { kind, key, runAt: start });

    expect(await runDueJobs(t.deps, { kinds: [definition], now: start })).toMatchObject({ ran: 0, failed: 1 });
    const retry = await findJob(t.deps.db, key);
    expect(retry?.runAt.getTime()).toBe(start.getTime() + retryDelayMs(1));
    expect(retry?.lastError).toBe("SMTP said 451");
    expect(retry?.doneAt).toBeNull();

    await runDueJobs(t.deps, { kinds: [definition], now: new Date(start.getTime() + retryDelayMs(1)) });
    const given = await findJob(t.deps.db, key);
    expect(failures).toBe(2);
    expect(given?.doneAt).not.toBeNull();
    expect(given?.lastError).toBe("gave up: SMTP said 451");
  });

  it("succeeds on the retry after a failure", async () => {
    const kind = uniqueKey("flaky-kind");
    let calls = 0;
    const definition: JobKind = {
      kind,
      handle() {
        return ++calls === 1 ? Promise.reject(new Error("connection reset")) : Promise.resolve();
      },
    };
    const key = uniqueKey("flaky");
    const start = at("2034-01-01T00:00:00Z");
    await scheduleJob(t.deps.db, { kind, key, runAt: start });
    await runDueJobs(t.deps, { kinds: [definition], now: start });
    await runDueJobs(t.deps, { kinds: [definition], now: new Date(start.getTime() + retryDelayMs(1)) });
    const row = await findJob(t.deps.db, key);
    expect(calls).toBe(2);
    expect(row?.doneAt).not.toBeNull();
    expect(row?.lastError).toBeNull();
  });

  it("leaves kinds it does not know to the processes that know them", async () => {
    const key = uniqueKey("unknown");
    await scheduleJob(t.deps.db, { kind: uniqueKey("newer-kind"), key, runAt: at("2036-01-01T00:00:00Z") });
    const { seen, definition } = recorder(uniqueKey("known-kind"));
    expect(await runDueJobs(t.deps, { kinds: [definition], now: at("2036-02-01T00:00:00Z") })).toMatchObject({ ran: 0, failed: 0 });
    expect(seen).toHaveLength(0);
    expect((await findJob(t.deps.db, key))?.attempts).toBe(0);
  });

  it("runs the sweeps on every pass, with the runner's clock", async () => {
    const seen: string[] = [];
    await runDueJobs(t.deps, {
      kinds: [],
      sweeps: [{ name: "record", run: ({ now }) => Promise.resolve(void seen.push(now.toISOString())) }],
      now: at("2035-01-01T00:00:00Z"),
    });
    expect(seen).toEqual(["2035-01-01T00:00:00.000Z"]);
  });
});
