import { cn } from "../../lib/cn";

/** A labelled bar; `percent` comes from a shared rule (xpProgressPercent, gradeScorePercent, a category value). */
export function ProgressBar({ percent, label, valueText, className }: { percent: number; label: string; valueText: string; className?: string }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(percent)}
      aria-valuetext={valueText}
      className={cn("h-2.5 w-full overflow-hidden rounded-full bg-slate-200", className)}
    >
      <div className="h-full rounded-full bg-brand-600 transition-[width] duration-500" style={{ width: `${percent}%` }} />
    </div>
  );
}
