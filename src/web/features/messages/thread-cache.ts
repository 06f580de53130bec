import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import type { ConversationList, ConversationSummary, MessageDTO, MessagePage } from "../../../shared/messages/messages.api";
import { CONVERSATIONS_KEY, conversationKey, threadKey, UNREAD_KEY } from "./messages-keys";

/**
 * How a new message, a read receipt or an unread total changes the cached inbox and threads. Used
 * by the live stream and by the composer's own send, so both paths give the same picture (a message
 * arriving twice, from the send's answer and from the stream, is kept once).
 */

export type Thread = InfiniteData<MessagePage, string | null>;

function updateThread(queryClient: QueryClient, conversationId: string, update: (thread: Thread) => Thread) {
  queryClient.setQueryData<Thread>(threadKey(conversationId), (thread) => (thread ? update(thread) : thread));
}

function updateConversation(queryClient: QueryClient, conversationId: string, update: (c: ConversationSummary) => ConversationSummary) {
  queryClient.setQueryData<ConversationSummary>(conversationKey(conversationId), (c) => (c ? update(c) : c));
  queryClient.setQueryData<ConversationList>(CONVERSATIONS_KEY, (list) =>
    list ? { conversations: list.conversations.map((c) => (c.id === conversationId ? update(c) : c)) } : list,
  );
}

export function addMessage(queryClient: QueryClient, message: MessageDTO) {
  const { conversationId } = message;
  updateThread(queryClient, conversationId, (thread) => {
    if (thread.pages.some((page) => page.messages.some((m) => m.id === message.id))) return thread;
    const [newest, ...older] = thread.pages;
    return { ...thread, pages: [{ nextCursor: newest?.nextCursor ?? null, messages: [message, ...(newest?.messages ?? [])] }, ...older] };
  });
  // A summary that already shows this message (or a later one) was fetched after it: leave it be,
  // so the unread count is not raised twice.
  updateConversation(queryClient, conversationId, (c) =>
    c.lastMessage?.id === message.id || (c.lastMessageAt !== null && c.lastMessageAt > message.sentAt)
      ? c
      : {
          ...c,
          lastMessage: {
            id: message.id,
            text: message.text,
            senderUserId: message.senderUserId,
            senderFirstName: message.senderFirstName,
            senderRole: message.senderRole,
            mine: message.mine,
            sentAt: message.sentAt,
          },
          lastMessageAt: message.sentAt,
          unreadCount: message.mine ? c.unreadCount : c.unreadCount + 1,
        },
  );
  const list = queryClient.getQueryData<ConversationList>(CONVERSATIONS_KEY);
  if (!list) return;
  if (list.conversations.some((c) => c.id === conversationId)) {
    queryClient.setQueryData<ConversationList>(CONVERSATIONS_KEY, { conversations: sortNewestFirst(list.conversations) });
  } else {
    // A conversation the inbox has not seen (someone wrote for the first time): fetch the inbox.
    void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
  }
}

function sortNewestFirst(conversations: ConversationSummary[]): ConversationSummary[] {
  const at = (c: ConversationSummary) => c.lastMessageAt ?? c.createdAt;
  return [...conversations].sort((a, b) => (at(a) < at(b) ? 1 : at(a) > at(b) ? -1 : 0));
}

/** The other side read my messages up to `readAt`. */
export function markMineRead(queryClient: QueryClient, conversationId: string, readAt: string) {
  updateThread(queryClient, conversationId, (thread) => ({
    ...thread,
    pages: thread.pages.map((page) => ({
      ...page,
      messages: page.messages.map((m) => (m.mine && !m.readAt && m.sentAt <= readAt ? { ...m, readAt } : m)),
    })),
  }));
}

/** I read the other side's messages (this tab or another). */
export function markTheirsRead(queryClient: QueryClient, conversationId: string, readAt: string) {
  updateThread(queryClient, conversationId, (thread) => ({
    ...thread,
    pages: thread.pages.map((page) => ({
      ...page,
      messages: page.messages.map((m) => (!m.mine && !m.readAt && m.sentAt <= readAt ? { ...m, readAt } : m)),
    })),
  }));
  updateConversation(queryClient, conversationId, (c) => ({ ...c, unreadCount: 0 }));
}

export function setUnreadTotal(queryClient: QueryClient, unread: number) {
  queryClient.setQueryData(UNREAD_KEY, { unread });
}
