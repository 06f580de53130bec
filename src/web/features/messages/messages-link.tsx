import { MessageSquare } from "lucide-react";
import { Link } from "react-router";
import { useUnreadTotal } from "./use-unread";

/** The top bar's way to /messages, with the unread count the live stream keeps current. */
export function MessagesLink() {
  const unread = useUnreadTotal().data ?? 0;
  const label = unread > 0 ? `Messages, ${unread} unread` : "Messages";
  return (
    <Link
      to="/messages"
      className="relative inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100"
    >
      {/* The name is text, not aria-label: tests find form fields by label, and "Messages" would contain "Age". */}
      <span className="sr-only">{label}</span>
      <MessageSquare aria-hidden className="size-5" />
      {unread > 0 ? (
        <span
          aria-hidden
          data-testid="unread-badge"
          className="absolute top-0.5 right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] leading-5 font-semibold text-white"
        >
          {unread > 99 ? "99+" : unread}
        </span>
      ) : null}
    </Link>
  );
}
