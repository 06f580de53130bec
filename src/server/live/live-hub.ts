import type pg from "pg";
import type { Logger } from "pino";
import { postgresPoolsOf, type Database } from "../db/client";
import { openListener, type Listener } from "../db/listen";
import { findLiveEvents, LIVE_CHANNEL, liveSessionIds, type StoredLiveEvent } from "./live.repo";

/** Every ~15 s each stream gets a comment line, so proxies and browsers keep an idle stream open. */
export const HEARTBEAT_MS = 15_000;

/** How long the listening connection stays open after the last stream ended. */
const IDLE_LISTENER_MS = 30_000;

/** One open stream, as the hub sees it. */
export interface LiveSubscriber {
  userId: string;
  sessionId: string;
  deliver(events: StoredLiveEvent[]): void;
  heartbeat(): void;
  /** Ends the stream (signed out, or the hub lost events it cannot replay itself). */
  close(): void;
}

/**
 * The process's side of live delivery: the open streams by user, and where events come from.
 * On PostgreSQL, ONE dedicated connection LISTENs on LIVE_CHANNEL for the whole process (opened
 * with the first stream, closed with the last); a notification names (user, event id) and the
 * event is read only when this process holds a stream of that user, batched per tick. On PGlite
 * (one process by construction) the writer hands the committed events to `announce` directly.
 * One timer per process (not per stream) sends heartbeats and closes streams whose session was
 * revoked (sign-out, account deletion), which keeps a stream down to a few small objects.
 */
export class LiveHub {
  private readonly byUser = new Map<string, Set<LiveSubscriber>>();
  private size = 0;
  private idleTimer: NodeJS.Timeout | null = null;
  private listening: Promise<Listener> | null = null;
  private pending = new Set<number>();
  private flushing = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Database,
    private readonly logger: Logger,
    private readonly pool: pg.Pool | undefined,
  ) {}

  get streams(): number {
    return this.size;
  }

  /** Registers the stream; resolves once events committed from now on will reach it. */
  async subscribe(subscriber: LiveSubscriber): Promise<() => void> {
    let set = this.byUser.get(subscriber.userId);
    if (!set) this.byUser.set(subscriber.userId, (set = new Set()));
    set.add(subscriber);
    this.size++;
    this.timer ??= setInterval(() => void this.sweep(), HEARTBEAT_MS).unref();
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    let done = false;
    const unsubscribe = () => {
      if (done) return;
      done = true;
      this.remove(subscriber);
    };
    try {
      if (this.pool) await this.listen(this.pool);
    } catch (error) {
      unsubscribe();
      throw error;
    }
    return unsubscribe;
  }

  /** PGlite: events just committed in this process. */
  announce(events: StoredLiveEvent[]): void {
    if (this.pool || events.length === 0) return;
    this.dispatch(events);
  }

  /** Heartbeats, and the end of streams whose session is gone. Run by the timer; tests call it. */
  async sweep(): Promise<void> {
    const all = [...this.byUser.values()].flatMap((set) => [...set]);
    if (all.length === 0) return;
    let live: Set<string>;
    try {
      live = await liveSessionIds(this.db, [...new Set(all.map((s) => s.sessionId))]);
    } catch (error) {
      this.logger.warn({ err: error }, "live: session check failed");
      live = new Set(all.map((s) => s.sessionId));
    }
    for (const subscriber of all) {
      if (live.has(subscriber.sessionId)) subscriber.heartbeat();
      else subscriber.close();
    }
  }

  /** Ends every stream and the listening connection (server shutdown, tests). */
  async close(): Promise<void> {
    for (const set of [...this.byUser.values()]) for (const subscriber of [...set]) subscriber.close();
    this.byUser.clear();
    this.size = 0;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    if (this.timer) clearInterval(this.timer);
    this.idleTimer = this.timer = null;
    await this.stopListening();
  }

  private remove(subscriber: LiveSubscriber): void {
    const set = this.byUser.get(subscriber.userId);
    if (!set?.delete(subscriber)) return;
    if (set.size === 0) this.byUser.delete(subscriber.userId);
    this.size--;
    if (this.size === 0) {
      if (this.timer) clearInterval(this.timer);
      this.timer = null;
      // Kept a while for the reconnect that usually follows; closed when nobody came back.
      this.idleTimer = setTimeout(() => {
        this.idleTimer = null;
        if (this.size === 0) void this.stopListening();
      }, IDLE_LISTENER_MS).unref();
    }
  }

  private listen(pool: pg.Pool): Promise<Listener> {
    if (!this.listening) {
      const listening: Promise<Listener> = openListener(
        pool,
        LIVE_CHANNEL,
        (payload) => this.onNotification(payload),
        (error) => this.lostListener(listening, error),
      ).catch((error: unknown) => {
        if (this.listening === listening) this.listening = null;
        throw error;
      });
      this.listening = listening;
    }
    return this.listening;
  }

  /**
   * Events announced while the connection was down are lost to this process: end its streams, so
   * each browser reconnects with Last-Event-ID and reads what it missed from live_events.
   */
  private lostListener(listening: Promise<Listener>, error: Error): void {
    if (this.listening !== listening) return;
    this.logger.warn({ err: error }, "live: the listening connection was lost; streams will reconnect");
    this.listening = null;
    void listening.then((listener) => listener.close()).catch(() => undefined);
    for (const set of [...this.byUser.values()]) for (const subscriber of [...set]) subscriber.close();
  }

  private async stopListening(): Promise<void> {
    const pending = this.listening;
    this.listening = null;
    // Ends the connection once it is set up (a new stream meanwhile opens its own).
    const listener = await pending?.catch(() => null);
    await listener?.close();
  }

  private onNotification(payload: string): void {
    const at = payload.lastIndexOf(":");
    if (at < 0) return;
    if (!this.byUser.has(payload.slice(0, at))) return;
    const id = Number(payload.slice(at + 1));
    if (!Number.isSafeInteger(id)) return;
    this.pending.add(id);
    if (!this.flushing) {
      this.flushing = true;
      setImmediate(() => void this.flush());
    }
  }

  /** Reads the announced events of this tick in one query. */
  private async flush(): Promise<void> {
    const ids = [...this.pending];
    this.pending = new Set();
    try {
      this.dispatch(await findLiveEvents(this.db, ids));
    } catch (error) {
      this.logger.error({ err: error }, "live: reading announced events failed");
    } finally {
      this.flushing = false;
      if (this.pending.size > 0) {
        this.flushing = true;
        setImmediate(() => void this.flush());
      }
    }
  }

  private dispatch(events: StoredLiveEvent[]): void {
    const byUser = new Map<string, StoredLiveEvent[]>();
    for (const event of events) {
      const list = byUser.get(event.userId);
      if (list) list.push(event);
      else byUser.set(event.userId, [event]);
    }
    for (const [userId, list] of byUser) {
      for (const subscriber of this.byUser.get(userId) ?? []) subscriber.deliver(list);
    }
  }
}

const hubs = new WeakMap<Database, LiveHub>();

/** The hub of this process for this database (one per database handle). */
export function liveHubFor(deps: { db: Database; logger: Logger }): LiveHub {
  let hub = hubs.get(deps.db);
  if (!hub) {
    hub = new LiveHub(deps.db, deps.logger, postgresPoolsOf(deps.db)?.pool);
    hubs.set(deps.db, hub);
  }
  return hub;
}
