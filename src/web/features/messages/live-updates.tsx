import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useMe } from "../auth/use-me";

/**
 * Mounted once in the app frame: while someone is signed in, this tab holds one live stream
 * (/api/live); signing out (the user becomes null) closes it. The stream's code is fetched only
 * for a signed-in user, so visitors never download it.
 */
export function LiveUpdates() {
  const queryClient = useQueryClient();
  const me = useMe().data;
  // Only a parent or a teacher has a stream: an operator (no role) signed in on a marketplace page
  // would be refused by /api/live and retry forever.
  const userId = me?.role ? (me.user?.id ?? null) : null;

  useEffect(() => {
    if (!userId || typeof EventSource === "undefined") return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    void import("./live-stream").then(({ startLiveStream }) => {
      if (!cancelled) stop = startLiveStream(queryClient, userId);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [queryClient, userId]);

  return null;
}
