// A tap on a button of a page the server rendered, made before the app has loaded and hydrated it
// (a phone on a slow network shows the page seconds before its JavaScript runs), is held by
// public/early-clicks.js and replayed here once the button works, instead of being lost (issue 43).
// Links, and forms with an action (the hero's search), work without the app and are left alone.
// early-clicks.js is a classic script in public/ (CSP script-src 'self'), loaded with `defer`
// before the app's module script, so it runs as soon as the page is parsed; it is kept tiny (it is
// sent uncompressed).

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
