/** What public/early-clicks.js leaves on window: the button tapped before the app could answer, if any. */
interface HeldClicks {
  release: () => HTMLButtonElement | null;
}

/**
 * Stops holding taps (public/early-clicks.js) and replays the last one held, now that React answers
 * them: the button is the server's element, kept by the hydration, so its handler runs as if the
 * tap came now. A button that is gone or disabled meanwhile is not pressed.
 */
export function replayHeldClick(): void {
  const held = release();
  if (held?.isConnected && !held.disabled) held.click();
}

/** Stops holding taps and forgets any held: for a page the app renders from scratch (none of its buttons were the server's). */
export function dropHeldClicks(): void {
  release();
}

const release = () => (window as { __heldClicks?: HeldClicks }).__heldClicks?.release() ?? null;
