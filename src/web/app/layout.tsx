import { useEffect } from "react";
import { Outlet, useSearchParams } from "react-router";
import { safeNextPath } from "../../shared/auth/next-path";
import { AccountSuspendedNotice, useSuspensionNotice } from "../features/auth/account-suspended-notice";
import { AuthDialogsProvider, useAuthDialogs } from "../features/auth/auth-dialogs";
import { useMe } from "../features/auth/use-me";
import { LiveUpdates } from "../features/messages/live-updates";
import { ReportTimeZone } from "../features/parents/report-time-zone";
import { TopBar } from "./top-bar";

export function AppLayout() {
  return (
    <AuthDialogsProvider>
      <div className="flex min-h-dvh flex-col">
      <a href="#content" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        Skip to content
      </a>
      <TopBar />
      <SignInForRedirect />
      <AccountSuspendedNotice />
      <LiveUpdates />
      <ReportTimeZone />
      <div id="content" className="flex flex-1 flex-col">
          <Outlet />
        </div>
      </div>
    </AuthDialogsProvider>
  );
}

/** A guard sent a signed-out visitor to `/?next=…`: open Sign In so they continue where they meant to go. */
function SignInForRedirect() {
  const [params, setParams] = useSearchParams();
  const { openSignIn } = useAuthDialogs();
  const me = useMe();
  const next = safeNextPath(params.get("next"));
  const signedOut = me.isSuccess && !me.data.user;
  // A suspended account's page says why first (AccountSuspendedNotice), not a bare Sign In.
  const suspended = useSuspensionNotice() !== null;
  useEffect(() => {
    if (!next || !signedOut) return;
    if (!suspended) openSignIn(next);
    params.delete("next");
    setParams(params, { replace: true });
  }, [next, signedOut, suspended, openSignIn, params, setParams]);
  return null;
}
