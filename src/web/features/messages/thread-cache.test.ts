import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { ConversationList, ConversationSummary, MessageDTO } from "../../../shared/messages/messages.api";
import { CONVERSATIONS_KEY, threadKey } from "./messages-keys";
import { addMessage, markMineRead, markTheirsRead, type Thread } from "./thread-cache";

const CONVERSATION = "c0000000-0000-4000-8000-000000000001";

function message(id: string, sentAt: string, mine: boolean, readAt: string | null = null): MessageDTO {
  return {
    id,
    conversationId: CONVERSATION,
    senderUserId: mine ? "me" : "them",
    senderName: mine ? "Terry Teacher" : "Jordan Rivera",
    senderFirstName: mine ? "Terry" : "Jordan",
    senderRole: mine ? "teacher" : "parent",
    mine,
    text: `text ${id}`,
    removed: false,
    sentAt,
    readAt,
  };
}

function summary(overrides: Partial<ConversationSummary>): ConversationSummary {
  return {
    id: CONVERSATION,
    myRole: "teacher",
    other: { userId: "them", name: "Jordan Rivera", firstName: "Jordan", initials: "JR", photoUrl: null, role: "parent", teacherId: null, deleted: false, unavailable: false },
    guardians: [{ userId: "them", name: "Jordan Rivera", isYou: false }],
    lastMessage: null,
    unreadCount: 0,
    lastMessageAt: null,
    createdAt: "2026-11-20T10:00:00.000Z",
    context: { student: null, class: null },
    canSend: true,
    blockedByMe: false,
    sendBlocked: false,
    ...overrides,
  };
}

function setup(thread: MessageDTO[][], conversations: ConversationSummary[]) {
  const queryClient = new QueryClient();
  queryClient.setQueryData<Thread>(threadKey(CONVERSATION), {
    pages: thread.map((messages, i) => ({ messages, nextCursor: i < thread.length - 1 ? `cursor-${i}` : null })),
    pageParams: thread.map((_, i) => (i === 0 ? null : `cursor-${i - 1}`)),
  });
  queryClient.setQueryData<ConversationList>(CONVERSATIONS_KEY, { conversations });
  const read = () => ({
    thread: queryClient.getQueryData<Thread>(threadKey(CONVERSATION))!,
    list: queryClient.getQueryData<ConversationList>(CONVERSATIONS_KEY)!.conversations,
  });
  return { queryClient, read };
}

describe("addMessage", () => {
  it("puts a new message first in the newest page, raises the unread count once and moves the conversation to the top", () => {
    const other = summary({ id: "other", lastMessageAt: "2026-11-21T09:00:00.000Z" });
    const { queryClient, read } = setup([[message("m2", "2026-11-21T08:00:00.000Z", true)], [message("m1", "2026-11-20T08:00:00.000Z", false)]], [
      other,
      summary({ lastMessageAt: "2026-11-21T08:00:00.000Z" }),
    ]);
    const arriving = message("m3", "2026-11-22T08:00:00.000Z", false);
    addMessage(queryClient, arriving);
    addMessage(queryClient, arriving); // the stream and the send's answer can both bring it
    const { thread, list } = read();
    expect(thread.pages[0]!.messages.map((m) => m.id)).toEqual(["m3", "m2"]);
    expect(thread.pages[0]!.nextCursor).toBe("cursor-0");
    expect(thread.pages[1]!.messages.map((m) => m.id)).toEqual(["m1"]);
    expect(list.map((c) => c.id)).toEqual([CONVERSATION, "other"]);
    expect(list[0]).toMatchObject({ unreadCount: 1, lastMessageAt: arriving.sentAt, lastMessage: { id: "m3", mine: false } });
  });

  it("does not count my own message as unread", () => {
    const { queryClient, read } = setup([[]], [summary({ unreadCount: 2 })]);
    addMessage(queryClient, message("m1", "2026-11-22T08:00:00.000Z", true));
    expect(read().list[0]).toMatchObject({ unreadCount: 2, lastMessage: { id: "m1", mine: true } });
  });

  it("leaves an inbox that already shows the message (fetched after it) as it is", () => {
    const arriving = message("m1", "2026-11-22T08:00:00.000Z", false);
    const fetched = summary({ unreadCount: 1, lastMessageAt: arriving.sentAt, lastMessage: { ...arriving, senderUserId: "them" } });
    const { queryClient, read } = setup([[]], [fetched]);
    addMessage(queryClient, arriving);
    expect(read().list[0]!.unreadCount).toBe(1);
  });

  it("fetches the inbox again for a conversation it does not hold yet", () => {
    const { queryClient } = setup([[]], []);
    addMessage(queryClient, { ...message("m1", "2026-11-22T08:00:00.000Z", false), conversationId: "brand-new" });
    expect(queryClient.getQueryState(CONVERSATIONS_KEY)!.isInvalidated).toBe(true);
  });
});

describe("read receipts", () => {
  it("marks my messages sent up to the moment they were read, and only those", () => {
    const { queryClient, read } = setup(
      [[message("m3", "2026-11-22T09:00:00.000Z", true), message("m2", "2026-11-22T08:00:00.000Z", false), message("m1", "2026-11-22T07:00:00.000Z", true)]],
      [summary({})],
    );
    markMineRead(queryClient, CONVERSATION, "2026-11-22T08:30:00.000Z");
    const readAt = read().thread.pages[0]!.messages.map((m) => [m.id, m.readAt]);
    expect(readAt).toEqual([
      ["m3", null],
      ["m2", null],
      ["m1", "2026-11-22T08:30:00.000Z"],
    ]);
  });

  it("marks the other side's messages read and clears the conversation's unread count", () => {
    const { queryClient, read } = setup([[message("m2", "2026-11-22T08:00:00.000Z", false), message("m1", "2026-11-22T07:00:00.000Z", true)]], [
      summary({ unreadCount: 1 }),
    ]);
    markTheirsRead(queryClient, CONVERSATION, "2026-11-22T08:05:00.000Z");
    const { thread, list } = read();
    expect(thread.pages[0]!.messages.map((m) => m.readAt)).toEqual(["2026-11-22T08:05:00.000Z", null]);
    expect(list[0]!.unreadCount).toBe(0);
  });
});
