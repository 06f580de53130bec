import type { Database } from "../db/client";
import type { JobContext, Sweep } from "./job.types";

/** Pruning needs no precision: once an hour per process (and database) is plenty; passes run every few seconds. */
const EVERY_MS = 60 * 60_000;

/** A sweep whose work runs at most once an hour per database, on the runner's clock (tests inject it). */
export function hourlySweep(name: string, run: (ctx: JobContext) => Promise<void>): Sweep {
  const last = new WeakMap<Database, number>();
  return {
    name,
    async run(ctx) {
      const previous = last.get(ctx.deps.db);
      if (previous !== undefined && Math.abs(ctx.now.getTime() - previous) < EVERY_MS) return;
      last.set(ctx.deps.db, ctx.now.getTime());
      await run(ctx);
    },
  };
}
