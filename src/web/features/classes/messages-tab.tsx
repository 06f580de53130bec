import { MessageSquare } from "lucide-react";
import type { ClassDetail } from "../../../shared/classes/classes.api";
import { Button } from "../../components/ui/button";
import { preloadMessagesDrawer } from "../messages/messages-drawer-launcher";
import { classMessageTarget } from "./class-messages";

/** The class page's Messages tab (spec section 2): Start a Conversation opens the Messages drawer. */
export function MessagesTab({ detail, onStart }: { detail: ClassDetail; onStart: () => void }) {
  const messaging = classMessageTarget(detail);
  const other = detail.viewerRole === "teacher" ? `${detail.studentName ?? "your student"}'s family` : detail.teacherName;
  return (
    <section aria-labelledby="class-messages-heading" className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
      <h2 id="class-messages-heading" className="text-xl font-semibold text-slate-900">
        Messages
      </h2>
      {"reason" in messaging ? (
        <p className="mt-2 text-sm text-slate-600">{messaging.reason}</p>
      ) : (
        <>
          <p className="mt-2 max-w-prose text-sm text-slate-600">
            Write to {other} about this class. Replies appear in the conversation and in your Messages as soon as they are sent.
          </p>
          <Button className="mt-4" onClick={onStart} onPointerEnter={preloadMessagesDrawer} onFocus={preloadMessagesDrawer}>
            <MessageSquare aria-hidden className="size-4" />
            Start a Conversation
          </Button>
        </>
      )}
    </section>
  );
}
