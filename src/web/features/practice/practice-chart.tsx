import { formatDay, formatMinutes } from "./practice-labels";

/**
 * The last 12 weeks as plain CSS bars. Each bar carries its figure as text for a screen reader
 * (the list reads "Week of Sep 7: 45 min"), so no chart library and no picture-only figures.
 */
export function PracticeChart({ weeks }: { weeks: readonly { weekStart: string; minutes: number }[] }) {
  const max = Math.max(...weeks.map((week) => week.minutes), 1);
  const total = weeks.reduce((sum, week) => sum + week.minutes, 0);
  return (
    <figure className="min-w-0">
      <figcaption className="text-sm font-medium text-slate-800">Last {weeks.length} weeks</figcaption>
      {total === 0 ? <p className="mt-1 text-sm text-slate-600">No practice logged in these weeks yet.</p> : null}
      <ol className="mt-2 flex h-28 items-end gap-1" aria-label={`Practice minutes per week, last ${weeks.length} weeks`}>
        {weeks.map((week, index) => {
          const label = `Week of ${formatDay(week.weekStart, { month: "short", day: "numeric" })}: ${formatMinutes(week.minutes)}`;
          const height = week.minutes === 0 ? 2 : Math.max(6, Math.round((week.minutes / max) * 100));
          const current = index === weeks.length - 1;
          return (
            <li key={week.weekStart} className="flex h-full min-w-0 flex-1 flex-col justify-end" title={label}>
              <span className="sr-only">{current ? `This week: ${formatMinutes(week.minutes)}` : label}</span>
              <span aria-hidden className={current ? "rounded-t bg-brand-600" : "rounded-t bg-brand-300"} style={{ height: `${height}%` }} />
            </li>
          );
        })}
      </ol>
      <div aria-hidden className="mt-1 flex justify-between text-xs text-slate-600">
        <span>{weeks[0] ? formatDay(weeks[0].weekStart, { month: "short", day: "numeric" }) : null}</span>
        <span>This week</span>
      </div>
    </figure>
  );
}
