import { useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { AUDIT_TARGET_LABELS, OPERATOR_ACTION_LABELS } from "../../../shared/operator/audit-labels";
import { AUDIT_TARGETS, type AuditTarget, type OperatorAction } from "../../../shared/operator/operator.constants";
import type { AuditEntryView } from "../../../shared/operator/operator.schemas";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { OptionsSelect } from "../../components/ui/form";
import { Input } from "../../components/ui/input";
import { Spinner } from "../../components/ui/spinner";
import { errorMessage } from "../../lib/api";
import { formatWhen } from "./reports/report-labels";
import { useAuditTrail, type AuditFilter } from "./use-operator";


/** Where an audit entry's target is shown on the desk (reviews and messages are seen through their report). */
function targetLink(kind: string, id: string): string | null {
  if (kind === "teacher") return `/operator/applications/${id}`;
  if (kind === "report") return `/operator/reports/${id}`;
  if (kind === "account") return `/operator/accounts/${id}`;
  return null;
}

/** What the filter shows, by name when the entries name it (issue 41); the id only when they cannot. */
function filterWords(filter: AuditFilter, first: AuditEntryView | undefined): string {
  if (filter.target) {
    const [kind = "", ...rest] = filter.target.split(":");
    const label = (AUDIT_TARGET_LABELS[kind as AuditTarget] ?? kind).toLowerCase();
    return `actions on the ${label} ${rest.join(":")}`;
  }
  if (first && first.subjectUserId === filter.subject && first.subjectName) {
    return `actions about ${first.subjectName}${first.subjectEmail ? ` (${first.subjectEmail})` : ""}`;
  }
  return `actions about account ${filter.subject ?? ""}`;
}

/**
 * /operator/audit: every operator action, newest first, filtered by what it was about
 * (`?target=kind:id`) or by the account concerned (`?subject=userId`). Nothing here edits it.
 */
export function Component() {
  const [params, setParams] = useSearchParams();
  const filter: AuditFilter = {
    ...(params.get("target") ? { target: params.get("target")! } : {}),
    ...(params.get("subject") ? { subject: params.get("subject")! } : {}),
  };
  const trail = useAuditTrail(filter);
  const entries = trail.data?.pages.flatMap((page) => page.entries) ?? [];
  const filtered = Boolean(filter.target || filter.subject);

  return (
    <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Audit trail</h1>
      <p className="mt-2 text-sm text-slate-700">Every action the team took, newest first. It cannot be changed or deleted.</p>
      <AuditFilterForm key={params.toString()} initial={filter} onApply={(next) => setParams(next, { replace: false })} />
      {filtered ? (
        <p className="mt-4 text-sm text-slate-700">
          Showing {filterWords(filter, entries[0])}.{" "}
          <Link to="/operator/audit" className="font-medium text-brand-700 underline-offset-4 hover:underline">
            Show all
          </Link>
        </p>
      ) : null}
      {trail.isPending ? (
        <div className="mt-6">
          <Spinner label="Loading the audit trail..." />
        </div>
      ) : trail.isError ? (
        <Alert className="mt-6">{errorMessage(trail.error, "The audit trail could not be loaded. Please try again.")}</Alert>
      ) : entries.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 text-slate-700">
          {filtered ? "No actions match this filter." : "No operator actions yet."}
        </p>
      ) : (
        <>
          <ol className="mt-6 space-y-3" aria-label="Operator actions, newest first">
            {entries.map((entry) => (
              <AuditRow key={entry.id} entry={entry} />
            ))}
          </ol>
          {trail.hasNextPage ? (
            <Button variant="secondary" className="mt-4" disabled={trail.isFetchingNextPage} onClick={() => void trail.fetchNextPage()}>
              {trail.isFetchingNextPage ? "Loading..." : "Show older actions"}
            </Button>
          ) : null}
          {trail.isFetchNextPageError ? <Alert className="mt-3">Older actions could not be loaded. Please try again.</Alert> : null}
        </>
      )}
    </main>
  );
}

function AuditRow({ entry }: { entry: AuditEntryView }) {
  const link = targetLink(entry.targetKind, entry.targetId);
  // Read by name (issue 41); the ids are on their own details line below.
  const target = AUDIT_TARGET_LABELS[entry.targetKind as AuditTarget] ?? entry.targetKind;
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="font-semibold text-slate-900">{OPERATOR_ACTION_LABELS[entry.action as OperatorAction] ?? entry.action}</p>
        <time dateTime={entry.createdAt} className="text-sm text-slate-600">
          {formatWhen(entry.createdAt)}
        </time>
      </div>
      <p className="mt-1 break-words text-sm text-slate-700">
        By {entry.operatorEmail} · on{" "}
        {link ? (
          <Link to={link} className="text-brand-700 underline underline-offset-4">
            {target}
          </Link>
        ) : (
          target
        )}
        {entry.subjectUserId ? (
          <>
            {" "}· account{" "}
            <Link to={`/operator/accounts/${entry.subjectUserId}`} className="text-brand-700 underline underline-offset-4">
              {entry.subjectName && entry.subjectEmail ? `${entry.subjectName} (${entry.subjectEmail})` : (entry.subjectEmail ?? "a deleted account")}
            </Link>
          </>
        ) : null}
        {entry.reportId && entry.targetKind !== "report" ? (
          <>
            {" "}· from{" "}
            <Link to={`/operator/reports/${entry.reportId}`} className="text-brand-700 underline underline-offset-4">
              its report
            </Link>
          </>
        ) : null}
      </p>
      <p className="mt-1 break-all text-xs text-slate-500" data-testid="audit-ids">
        Ids: {entry.targetKind} {entry.targetId}
        {entry.subjectUserId ? ` · account ${entry.subjectUserId}` : ""}
        {entry.reportId && entry.targetKind !== "report" ? ` · report ${entry.reportId}` : ""}
      </p>
      <p className="mt-2 whitespace-pre-wrap break-words text-sm text-slate-900">
        <span className="font-medium">Reason:</span> {entry.reason}
      </p>
    </li>
  );
}

function AuditFilterForm({ initial, onApply }: { initial: AuditFilter; onApply: (params: Record<string, string>) => void }) {
  const [kind, setKind] = useState(initial.target?.split(":")[0] ?? "");
  const [id, setId] = useState(initial.target?.split(":").slice(1).join(":") ?? "");
  const [subject, setSubject] = useState(initial.subject ?? "");
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (Boolean(kind) !== Boolean(id.trim())) {
      setProblem("Choose what the action was about and paste its id, or leave both empty.");
      return;
    }
    setProblem(null);
    onApply({
      ...(kind && id.trim() ? { target: `${kind}:${id.trim()}` } : {}),
      ...(subject.trim() ? { subject: subject.trim() } : {}),
    });
  };

  return (
    <form noValidate onSubmit={submit} className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" aria-label="Filter the audit trail">
      <div className="grid gap-3 sm:grid-cols-[12rem_1fr_1fr_auto] sm:items-end">
        <Field id="audit-kind" label="About">
          <OptionsSelect
            id="audit-kind"
            placeholder="Anything"
            options={AUDIT_TARGETS.map((value) => ({ value, label: AUDIT_TARGET_LABELS[value] }))}
            value={kind}
            onChange={(event) => setKind(event.target.value)}
          />
        </Field>
        <Field id="audit-id" label="Its id">
          <Input id="audit-id" value={id} onChange={(event) => setId(event.target.value)} autoComplete="off" />
        </Field>
        <Field id="audit-subject" label="Account id">
          <Input id="audit-subject" value={subject} onChange={(event) => setSubject(event.target.value)} autoComplete="off" />
        </Field>
        <Button type="submit">Filter</Button>
      </div>
      {problem ? <Alert className="mt-3">{problem}</Alert> : null}
    </form>
  );
}
