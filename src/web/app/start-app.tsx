import { hydrate } from "@tanstack/react-query";
import { startTransition, StrictMode } from "react";
import { createRoot, hydrateRoot, type HydrationOptions, type Root } from "react-dom/client";
import { createBrowserRouter, matchRoutes, type DataRouter, type RouteObject } from "react-router";
import { dropHeldClicks, replayHeldClick } from "../lib/held-clicks";
import { ServerPageHydrated, startHydratingServerPage } from "../lib/server-html";
import { readSsrState } from "../ssr/ssr-state";
import { Providers } from "./providers";
import { makeQueryClient } from "./query-client";
import { appRoutes } from "./router";

/**
 * Starts the app in `container`. A page the server rendered (ssr/entry-server.tsx) is hydrated: its
 * route modules are loaded first (the page named them as modulepreload, so they are on their way)
 * and the server's query answers put in the cache, so the first render here is the tree the HTML
 * shows and React keeps the server's elements. Every other page is rendered from scratch.
 */
export async function startApp(container: HTMLElement, options: Pick<HydrationOptions, "onRecoverableError"> = {}): Promise<{ root: Root; router: DataRouter; hydrated: boolean }> {
  const state = readSsrState(container.ownerDocument);
  // The app's modules were evaluated in this task (React DOM, the router...): what follows gets its own.
  if (state) await yieldToMain();
  const queryClient = makeQueryClient();
  const routes = appRoutes(queryClient);
  if (state) {
    hydrate(queryClient, state.queries);
    await loadLazyMatches(routes, container.ownerDocument.location);
    // The route module was evaluated in this task: the router and the hydration get tasks of their own.
    await yieldToMain();
  }
  const router = createBrowserRouter(routes, state ? { hydrationData: state.router } : {});
  const providers = <Providers queryClient={queryClient} router={router} />;
  // Around the app, not beside it: a sibling would change every useId and the server's ids would not match.
  // A tap held before the app could answer it (public/early-clicks.js) is replayed on the hydrated
  // button; a page rendered here from scratch has no button of the server's to replay it on.
  const app = <StrictMode>{state ? <ServerPageHydrated onHydrated={replayHeldClick}>{providers}</ServerPageHydrated> : providers}</StrictMode>;
  if (state) {
    await yieldToMain();
    startHydratingServerPage();
    // As a transition, the hydration yields to the browser every few milliseconds instead of holding
    // the main thread for the whole page (a phone's Total Blocking Time, issue 43); a tap meanwhile
    // makes React finish it at once and then handles the tap.
    let root!: Root;
    startTransition(() => {
      root = hydrateRoot(container, app, options);
    });
    return { root, router, hydrated: true };
  }
  dropHeldClicks();
  const root = createRoot(container, options);
  root.render(app);
  return { root, router, hydrated: false };
}

/** Ends the current task, so the main thread can paint and answer input before the next step. */
function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}

/** React Router's recipe for hydrating lazy routes: resolve the matched ones before the router is made. */
async function loadLazyMatches(routes: RouteObject[], location: Location) {
  const lazyMatches = (matchRoutes(routes, location) ?? []).filter((m) => typeof m.route.lazy === "function");
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      const module = await (route.lazy as () => Promise<Partial<RouteObject>>)();
      Object.assign(route, { ...module, lazy: undefined });
    }),
  );
}
