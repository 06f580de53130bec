import { useCallback } from "react";
import type { ConversationSummary } from "../../../shared/messages/messages.api";
import { MESSAGE_MAX_LENGTH } from "../../../shared/messages/messages.schemas";
import { LoadError } from "./load-error";
import { MessageComposer } from "./message-composer";
import { MessageList } from "./message-list";
import { useMarkReadWhileOpen, useSendMessage, useThread } from "./use-messages";

/** An open conversation: its history (older pages on scroll up), read receipts and the composer. */
export function ConversationThread({ conversation, autoFocus = false }: { conversation: ConversationSummary; autoFocus?: boolean }) {
  const thread = useThread(conversation.id);
  const send = useSendMessage(conversation.id);
  const newestUnread = thread.messages.findLast((m) => !m.mine && m.readAt === null);
  useMarkReadWhileOpen(conversation.id, newestUnread?.id ?? null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = thread;
  const loadOlder = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      {thread.isPending ? (
        <p role="status" className="flex-1 p-6 text-center text-sm text-slate-600">
          Loading messages...
        </p>
      ) : thread.isError ? (
        <div className="flex-1">
          <LoadError error={thread.error} fallback="Failed to load messages" onRetry={() => void thread.refetch()} />
        </div>
      ) : (
        <MessageList
          messages={thread.messages}
          otherFirstName={conversation.other.firstName || conversation.other.name}
          hasOlder={hasNextPage}
          loadingOlder={isFetchingNextPage}
          onLoadOlder={loadOlder}
        />
      )}
      <div className="border-t border-slate-200 bg-white px-4 pt-3 pb-1">
        {conversation.canSend ? (
          <MessageComposer
            key={conversation.id}
            label={`Message ${conversation.other.firstName || conversation.other.name}`}
            maxLength={MESSAGE_MAX_LENGTH}
            autoFocus={autoFocus}
            onSend={(text) => send.mutateAsync(text)}
          />
        ) : (
          <p className="pb-3 text-sm text-slate-600">This account was deleted, so no new messages can be sent here.</p>
        )}
      </div>
    </div>
  );
}
