import { Hono } from "hono";
import { streamSSE, type SSEStreamingApi } from "hono/streaming";
import { requireUser } from "../auth";
import type { Deps } from "../deps";
import type { AppEnv } from "../http/app-env";
import { liveHubFor } from "./live-hub";
import { missedLiveEvents, type StoredLiveEvent } from "./live.service";

/** How long a browser waits before reconnecting after the stream ends. */
const RETRY_MS = 3_000;

/** Last-Event-ID (the header EventSource sends on reconnect, or `?lastEventId=`); absent or malformed: none. */
function lastEventId(header: string | undefined, query: string | undefined): number | undefined {
  const raw = header ?? query;
  if (!raw || !/^\d{1,15}$/.test(raw.trim())) return undefined;
  return Number(raw.trim());
}

function writeEvent(stream: SSEStreamingApi, event: StoredLiveEvent): Promise<void> {
  return stream.writeSSE({ id: String(event.id), event: event.type, data: JSON.stringify(event.payload) });
}

/**
 * GET /api/live: the signed-in user's events as Server-Sent Events (messages/messages.api.ts
 * lists them). With Last-Event-ID the events after it are replayed from live_events first; live
 * events arriving meanwhile are held and written after, so none is lost or written twice. Event
 * streams are not compressed (hono/compress skips text/event-stream), so nothing is held back.
 */
export function createLiveRoutes(deps: Deps) {
  return new Hono<AppEnv>().get("/", requireUser(deps), (c) => {
    const userId = c.get("user").id;
    const sessionId = c.get("sessionId");
    const afterId = lastEventId(c.req.header("last-event-id"), c.req.query("lastEventId"));
    // Proxies such as nginx would otherwise buffer the stream.
    c.header("X-Accel-Buffering", "no");
    return streamSSE(c, async (stream) => {
      let ended!: () => void;
      const finished = new Promise<void>((resolve) => (ended = resolve));
      stream.onAbort(ended);
      // Writes of one stream run one after another, in the order events arrived.
      let writing = Promise.resolve();
      const enqueue = (write: () => Promise<unknown>) => {
        writing = writing.then(write).then(
          () => undefined,
          () => ended(),
        );
      };
      let held: StoredLiveEvent[] | null = afterId === undefined ? null : [];
      // What the replay wrote. On PostgreSQL an event committed during the reconnect can also reach
      // the hub after the replay read it (its NOTIFY is read from the table asynchronously), so a
      // live event is written only if the replay did not write it already.
      let replayed = new Set<number>();
      const unsubscribe = await liveHubFor(deps).subscribe({
        userId,
        sessionId,
        deliver: (delivered) => {
          if (held) {
            held.push(...delivered);
            return;
          }
          const events = delivered.filter((event) => !replayed.has(event.id));
          if (events.length > 0)
            enqueue(async () => {
              for (const event of events) {
                await writeEvent(stream, event);
                // The account was signed out everywhere (suspended): the event is the last word.
                if (event.type === "signed_out") ended();
              }
            });
        },
        heartbeat: () => enqueue(() => stream.write(": heartbeat\n\n")),
        close: () => ended(),
      });
      try {
        enqueue(() => stream.write(`retry: ${RETRY_MS}\n\n`));
        if (afterId !== undefined) {
          const missed = await missedLiveEvents(deps, userId, afterId);
          replayed = new Set(missed.map((event) => event.id));
          const later = (held ?? []).filter((event) => !replayed.has(event.id));
          held = null;
          enqueue(async () => {
            for (const event of [...missed, ...later]) await writeEvent(stream, event);
          });
        }
        await finished;
      } finally {
        unsubscribe();
      }
    });
  });
}
