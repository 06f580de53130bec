import { useMutation, useQueryClient } from "@tanstack/react-query";
import { MessageSquare } from "lucide-react";
import { Navigate } from "react-router";
import type { ConversationSummary } from "../../../shared/messages/messages.api";
import { Button, type ButtonSize } from "../../components/ui/button";
import { api, call, errorMessage } from "../../lib/api";
import { conversationKey } from "./messages-keys";

/**
 * The teacher's "Message …" for the family of a student they teach (My Students, a request, a
 * lesson): the server opens the one conversation of the teacher and that family, or returns the
 * one that exists, and the thread opens at /messages/:conversationId. The server decides who may
 * be written to (no cold outreach); its refusal is shown beside the button.
 */
export function MessageFamilyButton({ studentId, label, size = "sm" }: { studentId: string; label: string; size?: ButtonSize }) {
  const queryClient = useQueryClient();
  const open = useMutation({
    mutationFn: (): Promise<ConversationSummary> => call(api.messages.conversations.family.$post({ json: { studentId } })),
    // The thread page reads it from the cache at once.
    onSuccess: (conversation) => queryClient.setQueryData(conversationKey(conversation.id), conversation),
  });
  // Navigating by rendering: the button itself needs no router until it has somewhere to go.
  if (open.isSuccess) return <Navigate to={`/messages/${open.data.id}`} />;
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <Button variant="secondary" size={size} disabled={open.isPending} onClick={() => open.mutate()}>
        <MessageSquare aria-hidden className="size-4" />
        {label}
      </Button>
      {open.isError ? (
        <span role="alert" className="text-sm text-red-700">
          {errorMessage(open.error, "Could not open the conversation. Please try again.")}
        </span>
      ) : null}
    </span>
  );
}

/** "Message Mia's family": a request or a lesson names the student, not the parent. */
export const familyLabel = (studentFirstName: string) => `Message ${studentFirstName}'s family`;
