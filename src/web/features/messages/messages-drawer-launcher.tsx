import { Suspense } from "react";
import { lazyPart, useOpenedOnce } from "../../lib/lazy-parts";
import type { MessageTarget } from "./use-messages";

// The drawer (the thread, the composer, the dialog primitives) is a chunk of its own, fetched when
// a Message button is first used, so the pages that offer one do not grow.
const MessagesDrawer = lazyPart(() => import("./messages-drawer").then((m) => m.MessagesDrawer));
export const preloadMessagesDrawer = () => void MessagesDrawer.preload();

/** Mounts the Messages drawer from its first opening on; the owner of the Message button holds `open`. */
export function MessagesDrawerLauncher(props: {
  target: MessageTarget;
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const mounted = useOpenedOnce(props.open);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <MessagesDrawer {...props} />
    </Suspense>
  );
}
