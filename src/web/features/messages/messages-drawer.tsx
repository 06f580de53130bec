import { ExternalLink } from "lucide-react";
import { Link } from "react-router";
import { Alert } from "../../components/ui/alert";
import { Dialog, SheetContent } from "../../components/ui/dialog";
import { errorMessage } from "../../lib/api";
import { ConversationThread } from "./conversation-thread";
import { useOpenConversation, type MessageTarget } from "./use-messages";

/**
 * The Messages side drawer (spec section 2): the conversation for a Message button (the profile,
 * the student page, the class page), read and answered without leaving the page.
 */
export function MessagesDrawer({
  target,
  title,
  open,
  onOpenChange,
}: {
  target: MessageTarget;
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <SheetContent title={title}>{open ? <DrawerBody target={target} /> : null}</SheetContent>
    </Dialog>
  );
}

function DrawerBody({ target }: { target: MessageTarget }) {
  const conversation = useOpenConversation(target, true);
  if (conversation.isPending) {
    return (
      <p role="status" className="p-6 text-sm text-slate-600">
        Opening the conversation...
      </p>
    );
  }
  if (conversation.isError) {
    return (
      <div className="p-4">
        <Alert>{errorMessage(conversation.error, "Failed to open the conversation")}</Alert>
      </div>
    );
  }
  return (
    <>
      <Link
        to={`/messages/${conversation.data.id}`}
        className="flex items-center gap-1.5 border-b border-slate-100 px-4 py-2 text-sm font-medium text-brand-700 hover:underline"
      >
        <ExternalLink aria-hidden className="size-4" />
        Open in Messages
      </Link>
      <ConversationThread conversation={conversation.data} autoFocus />
    </>
  );
}
