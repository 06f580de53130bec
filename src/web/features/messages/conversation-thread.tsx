import { useCallback, useState } from "react";
import { cannotTeachText } from "../../../shared/lessons/teacher-gone.rules";
import { SEND_BLOCKED_MESSAGE, type ConversationSummary } from "../../../shared/messages/messages.api";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { errorMessage } from "../../lib/api";
import { MESSAGE_MAX_LENGTH } from "../../../shared/messages/messages.schemas";
import { showsAuthors } from "../../../shared/messages/messages.rules";
import { LoadError } from "./load-error";
import { MessageComposer } from "./message-composer";
import { MessageList } from "./message-list";
import { useSetBlock } from "./use-block";
import { useMarkReadWhileOpen, useSendMessage, useThread } from "./use-messages";

/** An open conversation: its history (older pages on scroll up), read receipts and the composer. */
export function ConversationThread({ conversation, autoFocus = false }: { conversation: ConversationSummary; autoFocus?: boolean }) {
  const thread = useThread(conversation.id);
  const send = useSendMessage(conversation.id);
  const newestUnread = thread.messages.findLast((m) => !m.mine && m.readAt === null);
  useMarkReadWhileOpen(conversation.id, newestUnread?.id ?? null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = thread;
  const loadOlder = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const withAuthors = showsAuthors(
    conversation.guardians.length,
    thread.messages.filter((m) => m.senderRole === "parent").map((m) => m.senderUserId),
  );

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
          showAuthors={withAuthors}
          myRole={conversation.myRole}
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
        ) : conversation.other.deleted ? (
          <p className="pb-3 text-sm text-slate-600">This account was deleted, so no new messages can be sent here.</p>
        ) : conversation.other.unavailable ? (
          <p className="pb-3 text-sm text-slate-600">
            {conversation.other.role === "teacher" ? cannotTeachText(conversation.other.firstName) : `${conversation.other.firstName || conversation.other.name} can no longer use Music Lessons`}, so
            no new messages can be sent here.
          </p>
        ) : conversation.blockedByMe ? (
          <BlockedByMe conversation={conversation} />
        ) : (
          <p className="pb-3 text-sm text-slate-600">{SEND_BLOCKED_MESSAGE}</p>
        )}
        {conversation.canSend ? <BlockButton conversation={conversation} /> : null}
      </div>
    </div>
  );
}

/** The blocker's side: who they blocked, that nobody can send, and Unblock. */
function BlockedByMe({ conversation }: { conversation: ConversationSummary }) {
  const unblock = useSetBlock(conversation.id);
  return (
    <div className="space-y-2 pb-3">
      <p className="text-sm text-slate-700">
        <span className="font-medium">
          {/* Issue 45: a guardian's block is the household's, whichever guardian made it. */}
          {conversation.myRole === "parent" && conversation.guardians.length > 1 ? "Your household" : "You"} blocked {conversation.other.name}.
        </span>{" "}
        Neither of you can send messages here, and you get no emails about this conversation, until you unblock them.
      </p>
      <Button variant="secondary" size="sm" disabled={unblock.isPending} onClick={() => unblock.mutate(false)}>
        {unblock.isPending ? "Unblocking..." : "Unblock"}
      </Button>
      {unblock.isError ? <Alert>{errorMessage(unblock.error, "Failed to unblock. Please try again.")}</Alert> : null}
    </div>
  );
}

/** Block {name}, asked once more before it happens. */
function BlockButton({ conversation }: { conversation: ConversationSummary }) {
  const [confirming, setConfirming] = useState(false);
  const block = useSetBlock(conversation.id);
  const name = conversation.other.firstName || conversation.other.name;
  if (!confirming) {
    return (
      <div className="flex justify-end pb-1">
        <Button variant="link" size="sm" className="text-xs text-slate-500" onClick={() => setConfirming(true)}>
          Block {name}
        </Button>
      </div>
    );
  }
  return (
    <div className="space-y-2 pb-3" role="group" aria-label={`Block ${name}`}>
      <p className="text-sm text-slate-700">
        Block {name}? Neither of you will be able to send messages here, and no emails about this conversation will be sent. You can unblock
        them later.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="danger" size="sm" disabled={block.isPending} onClick={() => block.mutate(true, { onSuccess: () => setConfirming(false) })}>
          {block.isPending ? "Blocking..." : `Block ${name}`}
        </Button>
        <Button variant="secondary" size="sm" autoFocus disabled={block.isPending} onClick={() => setConfirming(false)}>
          Cancel
        </Button>
      </div>
      {block.isError ? <Alert>{errorMessage(block.error, "Failed to block. Please try again.")}</Alert> : null}
    </div>
  );
}
