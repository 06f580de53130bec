import { Link } from "react-router";
import { buttonClasses } from "../components/ui/button";

export function Component() {
  return (
    <main className="mx-auto flex w-full max-w-lg flex-1 flex-col items-center justify-center px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Page Not Found</h1>
      <p className="mt-3 text-slate-600">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className={`${buttonClasses("primary")} mt-6`}>
        Home
      </Link>
    </main>
  );
}
