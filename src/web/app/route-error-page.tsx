import { Link } from "react-router";
import { Button, buttonClasses } from "../components/ui/button";

/**
 * The router's error element: a page failed to render or its code could not be loaded (most often
 * a chunk of an older build after a deploy). Reloading fetches the current build; Home is a way out.
 * It uses nothing but the router, so it still shows when the layout itself is what broke.
 */
export function RouteErrorPage() {
  return (
    <main className="mx-auto flex w-full max-w-lg flex-1 flex-col items-center justify-center px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Something went wrong</h1>
      <p className="mt-3 text-slate-600">
        This page could not be shown. The app may have been updated since you opened it; trying again usually fixes it.
      </p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <Button onClick={() => window.location.reload()}>Try again</Button>
        <Link to="/" className={buttonClasses("secondary")}>
          Home
        </Link>
      </div>
    </main>
  );
}
