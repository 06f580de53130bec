import type { Database } from "../db/client";
import type { Sweep } from "../jobs";
import { pruneLiveEvents } from "./live.service";

/** Pruning needs no precision: once an hour per process is plenty (passes run every few seconds). */
const PRUNE_EVERY_MS = 60 * 60_000;
const lastPrune = new WeakMap<Database, number>();

/** Old live events go (one DELETE, safe in every process at once); see LIVE_EVENT_RETENTION_MS. */
export const liveEventsSweep: Sweep = {
  name: "prune-live-events",
  async run({ deps, now }) {
    const last = lastPrune.get(deps.db);
    if (last !== undefined && Math.abs(now.getTime() - last) < PRUNE_EVERY_MS) return;
    lastPrune.set(deps.db, now.getTime());
    await pruneLiveEvents(deps, now);
  },
};
