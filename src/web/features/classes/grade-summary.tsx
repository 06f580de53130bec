import { formatDay } from "./format-date";
import { ScoreBadge } from "./score-badge";

/** One grade as both the class's grades and the teacher's Earlier students show it. */
export function GradeSummary({ grade }: { grade: { title: string; score: number; category: string; date: string; feedback: string | null } }) {
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <p className="font-medium text-slate-900">{grade.title}</p>
        <ScoreBadge score={grade.score} />
      </div>
      <p className="text-sm text-slate-600">
        {grade.category} · {formatDay(grade.date)}
      </p>
      {grade.feedback ? <p className="mt-1 whitespace-pre-line text-sm text-slate-700">{grade.feedback}</p> : null}
    </>
  );
}
