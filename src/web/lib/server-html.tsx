import { useEffect, useState, type ReactNode } from "react";

/**
 * True while the browser hydrates the page the server rendered (start-app.tsx), from hydrateRoot
 * until the first commit's effects: the components rendered in that pass are the server's elements.
 */
let hydratingServerPage = false;

export function startHydratingServerPage(): void {
  hydratingServerPage = true;
}

/** Wraps a hydrated app once: its effect runs after the whole hydration has committed, then `onHydrated`. */
export function ServerPageHydrated({ children, onHydrated }: { children: ReactNode; onHydrated?: () => void }) {
  useEffect(() => {
    hydratingServerPage = false;
    onHydrated?.();
    // Once, after the hydration's commit: a later onHydrated is not a new hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return children;
}

// One object for every render: React compares __html strings, and "" never changes, so it never
// writes the element's innerHTML.
const KEEP_SERVER_CONTENT = { __html: "" };

/**
 * A part of a page the server rendered that does not change (a landing section, a footer, a
 * profile's text): the browser keeps the server's HTML as it is and React neither hydrates nor
 * renders what is inside (issue 43: hydrating static text was much of a phone's main-thread time
 * after the first paint). Anywhere else (the server's render, a page reached by a link inside the
 * app) the children render as usual. The content must not need JavaScript: no handlers, no state,
 * no router links (a plain `<a href>` still works, by loading the page).
 *
 * `data`: what the content is drawn from (a query's answer). While it is the object the page was
 * hydrated with, the server's HTML stays; once it changes (a review changed the teacher's rating),
 * the content is rendered anew from it.
 *
 * The wrapper is `display: contents` unless `className` says otherwise, so the children lay out as
 * the parent's own.
 */
export function ServerHtml({ children, data, className = "contents" }: { children: ReactNode; data?: unknown; className?: string }) {
  // Decided once per mounted instance: a later render (the page's state changing) keeps it.
  const [kept] = useState(() => (hydratingServerPage ? { data } : null));
  if (kept && Object.is(kept.data, data)) {
    return <div key="server" className={className} suppressHydrationWarning dangerouslySetInnerHTML={KEEP_SERVER_CONTENT} />;
  }
  return (
    <div key="client" className={className}>
      {children}
    </div>
  );
}
