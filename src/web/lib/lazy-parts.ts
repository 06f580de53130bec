import { lazy, useState, type ComponentType } from "react";

/**
 * A component kept out of the first load: its chunk is fetched on first render (or earlier via
 * `preload`, e.g. on hover or when the browser is idle). Dialogs and menus that no first paint needs
 * go through this so the entry chunk stays small (issue 16: JS budget).
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  let pending: Promise<{ default: ComponentType<P> }> | null = null;
  const preload = () => (pending ??= load().then((component) => ({ default: component })));
  return Object.assign(lazy(preload), { preload });
}

/**
 * True from the first time `open` is true on. A lazy dialog mounts when it is first opened and then
 * stays mounted, so it behaves exactly as an eagerly rendered one afterwards (closing keeps its state).
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/** Fetches parts when the browser is idle after the first paint, so opening them later is instant. */
export function preloadWhenIdle(...parts: { preload: () => unknown }[]): () => void {
  const run = () => parts.forEach((p) => void p.preload());
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(run, { timeout: 5000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 2000);
  return () => window.clearTimeout(id);
}
