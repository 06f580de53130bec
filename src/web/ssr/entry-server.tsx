// The server's renderer for the pages visitors land on (LANDING_PAGES): built by `vite build --ssr`
// into dist/web-ssr and loaded by the server (src/server/web-ssr.ts). It renders the same routes and
// components as the browser, so the page's largest paint (the landing hero, the search frame, the
// teacher's name) is in the HTML and needs no JavaScript; main.tsx then hydrates it.
import { dehydrate, QueryClientProvider, type QueryKey } from "@tanstack/react-query";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server.browser";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { matchRoutePath } from "../../shared/landing-pages";
import { makeQueryClient } from "../app/query-client";
import { appRoutes } from "../app/router";
import { publicProfileQueryKey } from "../features/teachers/profile/use-public-profile";
import { ssrStateScript } from "./ssr-state";

/** An API answer the server already has for the page (LANDING_PAGES' `data`): its path and JSON. */
export interface PageData {
  path: string;
  body: unknown;
}

/** The query each page-data API path fills, so the page renders with it as the browser would. */
const QUERY_OF_API_PATH: Record<string, (params: Record<string, string>) => QueryKey> = {
  "/api/teachers/:teacherId/public": (params) => publicProfileQueryKey(params.teacherId!),
};

export interface RenderedPage {
  /** The app's markup, for inside `<div id="root">`. */
  html: string;
  /** The data block main.tsx hydrates from, for after the root. */
  state: string;
}

/**
 * The page at `url` as HTML, or null when it is not one to render here (a redirect, a route that
 * failed to load): the server then sends the plain page and the browser renders it.
 */
export async function renderPage(url: string, data: PageData[] = []): Promise<RenderedPage | null> {
  const queryClient = makeQueryClient();
  for (const { path, body } of data) {
    for (const [apiPath, keyOf] of Object.entries(QUERY_OF_API_PATH)) {
      const params = matchRoutePath(apiPath, path);
      if (params) queryClient.setQueryData(keyOf(params), body);
    }
  }
  const handler = createStaticHandler(appRoutes(queryClient));
  const context = await handler.query(new Request(url));
  if (context instanceof Response || context.errors) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </QueryClientProvider>
    </StrictMode>,
  );
  const state = ssrStateScript({
    router: { loaderData: context.loaderData, actionData: context.actionData, errors: null },
    queries: dehydrate(queryClient),
  });
  queryClient.clear();
  return { html, state };
}
