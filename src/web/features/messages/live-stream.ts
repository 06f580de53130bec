import type { QueryClient } from "@tanstack/react-query";
import type { Me } from "../../../shared/auth/auth.schemas";
import type { LiveEventPayloads } from "../../../shared/messages/messages.api";
import { ACCOUNT_SUSPENDED_KEY, rememberSuspension } from "../auth/account-suspended-notice";
import { ME_QUERY_KEY } from "../auth/use-me";
import { INVOICES_KEY } from "../invoices/use-invoices";
import { invalidateLessonViews } from "../lessons/lesson-views";
import { WAITLIST_KEY } from "../waitlist/waitlist-keys";
import { MESSAGES_KEY } from "./messages-keys";
import { addMessage, markMineRead, markTheirsRead, setUnreadTotal } from "./thread-cache";

export const LIVE_URL = "/api/live";
/** When the server refused the stream (EventSource gives up on a non-200), try again after this. */
const RETRY_AFTER_REFUSAL_MS = 10_000;

type Handlers = { [T in keyof LiveEventPayloads]: (payload: LiveEventPayloads[T]) => void };

const SIGNED_OUT: Me = { user: null, role: null, profiles: { parent: false, teacher: false } };

/**
 * The account was signed out everywhere (suspended, issue 27): this tab forgets the user at once,
 * as signing out does. Guarded pages then show the signed-out state (the landing page), with the
 * reason and whom to write to (issue 41, account-suspended-notice.tsx).
 */
export function forgetSignedOutUser(queryClient: QueryClient): void {
  // The suspension notice is kept: its open observer would not see a query removed under it.
  const kept = new Set<unknown>([ME_QUERY_KEY[0], ACCOUNT_SUSPENDED_KEY[0]]);
  queryClient.removeQueries({ predicate: (q) => !kept.has(q.queryKey[0]) });
  queryClient.setQueryData(ME_QUERY_KEY, SIGNED_OUT);
}

function handlersFor(queryClient: QueryClient, userId: string, stop: () => void): Handlers {
  return {
    message: ({ message }) => addMessage(queryClient, message),
    // The desk removed a message: the threads and previews are fetched again, so it reads as removed.
    message_removed: () => void queryClient.invalidateQueries({ queryKey: MESSAGES_KEY }),
    read: ({ conversationId, readerUserId, readAt }) =>
      readerUserId === userId ? markTheirsRead(queryClient, conversationId, readAt) : markMineRead(queryClient, conversationId, readAt),
    unread: ({ unread }) => setUnreadTotal(queryClient, unread),
    // A request, a decision or a change by the other side: every view of lessons is fetched again.
    booking_request: () => invalidateLessonViews(queryClient),
    booking_decided: () => invalidateLessonViews(queryClient),
    // Attendance may also use a lesson of the family's package (issue 40): billing views too.
    lesson_changed: () => {
      invalidateLessonViews(queryClient);
      void queryClient.invalidateQueries({ queryKey: INVOICES_KEY });
    },
    // An invoice was sent, paid or voided, or the family's balance changed: both sides' invoice and billing views are fetched again.
    invoice_changed: () => void queryClient.invalidateQueries({ queryKey: INVOICES_KEY }),
    balance_changed: () => void queryClient.invalidateQueries({ queryKey: INVOICES_KEY }),
    // An offer arrived or passed, an entry was closed, a family joined: the waitlist views and the banner are fetched again.
    waitlist_changed: () => void queryClient.invalidateQueries({ queryKey: WAITLIST_KEY }),
    // The server ends the stream after this event; no reconnect is tried (the session is gone).
    signed_out: ({ message }) => {
      stop();
      forgetSignedOutUser(queryClient);
      if (message) rememberSuspension(queryClient, message);
    },
  };
}

/**
 * The signed-in user's live stream (one per tab): each event updates the cached queries it
 * concerns, so open pages change without reloading. EventSource reconnects by itself and sends
 * Last-Event-ID, so the server replays what was missed; only when the server refuses the stream
 * (a non-200, e.g. the session ended) is a new one opened here, and then everything under
 * ["messages"] is fetched again since nothing was replayed. Returns the function that closes it.
 */
export function startLiveStream(queryClient: QueryClient, userId: string): () => void {
  let source: EventSource | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const stop = () => {
    stopped = true;
    clearTimeout(retry);
    source?.close();
  };
  const handlers = handlersFor(queryClient, userId, stop);

  const open = (resync: boolean) => {
    source = new EventSource(LIVE_URL);
    for (const [type, handle] of Object.entries(handlers) as [keyof Handlers, (payload: unknown) => void][]) {
      source.addEventListener(type, (event) => {
        try {
          handle(JSON.parse((event as MessageEvent<string>).data));
        } catch {
          // A payload this page cannot read is skipped; the next fetch of the data shows the truth.
        }
      });
    }
    if (resync) source.addEventListener("open", () => void queryClient.invalidateQueries({ queryKey: MESSAGES_KEY }), { once: true });
    source.addEventListener("error", () => {
      if (stopped || source?.readyState !== EventSource.CLOSED) return;
      retry = setTimeout(() => open(true), RETRY_AFTER_REFUSAL_MS);
    });
  };

  open(false);
  return stop;
}
