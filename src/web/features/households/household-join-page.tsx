import { useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import type { InvitationPreview } from "../../../shared/households/households.schemas";
import { Alert } from "../../components/ui/alert";
import { Button, buttonClasses } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { errorMessage } from "../../lib/api";
import { useAuthDialogs } from "../auth/auth-dialogs";
import { useMe, useRefreshMe } from "../auth/use-me";
import { formatDay } from "./household-dates";
import { JoinNewAccountForm } from "./join-new-account-form";
import { useAcceptInvitation, useInvitationPreview, useRefuseInvitation } from "./use-household";

/** What the invitee can do: accept signed in with the invited address, sign in with it, or make a login. */
function PendingInvitation({ token, preview }: { token: string; preview: InvitationPreview }) {
  const me = useMe();
  const refreshMe = useRefreshMe();
  const navigate = useNavigate();
  const { openSignIn } = useAuthDialogs();
  // The session first (the joined invitee is signed in now), so the parent-only page admits them.
  const joined = async () => {
    await refreshMe();
    await navigate("/settings/household");
  };
  const accept = useAcceptInvitation(joined);
  const refuse = useRefuseInvitation();
  const [refused, setRefused] = useState(false);
  if (refused) return <Alert tone="success">You refused the invitation. Nobody can join with this link now.</Alert>;
  const user = me.data?.user ?? null;
  const signedInAsInvitee = user !== null && user.email.toLowerCase() === preview.email;

  return (
    <div className="space-y-5">
      {me.isPending ? (
        <Spinner label="Loading..." />
      ) : signedInAsInvitee ? (
        <Button className="w-full" disabled={accept.isPending} onClick={() => accept.mutate(token)}>
          {accept.isPending ? "Joining..." : "Accept and join"}
        </Button>
      ) : user ? (
        <Alert tone="info">
          You are signed in as {user.email}. This invitation was sent to {preview.email}: sign out, then open this link again and sign in with that
          address.
        </Alert>
      ) : preview.accountExists ? (
        <Button className="w-full" onClick={() => openSignIn(`/household/join#${token}`, { role: "parent", email: preview.email })}>
          Sign in with {preview.email} to accept
        </Button>
      ) : (
        <JoinNewAccountForm token={token} email={preview.email} onJoined={joined} />
      )}
      {accept.error ? <Alert>{errorMessage(accept.error, "Failed to join the household")}</Alert> : null}
      <div className="border-t border-slate-200 pt-4">
        <p className="text-sm text-slate-600">Not for you, or you do not want to join?</p>
        <Button variant="secondaryDanger" size="sm" className="mt-2" disabled={refuse.isPending} onClick={() => refuse.mutate(token, { onSuccess: () => setRefused(true) })}>
          Refuse invitation
        </Button>
        {refuse.error ? <Alert className="mt-2">{errorMessage(refuse.error, "Failed to refuse the invitation")}</Alert> : null}
      </div>
    </div>
  );
}

/** /household/join#<secret> (issue 45): where the invitation email's link lands. The secret stays in the fragment. */
export function Component() {
  const { hash } = useLocation();
  const token = hash.length > 1 ? hash.slice(1) : null;
  const preview = useInvitationPreview(token);

  return (
    <main className="mx-auto w-full max-w-md flex-1 px-4 py-10">
      <h1 className="text-2xl font-bold text-slate-900">Join a household</h1>
      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        {!token ? (
          <Alert>This invitation link is not complete. Open the link from the email again, or ask for a new one.</Alert>
        ) : preview.isPending ? (
          <Spinner label="Loading the invitation..." />
        ) : preview.isError ? (
          <Alert>{errorMessage(preview.error, "Failed to load the invitation")}</Alert>
        ) : (
          <div className="space-y-5">
            <div>
              <p className="text-slate-900">
                <span className="font-semibold">{preview.data.inviterName ?? "A guardian"}</span> invited {preview.data.email} to join{" "}
                <span className="font-semibold">{preview.data.householdName}</span>.
              </p>
              <p className="mt-1 text-sm text-slate-600">
                Guardians share the family&apos;s children, lessons, requests, invoices and practice, each with their own login.
                {preview.data.status === "pending" ? ` The link works until ${formatDay(preview.data.expiresAt)}.` : ""}
              </p>
            </div>
            {preview.data.status === "pending" ? (
              <PendingInvitation token={token} preview={preview.data} />
            ) : (
              <div className="space-y-3">
                <Alert tone="info">{preview.data.closedMessage}</Alert>
                <Link to="/" className={buttonClasses("secondary", "md", "w-full")}>
                  Go to the home page
                </Link>
              </div>
            )}
          </div>
        )}
      </div>
    </main>
  );
}
