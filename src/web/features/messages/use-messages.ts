import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { ConversationList, ConversationSummary, MessageDTO, MessagePage, ReadReceipt } from "../../../shared/messages/messages.api";
import type { StartConversationInput, StartFamilyConversationInput } from "../../../shared/messages/messages.schemas";
import { api, call } from "../../lib/api";
import { CONVERSATIONS_KEY, conversationKey, threadKey, UNREAD_KEY } from "./messages-keys";
import { addMessage, markTheirsRead } from "./thread-cache";

/** The inbox, newest conversation first. */
export function useConversations() {
  return useQuery({
    queryKey: CONVERSATIONS_KEY,
    queryFn: (): Promise<ConversationList> => call(api.messages.conversations.$get()),
    select: (data) => data.conversations,
  });
}

export function useConversation(conversationId: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: conversationKey(conversationId),
    queryFn: (): Promise<ConversationSummary> => call(api.messages.conversations[":conversationId"].$get({ param: { conversationId } })),
    // The inbox already holds it: the thread opens at once, and the fetch only confirms it.
    initialData: () => queryClient.getQueryData<ConversationList>(CONVERSATIONS_KEY)?.conversations.find((c) => c.id === conversationId),
    initialDataUpdatedAt: () => queryClient.getQueryState(CONVERSATIONS_KEY)?.dataUpdatedAt,
    retry: false,
  });
}

/**
 * One conversation's messages, a page at a time, newest page first: the next page is the one
 * BEFORE (older), asked for when the reader scrolls up. `messages` is the loaded history oldest first.
 */
export function useThread(conversationId: string) {
  const query = useInfiniteQuery({
    queryKey: threadKey(conversationId),
    queryFn: ({ pageParam }): Promise<MessagePage> =>
      call(
        api.messages.conversations[":conversationId"].messages.$get({
          param: { conversationId },
          query: pageParam ? { before: pageParam } : {},
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    retry: false,
  });
  const messages = query.data ? oldestFirst(query.data) : [];
  return { ...query, messages };
}

function oldestFirst(thread: { pages: MessagePage[] }): MessageDTO[] {
  const seen = new Set<string>();
  const all: MessageDTO[] = [];
  for (let p = thread.pages.length - 1; p >= 0; p--) {
    const page = thread.pages[p]!.messages;
    for (let m = page.length - 1; m >= 0; m--) {
      const message = page[m]!;
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      all.push(message);
    }
  }
  return all;
}

export function useSendMessage(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string): Promise<MessageDTO> =>
      call(api.messages.conversations[":conversationId"].messages.$post({ param: { conversationId }, json: { text } })),
    onSuccess: (message) => addMessage(queryClient, message),
  });
}

/**
 * Marks the other side's messages read while the conversation is on screen and the tab is
 * visible: on opening it, when a message arrives, and when the reader comes back to the tab.
 * `newestUnreadId` is the newest message from the other side not read yet (null: none); each is
 * marked once, so a receipt that changes nothing cannot start a loop.
 */
export function useMarkReadWhileOpen(conversationId: string, newestUnreadId: string | null) {
  const queryClient = useQueryClient();
  const marked = useRef<string | null>(null);
  const { mutate } = useMutation({
    mutationFn: (): Promise<ReadReceipt> => call(api.messages.conversations[":conversationId"].read.$post({ param: { conversationId } })),
    onSuccess: (receipt) => {
      if (receipt.readAt) markTheirsRead(queryClient, conversationId, receipt.readAt);
      void queryClient.invalidateQueries({ queryKey: UNREAD_KEY });
    },
  });
  useEffect(() => {
    if (!newestUnreadId) return;
    const markIfVisible = () => {
      if (document.visibilityState !== "visible" || marked.current === newestUnreadId) return;
      marked.current = newestUnreadId;
      mutate();
    };
    markIfVisible();
    document.addEventListener("visibilitychange", markIfVisible);
    return () => document.removeEventListener("visibilitychange", markIfVisible);
  }, [newestUnreadId, mutate]);
}

/** Who a Message button writes to: a parent to a teacher, or a teacher to a class's or student's family. */
export type MessageTarget =
  | ({ kind: "teacher" } & StartConversationInput)
  | ({ kind: "family" } & StartFamilyConversationInput);

/**
 * The conversation for a Message button: the server opens it or returns the one that exists (one
 * per household and teacher), so asking again is harmless and this can be a query.
 */
export function useOpenConversation(target: MessageTarget, enabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ["messages", "open", target],
    queryFn: async (): Promise<ConversationSummary> => {
      const conversation = await call(
        target.kind === "teacher"
          ? api.messages.conversations.$post({ json: withoutKind(target) })
          : api.messages.conversations.family.$post({ json: withoutKind(target) }),
      );
      queryClient.setQueryData(conversationKey(conversation.id), conversation);
      return conversation;
    },
    enabled,
    retry: false,
    staleTime: Infinity,
  });
}

function withoutKind<T extends { kind: string }>({ kind: _kind, ...rest }: T): Omit<T, "kind"> {
  return rest;
}
