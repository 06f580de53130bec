import { CREDIT_REASON_LABELS, CREDIT_STEP_LABELS } from "../../../shared/lessons/credits.rules";
import { cannotTeachText } from "../../../shared/lessons/teacher-gone.rules";
import type { CreditEventDTO, CreditLedgerDTO } from "../../../shared/lessons/lessons.schemas";
import { Alert } from "../../components/ui/alert";
import { cn } from "../../lib/cn";
import { dateOnly } from "./lesson-labels";
import { useCredits, useTeacherCredits } from "./use-lessons";

const STATUS_CLASSES = {
  available: "bg-emerald-50 text-emerald-800",
  used: "bg-slate-100 text-slate-700",
  expired: "bg-slate-100 text-slate-700",
  voided: "bg-red-50 text-red-800",
} as const;
const STATUS_LABEL = { available: "Available", used: "Used", expired: "Expired", voided: "Voided" } as const;

/** The make-up credit ledger of the parent's students, per teacher: issued, used, expired, available, and each credit's history. */
export function CreditsPanel({ studentId }: { studentId?: string }) {
  const credits = useCredits();
  if (credits.isPending) return <p className="text-sm text-slate-600">Loading make-up credits...</p>;
  if (credits.isError) return <Alert>Failed to load make-up credits</Alert>;
  const ledgers = credits.data.ledgers.filter((l) => !studentId || l.student.id === studentId);
  if (ledgers.length === 0) {
    return <p className="text-sm text-slate-600">No make-up credits. Cancelling a lesson in good time (or a teacher's cancel) gives one.</p>;
  }
  return (
    <ul className="space-y-4" aria-label="Make-up credits">
      {ledgers.map((ledger) => {
        const teacherName = `${ledger.teacher.firstName} ${ledger.teacher.lastName}`.trim();
        return (
          <li key={`${ledger.student.id}:${ledger.teacher.id}`} className="space-y-2 text-sm">
            <p className="font-medium text-slate-900">
              {ledger.student.firstName} with {teacherName}: <span data-testid="credits-available">{ledger.summary.available}</span> available
            </p>
            <p className="text-slate-600">
              Issued {ledger.summary.issued} · used {ledger.summary.used} · expired {ledger.summary.expired}
              {ledger.summary.voided > 0 ? ` · voided ${ledger.summary.voided}` : ""}.{" "}
              {ledger.teacher.canTeach
                ? `Book a make-up lesson from ${ledger.teacher.firstName}'s profile.`
                : `${cannotTeachText(ledger.teacher.id ? ledger.teacher.firstName : null)}, so these credits can no longer be used.`}
            </p>
            <CreditList ledger={ledger} />
          </li>
        );
      })}
    </ul>
  );
}

/** One ledger's credits, each with its status and the steps of its history. */
export function CreditList({ ledger, timeZone }: { ledger: CreditLedgerDTO; timeZone?: string }) {
  return (
    <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
      {ledger.credits.map((credit) => (
        <li key={credit.id} className="space-y-1 px-3 py-2" data-testid="credit">
          <div className="flex items-center justify-between gap-3">
            <span className="text-slate-700">
              For the lesson of {dateOnly(credit.issuedForStartsAt, timeZone)}
              {credit.status === "available" ? ` · use by ${dateOnly(credit.expiresAt, timeZone)}` : ""}
            </span>
            <span className={cn("shrink-0 rounded-full px-2 py-0.5 text-xs font-medium", STATUS_CLASSES[credit.status])}>{STATUS_LABEL[credit.status]}</span>
          </div>
          {credit.history.length > 0 ? <CreditHistory history={credit.history} timeZone={timeZone} /> : null}
        </li>
      ))}
    </ul>
  );
}

/** "Mar 3, 2026: Given back: the teacher declined the request" — each step of one credit, oldest first. */
function CreditHistory({ history, timeZone }: { history: CreditEventDTO[]; timeZone?: string | undefined }) {
  return (
    <ol className="space-y-0.5 text-xs text-slate-600" aria-label="Credit history">
      {history.map((step, index) => (
        <li key={`${step.at}:${index}`}>
          <span className="text-slate-500">{dateOnly(step.at, timeZone)}:</span> {creditStepText(step, timeZone)}
        </li>
      ))}
    </ol>
  );
}

function creditStepText(step: CreditEventDTO, timeZone: string | undefined): string {
  const lesson = step.lessonStartsAt ? dateOnly(step.lessonStartsAt, timeZone) : null;
  switch (step.kind) {
    case "issued":
      return lesson ? `${CREDIT_STEP_LABELS.issued} for the lesson of ${lesson}` : CREDIT_STEP_LABELS.issued;
    case "spent":
      return lesson ? `${CREDIT_STEP_LABELS.spent} on ${lesson}` : CREDIT_STEP_LABELS.spent;
    case "returned":
    case "voided":
      return step.reason ? `${CREDIT_STEP_LABELS[step.kind]}: ${CREDIT_REASON_LABELS[step.reason]}` : CREDIT_STEP_LABELS[step.kind];
  }
}

/**
 * The teacher's side (the students page): each credit a student holds with them, with its history,
 * in the teacher's zone. Nothing when the student has none.
 */
export function TeacherCreditHistory({ studentId, timeZone }: { studentId: string; timeZone: string }) {
  const credits = useTeacherCredits();
  const ledger = credits.data?.ledgers.find((l) => l.student.id === studentId);
  if (!ledger || ledger.credits.length === 0) return null;
  return (
    <details className="mt-1 text-sm">
      <summary className="cursor-pointer text-brand-700 hover:underline">Credit history</summary>
      <div className="mt-2">
        <CreditList ledger={ledger} timeZone={timeZone} />
      </div>
    </details>
  );
}

/**
 * The booking panel's "use a make-up credit" choice: offered for one full lesson when the student
 * has a credit with this teacher. The server spends the credit in the booking's transaction.
 */
export function MakeUpCreditOption({
  teacherId,
  studentId,
  eligible,
  checked,
  onChange,
}: {
  teacherId: string;
  studentId: string | null;
  eligible: boolean;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const credits = useCredits(Boolean(studentId));
  const available = credits.data?.ledgers.find((l) => l.teacher.id === teacherId && l.student.id === studentId)?.summary.available ?? 0;
  if (available === 0) return null;
  return (
    <label className="flex items-start gap-2 rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900">
      <input type="checkbox" className="mt-0.5 size-4 accent-brand-600" checked={checked && eligible} disabled={!eligible} onChange={(e) => onChange(e.target.checked)} />
      <span>
        Use a make-up credit ({available} available){eligible ? "" : ": a credit books one lesson, so choose a single time"}
      </span>
    </label>
  );
}
