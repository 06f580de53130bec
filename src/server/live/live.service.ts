import type { Executor, Tx } from "../db/client";
import type { Deps } from "../deps";
import { liveHubFor } from "./live-hub";
import { deleteLiveEventsBefore, insertLiveEvents, liveEventsAfter, type NewLiveEvent, type StoredLiveEvent } from "./live.repo";

export type { NewLiveEvent, StoredLiveEvent } from "./live.repo";

/** Events older than this are pruned: a browser away longer reloads its data instead of replaying. */
export const LIVE_EVENT_RETENTION_MS = 2 * 24 * 60 * 60 * 1000;
/** At most this many missed events are replayed on one reconnect. */
export const REPLAY_LIMIT = 500;

type LiveDeps = Pick<Deps, "db" | "driver" | "logger">;

/**
 * Runs `work` in one transaction; the live events it emits are stored in that transaction (so an
 * event exists exactly when the change it tells of does) and delivered once it has committed.
 */
export async function withLiveEvents<T>(
  deps: LiveDeps,
  work: (tx: Tx, emit: (...events: NewLiveEvent[]) => void) => Promise<T>,
): Promise<T> {
  let stored: StoredLiveEvent[] = [];
  const result = await deps.db.transaction(async (tx) => {
    const emitted: NewLiveEvent[] = [];
    const value = await work(tx, (...events) => emitted.push(...events));
    stored = await storeLiveEvents(deps, tx, emitted);
    return value;
  });
  announceLiveEvents(deps, stored);
  return result;
}

/**
 * For a change that runs its own transaction (a suspension): stores the events in it (on
 * PostgreSQL their NOTIFY goes out at the commit, to every process); announce them once committed.
 */
export function storeLiveEvents(deps: Pick<Deps, "driver">, tx: Executor, events: NewLiveEvent[]): Promise<StoredLiveEvent[]> {
  return insertLiveEvents(tx, events, deps.driver === "postgres");
}

/** Delivers stored events to this process's open streams (the others hear the NOTIFY). */
export function announceLiveEvents(deps: Pick<Deps, "db" | "driver" | "logger">, events: StoredLiveEvent[]): void {
  liveHubFor(deps).announce(events);
}

/** Stores and delivers events outside any other change (e.g. after a booking request committed). */
export async function publishLiveEvents(deps: LiveDeps, events: NewLiveEvent[]): Promise<void> {
  await withLiveEvents(deps, (_tx, emit) => {
    emit(...events);
    return Promise.resolve();
  });
}

export function missedLiveEvents(deps: Pick<Deps, "db">, userId: string, afterId: number): Promise<StoredLiveEvent[]> {
  return liveEventsAfter(deps.db, userId, afterId, REPLAY_LIMIT);
}

export function pruneLiveEvents(deps: Pick<Deps, "db">, now: Date): Promise<number> {
  return deleteLiveEventsBefore(deps.db, new Date(now.getTime() - LIVE_EVENT_RETENTION_MS));
}
