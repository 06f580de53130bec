import { Alert } from "../../components/ui/alert";
import { cn } from "../../lib/cn";
import { useCredits } from "./use-lessons";

const dateOnly = (iso: string) => new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" }).format(new Date(iso));
const STATUS_CLASSES = { available: "bg-emerald-50 text-emerald-800", used: "bg-slate-100 text-slate-700", expired: "bg-slate-100 text-slate-700" } as const;
const STATUS_LABEL = { available: "Available", used: "Used", expired: "Expired" } as const;

/** The make-up credit ledger of the parent's students, per teacher: issued, used, expired, available. */
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
      {ledgers.map((ledger) => (
        <li key={`${ledger.student.id}:${ledger.teacher.id}`} className="space-y-2 text-sm">
          <p className="font-medium text-slate-900">
            {ledger.student.firstName} with {ledger.teacher.firstName} {ledger.teacher.lastName}:{" "}
            <span data-testid="credits-available">{ledger.summary.available}</span> available
          </p>
          <p className="text-slate-600">
            Issued {ledger.summary.issued} · used {ledger.summary.used} · expired {ledger.summary.expired}. Book a make-up lesson from {ledger.teacher.firstName}'s profile.
          </p>
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            {ledger.credits.map((credit) => (
              <li key={credit.id} className="flex items-center justify-between gap-3 px-3 py-2">
                <span className="text-slate-700">
                  For the lesson of {dateOnly(credit.issuedForStartsAt)}
                  {credit.status === "available" ? ` · use by ${dateOnly(credit.expiresAt)}` : ""}
                  {credit.status === "used" && credit.usedAt ? ` · used ${dateOnly(credit.usedAt)}` : ""}
                </span>
                <span className={cn("shrink-0 rounded-full px-2 py-0.5 text-xs font-medium", STATUS_CLASSES[credit.status])}>{STATUS_LABEL[credit.status]}</span>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
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
