import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ConversationSummary } from "../../../shared/messages/messages.api";
import { api, call } from "../../lib/api";
import { CONVERSATIONS_KEY, conversationKey } from "./messages-keys";

/** Block or unblock the other side of a conversation (issue 27); the conversation's summary comes back. */
export function useSetBlock(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (blocked: boolean): Promise<ConversationSummary> => {
      const param = { param: { conversationId } };
      const block = api.messages.conversations[":conversationId"].block;
      return call(blocked ? block.$post(param) : block.$delete(param));
    },
    onSuccess: (summary) => {
      queryClient.setQueryData(conversationKey(conversationId), summary);
      queryClient.setQueryData<{ conversations: ConversationSummary[] }>(CONVERSATIONS_KEY, (list) =>
        list ? { conversations: list.conversations.map((c) => (c.id === summary.id ? summary : c)) } : list,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY }),
  });
}
