import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Me } from "../../../shared/auth/auth.schemas";
import type { UnreadTotal } from "../../../shared/messages/messages.api";
import { ACCOUNT_SUSPENDED_KEY } from "../auth/account-suspended-notice";
import { ME_QUERY_KEY } from "../auth/use-me";
import { TEACHER_REQUESTS_KEY } from "../booking/use-booking";
import { LESSON_VIEW_KEYS } from "../lessons/lesson-views";
import { LiveUpdates } from "./live-updates";
import { UNREAD_KEY } from "./messages-keys";

/** Stands in for the browser's EventSource: records what was opened and lets the test send events. */
class FakeEventSource {
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 1;
  closed = false;
  private listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(type: string, payload: unknown) {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data: JSON.stringify(payload) }));
  }
}

const SIGNED_IN = { user: { id: "u1", email: "casey@example.test", name: "Casey Keys" }, role: "teacher" } as Me;

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal("EventSource", FakeEventSource);
});
afterEach(() => vi.unstubAllGlobals());

function renderSignedIn() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(ME_QUERY_KEY, SIGNED_IN);
  render(
    <QueryClientProvider client={queryClient}>
      <LiveUpdates />
    </QueryClientProvider>,
  );
  return queryClient;
}

describe("LiveUpdates", () => {
  it("opens one stream on /api/live while signed in and closes it on sign-out", async () => {
    const queryClient = renderSignedIn();
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const stream = FakeEventSource.opened[0]!;
    expect(stream.url).toBe("/api/live");
    expect(stream.closed).toBe(false);
    act(() => {
      queryClient.setQueryData(ME_QUERY_KEY, { user: null });
    });
    await waitFor(() => expect(stream.closed).toBe(true));
    expect(FakeEventSource.opened).toHaveLength(1);
  });

  it("signed_out (the account was suspended): forgets the user and their data at once, and opens no new stream", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const queryClient = renderSignedIn();
      await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
      queryClient.setQueryData(UNREAD_KEY, { unread: 2 });
      const stream = FakeEventSource.opened[0]!;
      const message = "This account is suspended. The reason: Spam. If you think this is a mistake, write to support@example.test.";
      act(() => stream.emit("signed_out", { reason: "account_suspended", message }));
      expect(stream.closed).toBe(true);
      expect(queryClient.getQueryData<Me>(ME_QUERY_KEY)?.user).toBeNull();
      expect(queryClient.getQueryData(UNREAD_KEY)).toBeUndefined();
      // Kept for the page to say why (issue 41).
      expect(queryClient.getQueryData(ACCOUNT_SUSPENDED_KEY)).toBe(message);
      // The server ends the stream; no reconnect follows, not even after the refusal wait.
      stream.emit("error", {});
      await vi.advanceTimersByTimeAsync(60_000);
      expect(FakeEventSource.opened).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("puts the unread total in the cache and refreshes the teacher's requests on a new request", async () => {
    const queryClient = renderSignedIn();
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    queryClient.setQueryData(TEACHER_REQUESTS_KEY, { bookings: [] });
    const stream = FakeEventSource.opened[0]!;
    stream.emit("unread", { unread: 3 });
    expect(queryClient.getQueryData<UnreadTotal>(UNREAD_KEY)).toEqual({ unread: 3 });
    stream.emit("booking_request", { bookingId: "b1" });
    expect(queryClient.getQueryState(TEACHER_REQUESTS_KEY)!.isInvalidated).toBe(true);
  });

  it("message_removed (the desk removed a message): the threads and previews are fetched again, lessons stay", async () => {
    const queryClient = renderSignedIn();
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    queryClient.setQueryData(["messages", "conversations"], {});
    queryClient.setQueryData(["messages", "thread", "c1"], {});
    queryClient.setQueryData(TEACHER_REQUESTS_KEY, { bookings: [] });
    FakeEventSource.opened[0]!.emit("message_removed", { conversationId: "c1", messageId: "m1" });
    expect(queryClient.getQueryState(["messages", "conversations"])!.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(["messages", "thread", "c1"])!.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(TEACHER_REQUESTS_KEY)!.isInvalidated).toBe(false);
  });

  it("invoice_changed refreshes every invoice view, both sides' (issue 40)", async () => {
    const queryClient = renderSignedIn();
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    queryClient.setQueryData(["invoices", "family"], {});
    queryClient.setQueryData(["invoices", "one", "i1"], {});
    queryClient.setQueryData(["messages", "conversations"], {});
    FakeEventSource.opened[0]!.emit("invoice_changed", { invoiceId: "i1", change: "payment" });
    expect(queryClient.getQueryState(["invoices", "family"])!.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(["invoices", "one", "i1"])!.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(["messages", "conversations"])!.isInvalidated).toBe(false);
  });

  it.each([
    ["balance_changed", { teacherId: "t1", parentId: "p1" }],
    ["lesson_changed", { bookingIds: ["b1"], change: "attendance" }],
  ])("%s refreshes the family's balance and lesson packages on both sides (issue 40)", async (type, payload) => {
    const queryClient = renderSignedIn();
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    queryClient.setQueryData(["invoices", "balance", "family"], []);
    queryClient.setQueryData(["invoices", "balance", "teacher", "p1"], {});
    queryClient.setQueryData(["messages", "conversations"], {});
    FakeEventSource.opened[0]!.emit(type, payload);
    expect(queryClient.getQueryState(["invoices", "balance", "family"])!.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(["invoices", "balance", "teacher", "p1"])!.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(["messages", "conversations"])!.isInvalidated).toBe(false);
  });

  it.each([
    ["booking_request", { bookingId: "b1" }],
    ["booking_decided", { bookingIds: ["b1"], decision: "accepted" }],
    ["lesson_changed", { bookingIds: ["b1"], change: "cancelled" }],
  ])("%s refreshes every view of lessons: requests, lessons, calendar, tiles, students, earnings, billing", async (type, payload) => {
    const queryClient = renderSignedIn();
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const keys = LESSON_VIEW_KEYS.map((key) => [...key, "cached"]);
    for (const key of keys) queryClient.setQueryData(key, {});
    queryClient.setQueryData(["messages", "conversations"], {});
    FakeEventSource.opened[0]!.emit(type, payload);
    expect(keys.filter((key) => !queryClient.getQueryState(key)!.isInvalidated)).toEqual([]);
    expect(LESSON_VIEW_KEYS.map((key) => key[0])).toEqual(
      expect.arrayContaining(["booking", "lessons", "calendar", "parent", "teachers", "earnings", "billing"]),
    );
    // Messages are not lessons: their cache stays.
    expect(queryClient.getQueryState(["messages", "conversations"])!.isInvalidated).toBe(false);
  });
});
