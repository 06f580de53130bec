import type { ReactNode } from "react";
import { Link } from "react-router";
import { waitingTime } from "../../../shared/operator/waiting-time.rules";
import { Alert } from "../../components/ui/alert";
import { Spinner } from "../../components/ui/spinner";
import { errorMessage } from "../../lib/api";
import { FindAccountForm } from "./accounts/find-account-form";
import { useOperatorOverview } from "./use-operator";

/** /operator for a signed-in operator: what waits for the team, and how busy the marketplace was. */
export function Component() {
  const overview = useOperatorOverview();
  return (
    <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Operator desk</h1>
      {overview.isPending ? (
        <div className="mt-6">
          <Spinner label="Loading the figures..." />
        </div>
      ) : overview.isError ? (
        <Alert className="mt-6">{errorMessage(overview.error, "The figures could not be loaded. Please try again.")}</Alert>
      ) : (
        <>
          <section aria-labelledby="waiting-heading" className="mt-6">
            <h2 id="waiting-heading" className="text-lg font-semibold text-slate-900">
              Waiting for the team
            </h2>
            <ul className="mt-3 grid gap-3 sm:grid-cols-3">
              <Figure
                label="Applications waiting for review"
                value={overview.data.applicationsWaiting}
                note={
                  overview.data.oldestWaitingSince
                    ? `The oldest has waited ${waitingTime(new Date(overview.data.oldestWaitingSince), new Date())}.`
                    : "Nothing waiting."
                }
                link={{ to: "/operator/applications", label: "Review applications" }}
              />
              <Figure label="Open reports" value={overview.data.openReports} link={{ to: "/operator/reports", label: "See reports" }} />
              <Figure label="Suspended accounts" value={overview.data.suspendedAccounts} link={{ to: "/operator/audit", label: "See the audit trail" }} />
            </ul>
          </section>
          <section aria-labelledby="accounts-heading" className="mt-8 max-w-xl">
            <h2 id="accounts-heading" className="text-lg font-semibold text-slate-900">
              Accounts
            </h2>
            <div className="mt-3">
              <FindAccountForm />
            </div>
          </section>
          <section aria-labelledby="activity-heading" className="mt-8">
            <h2 id="activity-heading" className="text-lg font-semibold text-slate-900">
              Activity in the last 7 days
            </h2>
            <ul className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-5">
              <Figure label="New parents" value={overview.data.signUps.parents} />
              <Figure label="New teachers" value={overview.data.signUps.teachers} />
              <Figure label="Booking requests" value={overview.data.bookingRequests} />
              <Figure label="Lessons held" value={overview.data.lessons} />
              <Figure label="Messages sent" value={overview.data.messages} />
            </ul>
          </section>
        </>
      )}
    </main>
  );
}

function Figure({ label, value, note, link }: { label: string; value: number; note?: string; link?: { to: string; label: string } }) {
  let extra: ReactNode = null;
  if (note || link) {
    extra = (
      <div className="mt-2 space-y-1 text-sm">
        {note ? <p className="text-slate-600">{note}</p> : null}
        {link ? (
          <Link to={link.to} className="font-medium text-brand-700 underline-offset-4 hover:underline">
            {link.label}
          </Link>
        ) : null}
      </div>
    );
  }
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <p className="text-sm text-slate-700">{label}</p>
      <p className="mt-1 text-3xl font-bold text-slate-900" data-testid={`figure-${label}`}>
        {value}
      </p>
      {extra}
    </li>
  );
}
