import type { DehydratedState } from "@tanstack/react-query";
import type { HydrationState } from "react-router";

/**
 * What a page rendered by the server hands to the browser so that its first render is the same
 * tree (hydrateRoot): the router's loader results and the queries the server already answered.
 * It travels as a JSON data block, not a script, so the Content-Security-Policy's `script-src 'self'`
 * has nothing to allow.
 */
export interface SsrState {
  router: HydrationState;
  queries: DehydratedState;
}

export const SSR_STATE_ID = "ssr-state";

/**
 * The data block's HTML. `<` is written as \u003c, so no text in the data (a teacher's bio with
 * `</script>` in it) can end the block early; JSON.parse reads it back unchanged.
 */
export function ssrStateScript(state: SsrState): string {
  const json = JSON.stringify(state).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
  return `<script type="application/json" id="${SSR_STATE_ID}">${json}</script>`;
}

/** The state the server wrote into this page, or null for a page rendered only in the browser. */
export function readSsrState(doc: Document): SsrState | null {
  const text = doc.getElementById(SSR_STATE_ID)?.textContent;
  return text ? (JSON.parse(text) as SsrState) : null;
}
