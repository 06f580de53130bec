import { useSyncExternalStore, type MouseEvent } from "react";
import { useLocation, useNavigate, type Location } from "react-router";

/**
 * Optional router state for a link from the search to a profile. Back to Search reads the search
 * from the browser's history where it can; with this state it knows in every browser:
 *
 *   <Link to={profileHref} state={fromSearchState(location)}>View Profile</Link>
 */
export interface FromSearchState {
  /** The search page's path and query at the moment the profile was opened. */
  from: string;
}

export function fromSearchState(location: Pick<Location, "pathname" | "search">): FromSearchState {
  return { from: `${location.pathname}${location.search}` };
}

function searchPathFromState(state: unknown): string | null {
  const from = (state as Partial<FromSearchState> | null)?.from;
  return typeof from === "string" && (from === "/find-teachers" || from.startsWith("/find-teachers?")) ? from : null;
}

/**
 * The page before this one in the tab's history, where the browser tells (the Navigation API:
 * Chromium-based browsers, recent Firefox and Safari); null elsewhere.
 */
function previousPagePath(): string | null {
  const navigation = (window as { navigation?: { currentEntry?: { index: number } | null; entries?: () => { url: string | null }[] } })
    .navigation;
  const index = navigation?.currentEntry?.index;
  if (!navigation?.entries || index === undefined || index < 1) return null;
  const url = navigation.entries()[index - 1]?.url;
  if (!url) return null;
  const previous = new URL(url);
  return previous.origin === window.location.origin ? `${previous.pathname}${previous.search}` : null;
}

/** The tab's history changes only by navigations, which render this page anew. */
const ignoreChanges = () => () => {};

/**
 * Back to Search: when the page before the profile was the search, one step back returns to it
 * exactly as it was (filters, results loaded, scroll); otherwise (a shared link, a direct visit)
 * a link to the search, keeping the student being booked for (`?studentId=`). The search is known
 * from the link's router state (`fromSearchState`) or from the browser's own history.
 */
export function useBackToSearch(): { href: string; onClick: ((event: MouseEvent<HTMLAnchorElement>) => void) | undefined } {
  const location = useLocation();
  const navigate = useNavigate();
  // The history is the browser's: a page rendered by the server has none, and hydration starts from
  // the server's answer (null) before reading the browser's.
  const previousPage = useSyncExternalStore(ignoreChanges, previousPagePath, () => null);
  const fromSearch = searchPathFromState(location.state) ?? searchPathFromState({ from: previousPage });
  const studentId = new URLSearchParams(location.search).get("studentId");
  const href = fromSearch ?? (studentId ? `/find-teachers?studentId=${encodeURIComponent(studentId)}` : "/find-teachers");
  // "default" is the first entry of this tab's app history: there is nothing to go back to.
  const canGoBack = fromSearch !== null && location.key !== "default";
  const onClick = canGoBack
    ? (event: MouseEvent<HTMLAnchorElement>) => {
        // A modified click (new tab, new window) follows the href as usual.
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
        event.preventDefault();
        void navigate(-1);
      }
    : undefined;
  return { href, onClick };
}
