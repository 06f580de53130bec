import { hydrate } from "@tanstack/react-query";
import { StrictMode } from "react";
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
  const queryClient = makeQueryClient();
  const routes = appRoutes(queryClient);
  if (state) {
    hydrate(queryClient, state.queries);
    await loadLazyMatches(routes, container.ownerDocument.location);
  }
  const router = createBrowserRouter(routes, state ? { hydrationData: state.router } : {});
  const providers = <Providers queryClient={queryClient} router={router} />;
  // Around the app, not beside it: a sibling would change every useId and the server's ids would not match.
  // A tap held before the app could answer it (public/early-clicks.js) is replayed on the hydrated
  // button; a page rendered here from scratch has no button of the server's to replay it on.
  const app = <StrictMode>{state ? <ServerPageHydrated onHydrated={replayHeldClick}>{providers}</ServerPageHydrated> : providers}</StrictMode>;
  if (state) {
    startHydratingServerPage();
    return { root: hydrateRoot(container, app, options), router, hydrated: true };
  }
  dropHeldClicks();
  const root = createRoot(container, options);
  root.render(app);
  return { root, router, hydrated: false };
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
