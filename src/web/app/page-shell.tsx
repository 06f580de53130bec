import type { ReactNode } from "react";

/** Page frame with one h1; also the titled placeholder of screens that later issues build. */
export function PageShell({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
      {children ?? (
        <p className="mt-3 max-w-prose text-slate-600">This screen is being built and will be available soon.</p>
      )}
    </main>
  );
}

/** A lazy route module for a screen that is still a titled shell. */
export function shellRoute(title: string) {
  return () => Promise.resolve({ Component: () => <PageShell title={title} /> });
}
