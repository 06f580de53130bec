import type { PracticeGoalDTO, PracticeStreak } from "../../../shared/practice/practice.api";
import type { PracticeWeek } from "../../../shared/practice/practice-week.rules";
import { countOf } from "../../lib/plural";
import { formatMinutes, SOURCE_LABEL } from "./practice-labels";

/**
 * The week and the streak, the same figures for the family and the teacher: minutes and days
 * against the homework goal, split into Timed and Self-reported, and the current and longest
 * streak. All of it counted from logged entries.
 */
export function PracticeWeekSummary({ week, streak, goal }: { week: PracticeWeek; streak: PracticeStreak; goal: PracticeGoalDTO | null }) {
  const goalMinutes = goal ? goal.minutesPerDay * goal.daysPerWeek : null;
  return (
    <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4" data-testid="practice-week">
      <Figure label="Current streak" value={countOf(streak.current, "day", "days")} testId="streak-current" />
      <Figure label="Longest streak" value={countOf(streak.longest, "day", "days")} />
      <Figure
        label="This week"
        value={goalMinutes === null ? formatMinutes(week.minutes) : `${formatMinutes(week.minutes)} of ${formatMinutes(goalMinutes)}`}
        detail={`${SOURCE_LABEL.timed} ${formatMinutes(week.timedMinutes)} · ${SOURCE_LABEL.self_reported} ${formatMinutes(week.selfReportedMinutes)}`}
        testId="week-minutes"
      />
      <Figure
        label="Days practised"
        value={goal ? `${week.days} of ${goal.daysPerWeek}` : String(week.days)}
        detail={goal ? `${countOf(week.goalDays, "day", "days")} at ${formatMinutes(goal.minutesPerDay)} or more${week.goalMet ? " · goal met" : ""}` : "No goal set"}
      />
    </dl>
  );
}

function Figure({ label, value, detail, testId }: { label: string; value: string; detail?: string; testId?: string }) {
  return (
    <div className="min-w-0 rounded-lg bg-slate-50 p-3">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="mt-0.5 text-base font-semibold text-slate-900" data-testid={testId}>
        {value}
      </dd>
      {detail ? <dd className="mt-0.5 text-xs text-slate-600">{detail}</dd> : null}
    </div>
  );
}
