import { useEffect } from "react";
import { Outlet, useSearchParams } from "react-router";
import { safeNextPath } from "../../shared/auth/next-path";
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
  useEffect(() => {
    if (!next || !signedOut) return;
    openSignIn(next);
    params.delete("next");
    setParams(params, { replace: true });
  }, [next, signedOut, openSignIn, params, setParams]);
  return null;
}
