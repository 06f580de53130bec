import { scoreBadge, type ScoreBadge as Tone } from "../../../shared/classes/grades.rules";
import { cn } from "../../lib/cn";

const TONES: Record<Tone, string> = {
  green: "bg-emerald-100 text-emerald-800 ring-emerald-600/20",
  yellow: "bg-amber-100 text-amber-900 ring-amber-600/20",
  red: "bg-red-100 text-red-800 ring-red-600/20",
};

/** A grade's percent as a coloured badge (decisions.md: green ≥ 90, yellow 70-89, red < 70); the text carries the figure. */
export function ScoreBadge({ score }: { score: number }) {
  const tone = scoreBadge(score);
  return (
    <span data-tone={tone} className={cn("inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-sm font-semibold ring-1 ring-inset", TONES[tone])}>
      {score}%
    </span>
  );
}
