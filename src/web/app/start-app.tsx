import { hydrate } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot, hydrateRoot, type HydrationOptions, type Root } from "react-dom/client";
import { createBrowserRouter, matchRoutes, type DataRouter, type RouteObject } from "react-router";
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
  const app = (
    <StrictMode>
      <Providers queryClient={queryClient} router={router} />
    </StrictMode>
  );
  if (state) return { root: hydrateRoot(container, app, options), router, hydrated: true };
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
