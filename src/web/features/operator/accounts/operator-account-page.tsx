import { useState } from "react";
import { Link, useParams } from "react-router";
import { REPORT_REASON_LABELS } from "../../../../shared/operator/operator.constants";
import type { OperatorAccountDTO } from "../../../../shared/operator/accounts.schemas";
import { AppError } from "../../../../shared/errors";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { AccountActionDialog } from "./account-action-dialog";
import { FindAccountForm } from "./find-account-form";
import { useOperatorAccount } from "./use-operator-account";
import { formatWhen } from "../reports/report-labels";


const ROLE_LABELS = { parent: "Parent", teacher: "Teacher", operator: "Operator" } as const;
const ACTION_LABELS: Record<OperatorAccountDTO["actions"][number]["action"], string> = {
  approve: "Approved",
  ask_for_changes: "Asked for changes",
  reject: "Rejected",
  dismiss: "Dismissed a report",
  close_report: "Closed a report",
  hide_review: "Hid a review",
  hide_message: "Removed a message",
  warn: "Warned",
  suspend: "Suspended",
  reinstate: "Reinstated",
};
const TARGET_LABELS = { teacher: "teacher profile", review: "review", message: "message" } as const;
const STATUS_LABELS = { open: "Open", dismissed: "Dismissed", actioned: "Acted on" } as const;

/** /operator/accounts/:userId (issue 27): who the account is, its history, and Suspend / Reinstate. */
export function Component() {
  const { userId = "" } = useParams();
  const account = useOperatorAccount(userId);
  return (
    <main className="mx-auto w-full max-w-4xl flex-1 px-4 py-8 sm:px-6">
      {account.isPending ? (
        <Spinner />
      ) : account.isError ? (
        account.error instanceof AppError && account.error.status === 404 ? (
          <NotFound />
        ) : (
          <Alert>Could not load the account. Please reload the page.</Alert>
        )
      ) : (
        <AccountView account={account.data} />
      )}
    </main>
  );
}

function NotFound() {
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Account not found</h1>
      <p className="mt-3 text-slate-600">No account has this id, or it was deleted.</p>
      <div className="mt-6 max-w-lg">
        <FindAccountForm />
      </div>
    </>
  );
}

function AccountView({ account }: { account: OperatorAccountDTO }) {
  const [dialog, setDialog] = useState<"suspend" | "reinstate" | null>(null);
  const isTeacher = account.roles.includes("teacher");
  const isOperator = account.roles.includes("operator");
  return (
    <>
      <p className="text-sm">
        <Link to="/operator" className="text-brand-700 underline-offset-4 hover:underline">
          Operator desk
        </Link>
      </p>
      <div className="mt-2 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="break-words text-2xl font-bold text-slate-900 sm:text-3xl">{account.name}</h1>
          <p className="mt-1 break-all text-slate-700">{account.email}</p>
          <p className="mt-1 text-sm text-slate-600">
            {account.roles.map((role) => ROLE_LABELS[role]).join(", ") || "No profile"} · joined {formatWhen(account.createdAt)}
            {isTeacher ? ` · ${account.teacherListed ? "listed in search" : "not listed in search"}` : ""}
          </p>
          {account.teacherId ? (
            <p className="mt-1 text-sm">
              <Link to={`/teacher/profile/${account.teacherId}`} className="text-brand-700 underline-offset-4 hover:underline">
                Public teacher profile
              </Link>
            </p>
          ) : null}
        </div>
        {isOperator ? null : account.suspension ? (
          <Button onClick={() => setDialog("reinstate")}>Reinstate</Button>
        ) : (
          <Button variant="danger" onClick={() => setDialog("suspend")}>
            Suspend
          </Button>
        )}
      </div>

      {account.suspension ? (
        <div className="mt-6">
          <Alert tone="info">
            <p className="font-medium">Suspended {formatWhen(account.suspension.suspendedAt)}{account.suspension.by ? ` by ${account.suspension.by}` : ""}.</p>
            <p className="mt-1 whitespace-pre-wrap break-words">Reason: {account.suspension.reason}</p>
          </Alert>
        </div>
      ) : null}

      <section aria-labelledby="reports-heading" className="mt-8">
        <h2 id="reports-heading" className="text-lg font-semibold text-slate-900">
          Reports about this account
        </h2>
        {account.reports.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No reports.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {account.reports.map((report) => (
              <li key={report.id} className="p-4">
                <p className="text-sm font-medium text-slate-900">
                  <Link to={`/operator/reports/${report.id}`} className="text-brand-700 underline-offset-4 hover:underline">
                    {REPORT_REASON_LABELS[report.reason]}
                  </Link>{" "}
                  <span className="font-normal text-slate-600">
                    · {TARGET_LABELS[report.targetKind]} · {STATUS_LABELS[report.status]} · {formatWhen(report.createdAt)}
                  </span>
                </p>
                {report.details ? <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-700">{report.details}</p> : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="actions-heading" className="mt-8">
        <h2 id="actions-heading" className="text-lg font-semibold text-slate-900">
          Operator actions
        </h2>
        {account.actions.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No actions yet.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {account.actions.map((entry) => (
              <li key={entry.id} className="p-4">
                <p className="text-sm font-medium text-slate-900">
                  {ACTION_LABELS[entry.action]}{" "}
                  <span className="font-normal text-slate-600">
                    · {formatWhen(entry.createdAt)} · <span className="break-all">{entry.operatorEmail}</span>
                  </span>
                </p>
                <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-700">{entry.reason}</p>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="find-heading" className="mt-10 max-w-lg">
        <h2 id="find-heading" className="sr-only">
          Find another account
        </h2>
        <FindAccountForm />
      </section>

      {dialog ? (
        <AccountActionDialog
          action={dialog}
          userId={account.userId}
          name={account.name}
          teacher={isTeacher}
          open
          onOpenChange={(open) => {
            if (!open) setDialog(null);
          }}
        />
      ) : null}
    </>
  );
}
