import { ArrowLeft, MessagesSquare } from "lucide-react";
import { Link, useParams } from "react-router";
import { AppError } from "../../../shared/errors";
import { CONVERSATION_NOT_FOUND_MESSAGE, type ConversationSummary } from "../../../shared/messages/messages.api";
import { joinNames } from "../../../shared/messages/messages.rules";
import { Alert } from "../../components/ui/alert";
import { buttonClasses } from "../../components/ui/button";
import { errorMessage } from "../../lib/api";
import { cn } from "../../lib/cn";
import { useMe } from "../auth/use-me";
import { ConversationList } from "./conversation-list";
import { ConversationThread } from "./conversation-thread";
import { LoadError } from "./load-error";
import { PersonAvatar } from "./person-avatar";
import { useConversation, useConversations } from "./use-messages";

/**
 * /messages and /messages/:conversationId (decisions.md section 2): the inbox beside the open
 * conversation; on a phone one screen at a time (the list, then the conversation with a back link).
 */
export function Component() {
  const { conversationId = null } = useParams();
  return (
    <main className="mx-auto flex h-[calc(100dvh-4rem)] w-full max-w-7xl flex-col sm:px-6 sm:py-6">
      <h1 className={cn("px-4 pt-4 text-2xl font-bold text-slate-900 sm:px-0 sm:pt-0 sm:text-3xl", conversationId && "sr-only md:not-sr-only")}>
        Messages
      </h1>
      <div className="mt-3 grid min-h-0 flex-1 overflow-hidden border-slate-200 bg-white sm:mt-4 sm:rounded-2xl sm:border md:grid-cols-[20rem_minmax(0,1fr)] lg:grid-cols-[24rem_minmax(0,1fr)]">
        <section
          aria-label="Conversations"
          className={cn("min-h-0 flex-col overflow-y-auto border-slate-200 md:flex md:border-r", conversationId ? "hidden" : "flex border-t sm:border-t-0")}
        >
          <Inbox activeId={conversationId} />
        </section>
        <section aria-label="Conversation" className={cn("min-h-0 flex-col md:flex", conversationId ? "flex" : "hidden")}>
          {conversationId ? <OpenConversation key={conversationId} conversationId={conversationId} /> : <NoneOpen />}
        </section>
      </div>
    </main>
  );
}

function Inbox({ activeId }: { activeId: string | null }) {
  const conversations = useConversations();
  const isParent = useMe().data?.role === "parent";
  if (conversations.isPending) return <p role="status" className="p-6 text-sm text-slate-600">Loading conversations...</p>;
  if (conversations.isError) {
    return <LoadError error={conversations.error} fallback="Failed to load conversations" onRetry={() => void conversations.refetch()} />;
  }
  if (conversations.data.length === 0) {
    return (
      <div className="p-6 text-sm text-slate-600">
        <p className="font-medium text-slate-900">No conversations yet.</p>
        <p className="mt-1">
          {isParent
            ? "Message a teacher from their profile, your student's page or a class."
            : "When a family writes to you, the conversation appears here."}
        </p>
        {isParent ? (
          <Link to="/find-teachers" className={buttonClasses("secondary", "sm", "mt-4")}>
            Find Teachers
          </Link>
        ) : null}
      </div>
    );
  }
  return <ConversationList conversations={conversations.data} activeId={activeId} />;
}

function NoneOpen() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-2 p-8 text-center text-slate-600">
      <MessagesSquare aria-hidden className="size-10 text-slate-300" />
      <p>Choose a conversation to read and reply.</p>
    </div>
  );
}

function OpenConversation({ conversationId }: { conversationId: string }) {
  const conversation = useConversation(conversationId);
  if (conversation.isPending) return <p role="status" className="p-6 text-sm text-slate-600">Loading conversation...</p>;
  if (conversation.isError) {
    const notFound = conversation.error instanceof AppError && conversation.error.code === "not_found";
    return (
      <div className="p-4">
        <BackToInbox />
        <Alert className="mt-3">{notFound ? CONVERSATION_NOT_FOUND_MESSAGE : errorMessage(conversation.error, "Failed to load the conversation")}</Alert>
      </div>
    );
  }
  return (
    <>
      <ConversationHeader conversation={conversation.data} />
      <ConversationThread conversation={conversation.data} />
    </>
  );
}

function ConversationHeader({ conversation: c }: { conversation: ConversationSummary }) {
  const about = c.context.class?.name ?? (c.context.student ? `About ${c.context.student.firstName}` : null);
  // Issue 45: a guardian sees who else in the household reads and writes here (the teacher's
  // header already names every guardian).
  const others = c.myRole === "parent" ? c.guardians.filter((g) => !g.isYou).map((g) => g.name) : [];
  const shared = others.length ? `Shared with ${joinNames(others)}` : null;
  const subtitle = [about, shared].filter(Boolean).join(" · ");
  return (
    <header className="flex items-center gap-3 border-b border-slate-200 px-4 py-3">
      <BackToInbox className="md:hidden" />
      <PersonAvatar person={c.other} size="sm" />
      <div className="min-w-0 flex-1">
        <h2 className="truncate font-semibold text-slate-900">{c.other.name}</h2>
        {subtitle ? <p className="truncate text-xs text-slate-600">{subtitle}</p> : null}
      </div>
      {c.other.teacherId ? (
        <Link to={`/teacher/profile/${c.other.teacherId}`} className="shrink-0 text-sm font-medium text-brand-700 hover:underline">
          View profile
        </Link>
      ) : null}
    </header>
  );
}

function BackToInbox({ className }: { className?: string }) {
  return (
    <Link
      to="/messages"
      aria-label="Back to conversations"
      className={cn("inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100", className)}
    >
      <ArrowLeft aria-hidden className="size-5" />
    </Link>
  );
}
