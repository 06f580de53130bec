import { useEffect, useRef } from "react";
import type { ConversationRole, MessageDTO } from "../../../shared/messages/messages.api";
import { ReportButton } from "../reports/report-button";
import { cn } from "../../lib/cn";
import { formatMessageTime } from "./format-message-time";
import { useKeepScroll } from "./use-keep-scroll";

const RUN_GAP_MS = 5 * 60_000;

/**
 * The history, oldest at the top. Reaching the top loads the page before it (no button to press);
 * the scroll position stays put while it arrives. Text is rendered as text: React escapes it, and
 * line breaks the sender typed are kept by `whitespace-pre-wrap`.
 *
 * Issue 45: with `showAuthors` (a household of several guardians, messages.rules showsAuthors),
 * each run of someone else's messages starts with its author's name, and another guardian's
 * messages are tinted apart from the teacher's; a two-person chat stays as it was.
 */
export function MessageList({
  messages,
  otherFirstName,
  showAuthors = false,
  myRole,
  hasOlder,
  loadingOlder,
  onLoadOlder,
}: {
  messages: MessageDTO[];
  otherFirstName: string;
  showAuthors?: boolean;
  /** The viewer's side: another guardian's messages (same side, not mine) are told apart. */
  myRole?: ConversationRole;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const top = useRef<HTMLDivElement>(null);
  const last = messages.at(-1);
  const onScroll = useKeepScroll(scroller, messages[0]?.id, last?.id, last?.mine ?? false);
  const lastRead = messages.findLast((m) => m.mine && m.readAt !== null);
  // The time shows once under each run of messages one person sent within a few minutes (and the
  // author's name, when shown, once above it).
  const sameRun = (a: MessageDTO, b: MessageDTO) =>
    a.mine === b.mine && a.senderUserId === b.senderUserId && Date.parse(b.sentAt) - Date.parse(a.sentAt) <= RUN_GAP_MS;
  const endsRun = (i: number) => {
    const next = messages[i + 1];
    return !next || !sameRun(messages[i]!, next);
  };
  const startsRun = (i: number) => {
    const previous = messages[i - 1];
    return !previous || !sameRun(previous, messages[i]!);
  };
  const authorOf = (m: MessageDTO) => (showAuthors ? m.senderName : otherFirstName);

  useEffect(() => {
    const root = scroller.current;
    const target = top.current;
    if (!root || !target || !hasOlder || loadingOlder) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && onLoadOlder(), {
      root,
      rootMargin: "200px 0px 0px 0px",
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasOlder, loadingOlder, onLoadOlder]);

  return (
    <div
      ref={scroller}
      onScroll={onScroll}
      tabIndex={0}
      role="log"
      aria-label="Messages"
      className="min-h-0 flex-1 overflow-y-auto px-4 py-4 [overflow-anchor:none] focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600/40"
    >
      <div ref={top} className="pb-2 text-center text-xs text-slate-500">
        {loadingOlder ? "Loading older messages..." : hasOlder ? null : messages.length ? `This is the start of your conversation with ${otherFirstName}.` : null}
      </div>
      {messages.length === 0 ? <p className="py-8 text-center text-sm text-slate-600">No messages yet. Say hello to {otherFirstName}!</p> : null}
      <ol>
        {messages.map((m, i) => (
          <li key={m.id} className={cn("flex flex-col", m.mine ? "items-end" : "items-start", endsRun(i) ? "mb-4 last:mb-0" : "mb-1")}>
            {showAuthors && !m.mine && startsRun(i) ? (
              <p aria-hidden className="mb-0.5 px-1 text-xs font-medium text-slate-600">
                {m.senderName}
              </p>
            ) : null}
            <p
              className={cn(
                "max-w-[85%] rounded-2xl px-3.5 py-2 text-sm leading-6 break-words whitespace-pre-wrap sm:max-w-[75%]",
                m.mine
                  ? "rounded-br-md bg-brand-600 text-white"
                  : showAuthors && myRole !== undefined && m.senderRole === myRole
                    ? "rounded-bl-md bg-brand-50 text-slate-900 ring-1 ring-brand-100 ring-inset"
                    : "rounded-bl-md bg-slate-100 text-slate-900",
              )}
            >
              <span className="sr-only">{m.mine ? "You: " : `${authorOf(m)}: `}</span>
              {m.removed ? <em>{m.text}</em> : m.text}
            </p>
            {!m.mine && !m.removed ? (
              <ReportButton targetKind="message" targetId={m.id} label={`Report this message from ${authorOf(m)}`} size="compact" className="h-7 text-xs text-slate-500" />
            ) : null}
            {endsRun(i) || m.id === lastRead?.id ? (
              <p className="mt-1 px-1 text-xs text-slate-500">
                <time dateTime={m.sentAt}>{formatMessageTime(m.sentAt)}</time>
                {m.id === lastRead?.id ? <span className="ml-2 font-medium text-slate-600">Read</span> : null}
              </p>
            ) : (
              <time dateTime={m.sentAt} className="sr-only">
                {formatMessageTime(m.sentAt)}
              </time>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
