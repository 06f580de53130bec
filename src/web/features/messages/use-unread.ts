import { useQuery } from "@tanstack/react-query";
import type { UnreadTotal } from "../../../shared/messages/messages.api";
import { api, call } from "../../lib/api";
import { UNREAD_KEY } from "./messages-keys";

/** Unread messages across the signed-in user's conversations; the live stream keeps it current. */
export function useUnreadTotal() {
  return useQuery({
    queryKey: UNREAD_KEY,
    queryFn: (): Promise<UnreadTotal> => call(api.messages.unread.$get()),
    select: (data) => data.unread,
  });
}
