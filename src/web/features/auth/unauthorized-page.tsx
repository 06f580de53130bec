import { ShieldAlert } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "../../components/ui/button";
import { useMe } from "./use-me";

/** Access Denied (spec section 2): the message depends on whether a role is known. */
export function Component() {
  const me = useMe();
  const role = me.data?.role ?? null;
  return (
    <main className="mx-auto flex w-full max-w-lg flex-1 flex-col items-center justify-center px-4 py-16 text-center">
      <ShieldAlert aria-hidden className="mb-4 size-12 text-red-600" />
      <h1 className="text-2xl font-bold text-slate-900">Access Denied</h1>
      <p className="mt-3 text-slate-600">
        {role
          ? `This page is not available to ${role} accounts. You are signed in as a ${role}.`
          : "You don't have permission to view this page. Sign in with an account that has access."}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {role === "teacher" ? (
          <Link to="/teacher-landing" className={buttonClasses("primary")}>
            Go to Teacher Dashboard
          </Link>
        ) : (
          <Link to="/dashboard" className={buttonClasses("primary")}>
            Go to Dashboard
          </Link>
        )}
        <Link to="/" className={buttonClasses("secondary")}>
          Home
        </Link>
      </div>
    </main>
  );
}
