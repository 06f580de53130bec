// The landing pages rendered by React on the server (src/web/ssr/entry-server.tsx, built into
// dist/web-ssr by `npm run build`): the page's largest paint is in the HTML, so it shows before any
// JavaScript has loaded, and the browser hydrates it (src/web/main.tsx).
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Logger } from "pino";
import { loggablePath } from "./http/log-redaction";

export const WEB_SSR_DIST = fileURLToPath(new URL("../../dist/web-ssr", import.meta.url));

/** An API answer the page paints from, handed to the renderer (the renderer's PageData). */
export interface PageData {
  path: string;
  body: unknown;
}

export interface RenderedPage {
  html: string;
  state: string;
}

export type RenderPage = (url: string, data: PageData[]) => Promise<RenderedPage | null>;

interface RendererModule {
  renderPage: RenderPage;
}

/**
 * The built renderer, or null when there is none (no `npm run build` yet, or a build from before
 * it existed): the server then sends the pages unrendered, as for every other path. A page that
 * fails to render is logged and sent unrendered too: the browser renders it as it would any page.
 */
export async function loadPageRenderer(logger: Pick<Logger, "error" | "warn">, dir = WEB_SSR_DIST): Promise<RenderPage | null> {
  const file = path.join(dir, "entry-server.js");
  if (!existsSync(file)) return null;
  try {
    const { renderPage } = (await import(pathToFileURL(file).href)) as RendererModule;
    return async (url, data) => {
      try {
        return await renderPage(url, data);
      } catch (error) {
        // The path alone, as the request log writes it: a query may carry a token.
        logger.error({ err: error, path: loggablePath(new URL(url, "http://localhost").pathname) }, "rendering the page on the server failed; sending it for the browser to render");
        return null;
      }
    };
  } catch (error) {
    logger.warn({ err: error, file }, "the page renderer could not be loaded; pages are rendered in the browser only");
    return null;
  }
}

const APP_HTML = /<!--app-html-->[\s\S]*<!--\/app-html-->/;
const APP_STATE = "<!--app-state-->";

/** index.html with the rendered page in its root and the page's state after it. */
export function withRenderedPage(html: string, page: RenderedPage): string {
  return html.replace(APP_HTML, () => page.html).replace(APP_STATE, () => page.state);
}
