import { NavLink } from "react-router";
import type { ConversationSummary } from "../../../shared/messages/messages.api";
import { lastMessagePrefix } from "../../../shared/messages/messages.rules";
import { cn } from "../../lib/cn";
import { formatMessageTime } from "./format-message-time";
import { PersonAvatar } from "./person-avatar";

/** The inbox: newest conversation first, who it is with, the last message and how many are unread. */
export function ConversationList({ conversations, activeId }: { conversations: ConversationSummary[]; activeId: string | null }) {
  return (
    <ul className="divide-y divide-slate-100">
      {conversations.map((c) => (
        <li key={c.id}>
          <ConversationRow conversation={c} active={c.id === activeId} />
        </li>
      ))}
    </ul>
  );
}

function ConversationRow({ conversation: c, active }: { conversation: ConversationSummary; active: boolean }) {
  const about = c.context.class?.name ?? (c.context.student ? `About ${c.context.student.firstName}` : null);
  const preview = c.lastMessage ? `${lastMessagePrefix(c.lastMessage, c.guardians.length)}${c.lastMessage.text}` : "No messages yet";
  const unread = c.unreadCount > 0;
  return (
    <NavLink
      to={`/messages/${c.id}`}
      aria-current={active ? "page" : undefined}
      className={cn("flex items-start gap-3 px-4 py-3 transition-colors", active ? "bg-brand-50 hover:bg-brand-50" : "hover:bg-slate-50")}
    >
      <PersonAvatar person={c.other} />
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-2">
          <span className={cn("truncate text-slate-900", unread ? "font-bold" : "font-semibold")}>{c.other.name}</span>
          {c.lastMessageAt ? (
            <time dateTime={c.lastMessageAt} className="shrink-0 text-xs text-slate-600">
              {formatMessageTime(c.lastMessageAt)}
            </time>
          ) : null}
        </span>
        {about ? <span className="block truncate text-xs text-brand-700">{about}</span> : null}
        <span className="mt-0.5 flex items-center justify-between gap-2">
          <span className={cn("truncate text-sm", unread ? "font-medium text-slate-900" : "text-slate-600")}>{preview}</span>
          {unread ? (
            <span className="shrink-0 rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">
              {c.unreadCount}
              <span className="sr-only"> unread</span>
            </span>
          ) : null}
        </span>
      </span>
    </NavLink>
  );
}
