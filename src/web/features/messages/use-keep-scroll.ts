import { useCallback, useLayoutEffect, useRef, type RefObject } from "react";

/** Within this many pixels of the bottom, the reader counts as following the conversation. */
const NEAR_BOTTOM_PX = 80;

/**
 * Scroll behaviour of a chat history: it opens at the newest message; older messages loaded above
 * leave what the reader sees where it was (no jump); a new message at the bottom scrolls into view
 * when the reader was following along, or when it is their own. Browser scroll anchoring is off on
 * the element (overflow-anchor: none) so only this adjusts the position.
 */
export function useKeepScroll(ref: RefObject<HTMLElement | null>, firstId: string | undefined, lastId: string | undefined, lastIsMine: boolean) {
  const seen = useRef({ firstId: undefined as string | undefined, lastId: undefined as string | undefined, height: 0, top: 0, atBottom: true });

  const onScroll = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    seen.current.top = el.scrollTop;
    seen.current.height = el.scrollHeight;
    seen.current.atBottom = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
  }, [ref]);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const before = seen.current;
    const prepended = before.firstId !== undefined && before.firstId !== firstId && before.lastId === lastId;
    const appended = before.lastId !== lastId;
    if (prepended) el.scrollTop = before.top + (el.scrollHeight - before.height);
    else if (appended && (before.atBottom || lastIsMine || before.lastId === undefined)) el.scrollTop = el.scrollHeight;
    seen.current = { ...seen.current, firstId, lastId };
    onScroll();
  }, [ref, firstId, lastId, lastIsMine, onScroll]);

  return onScroll;
}
