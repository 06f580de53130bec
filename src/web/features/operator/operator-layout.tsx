import { NavLink, Outlet } from "react-router";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { cn } from "../../lib/cn";
import { errorMessage } from "../../lib/api";
import { AppError } from "../../../shared/errors";
import { EnableTwoFactor } from "../auth/security/two-factor-dialog";
import { OperatorSignIn } from "./operator-sign-in";
import { operatorGate, useOperatorSession, useOperatorSignOut, useReopenDesk } from "./use-operator";

/** The desk's sections, in the nav and linked from the home page. */
export const OPERATOR_NAV = [
  { to: "/operator", label: "Home", end: true },
  { to: "/operator/applications", label: "Applications", end: false },
  { to: "/operator/reports", label: "Reports", end: false },
  { to: "/operator/audit", label: "Audit", end: false },
] as const;

/**
 * Every /operator page: the sign-in when nobody (or no operator) is signed in, the two-factor
 * setup while production requires it, else the desk's bar and the page.
 */
export function Component() {
  const session = useOperatorSession();
  const gate = operatorGate(session);
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <a href="#content" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        Skip to content
      </a>
      {gate === "open" ? <OperatorBar email={session.data!.email} /> : <PlainBar />}
      {gate === "loading" ? (
        <main id="content" className="flex flex-1 items-center justify-center">
          <Spinner />
        </main>
      ) : gate === "signed-out" ? (
        <SignedOut error={session.error} />
      ) : gate === "two-factor-setup" ? (
        <TwoFactorSetup />
      ) : gate === "error" ? (
        <main id="content" className="mx-auto w-full max-w-md flex-1 px-4 py-10">
          <h1 className="text-2xl font-bold text-slate-900">Operator desk</h1>
          <Alert className="mt-6">{errorMessage(session.error, "The desk could not be loaded. Please try again.")}</Alert>
        </main>
      ) : (
        <div id="content" className="flex flex-1 flex-col">
          <Outlet />
        </div>
      )}
    </div>
  );
}

function PlainBar() {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-14 max-w-6xl items-center px-4 sm:px-6">
        <span className="font-semibold text-slate-900">Music Lessons · Operator desk</span>
      </div>
    </header>
  );
}

function OperatorBar({ email }: { email: string }) {
  const signOut = useOperatorSignOut();
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2 sm:px-6">
        <span className="font-semibold text-slate-900">Operator desk</span>
        <nav aria-label="Operator desk" className="order-last -mx-1 flex w-full gap-1 overflow-x-auto sm:order-none sm:w-auto">
          {OPERATOR_NAV.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              end={item.end}
              className={({ isActive }) =>
                cn(
                  "shrink-0 rounded-lg px-3 py-2 text-sm font-medium",
                  isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100",
                )
              }
            >
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex min-w-0 items-center gap-2">
          <span className="hidden truncate text-sm text-slate-600 md:inline" title={email}>
            {email}
          </span>
          <Button variant="secondary" size="sm" disabled={signOut.isPending} onClick={() => signOut.mutate()}>
            Sign out
          </Button>
        </div>
      </div>
      {signOut.isError ? (
        <div className="mx-auto max-w-6xl px-4 pb-2 sm:px-6">
          <Alert>{errorMessage(signOut.error, "Sign out failed. Please try again.")}</Alert>
        </div>
      ) : null}
    </header>
  );
}

function SignedOut({ error }: { error: unknown }) {
  const expired = error instanceof AppError && error.reason === "operator_session_expired";
  return <OperatorSignIn notice={expired ? "Your session ended after 12 hours. Please sign in again." : undefined} />;
}

function TwoFactorSetup() {
  const reopen = useReopenDesk();
  return (
    <main id="content" className="mx-auto w-full max-w-md flex-1 px-4 py-10">
      <h1 className="text-2xl font-bold text-slate-900">Set up two-step sign-in</h1>
      <p className="mt-2 text-sm text-slate-700">
        Operators must use a code from an authenticator app as well as their password. Set it up once to open the desk.
      </p>
      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <EnableTwoFactor onEnabled={() => void reopen()} />
      </div>
    </main>
  );
}
