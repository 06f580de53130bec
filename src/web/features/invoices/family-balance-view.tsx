import { Package } from "lucide-react";
import type { BalanceEntryDTO, FamilyBalanceDTO, LessonPackageDTO } from "../../../shared/invoices/family-balance.schemas";
import { formatDay } from "../../../shared/invoices/invoice-format.rules";
import { PACKAGE_STATE_LABELS, packageTitle, type PackageState } from "../../../shared/invoices/lesson-package.rules";
import { formatMoney } from "../../../shared/invoices/money.rules";
import { cn } from "../../lib/cn";

/**
 * A family's balance with one teacher (issue 40), the same on both sides: credit on account, each
 * lesson package with what is left, and the history, each entry saying what caused it.
 */

const STATE_TONES: Record<PackageState, string> = {
  active: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  used_up: "bg-slate-100 text-slate-700 ring-slate-300",
  expired: "bg-amber-50 text-amber-800 ring-amber-200",
};

function PackageCard({ pkg }: { pkg: LessonPackageDTO }) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4" data-testid="lesson-package">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="flex items-center gap-2 font-semibold text-slate-900">
          <Package aria-hidden className="size-4 text-brand-700" />
          {packageTitle(pkg.lessons, pkg.priceCents)}
        </p>
        <span className={cn("rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1", STATE_TONES[pkg.state])}>{PACKAGE_STATE_LABELS[pkg.state]}</span>
      </div>
      <p className="mt-2 text-2xl font-bold text-slate-900" data-testid="package-lessons-left">
        {pkg.lessonsLeft} {pkg.lessonsLeft === 1 ? "lesson" : "lessons"} left
      </p>
      <div
        className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100"
        role="meter"
        aria-label="Lessons used"
        aria-valuemin={0}
        aria-valuemax={pkg.lessons}
        aria-valuenow={pkg.lessonsUsed}
        aria-valuetext={`${pkg.lessonsUsed} of ${pkg.lessons} lessons used`}
      >
        <div className="h-full rounded-full bg-brand-600" style={{ width: `${(pkg.lessonsUsed / pkg.lessons) * 100}%` }} />
      </div>
      <p className="mt-2 text-sm text-slate-600">
        {pkg.lessonsUsed} of {pkg.lessons} used · paid {formatDay(pkg.paidOn)} · valid until {formatDay(pkg.validUntil)}
      </p>
    </li>
  );
}

function HistoryRow({ entry }: { entry: BalanceEntryDTO }) {
  const amount = entry.creditCents !== 0 ? entry.creditCents : entry.receivedCents;
  return (
    <li className="flex flex-col gap-1 py-3 sm:flex-row sm:items-baseline sm:gap-4">
      <span className="w-28 shrink-0 text-sm text-slate-500">{formatDay(entry.day)}</span>
      <span className="min-w-0 flex-1 text-sm break-words text-slate-800">{entry.text}</span>
      {amount !== 0 ? (
        <span className={cn("shrink-0 text-sm font-semibold tabular-nums", amount < 0 ? "text-slate-700" : "text-emerald-800")}>
          {amount > 0 ? "+" : ""}
          {formatMoney(amount)}
        </span>
      ) : null}
    </li>
  );
}

/** `subheading`: the level of its own headings, under the section that shows it. */
export function FamilyBalanceView({ balance, subheading: Heading = "h3" }: { balance: FamilyBalanceDTO; subheading?: "h3" | "h4" }) {
  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2 lg:max-w-2xl">
        <div className="rounded-2xl border border-slate-200 bg-white p-4">
          <p className="text-sm text-slate-600">Credit on account (pays the next invoices)</p>
          <p className="mt-1 text-xl font-bold text-slate-900" data-testid="balance-credit">
            {formatMoney(balance.creditCents)}
          </p>
        </div>
      </div>
      {balance.packages.length > 0 ? (
        <div>
          <Heading className="font-semibold text-slate-900">Lesson packages</Heading>
          <ul className="mt-2 grid gap-3 sm:grid-cols-2">
            {balance.packages.map((pkg) => (
              <PackageCard key={pkg.id} pkg={pkg} />
            ))}
          </ul>
        </div>
      ) : null}
      <div>
        <Heading className="font-semibold text-slate-900">History</Heading>
        {balance.history.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600">No payments on account, credit or packages yet.</p>
        ) : (
          <ul className="mt-1 divide-y divide-slate-100" data-testid="balance-history">
            {balance.history.map((entry) => (
              <HistoryRow key={`${entry.kind}-${entry.id}`} entry={entry} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
