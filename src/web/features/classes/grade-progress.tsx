import type { ClassDetail } from "../../../shared/classes/classes.api";
import { gradeLabel, gradeScorePercent, recentAssessments } from "../../../shared/classes/grades.rules";
import { formatDay } from "./format-date";
import { ProgressBar } from "./progress-bar";
import { ScoreBadge } from "./score-badge";

/** Home tab in grade format: Overall Grade, Category Scores (300-850), Recent Assessments. */
export function GradeProgress({ detail }: { detail: ClassDetail }) {
  const { progress, grades } = detail;
  // The server keeps a start figure while nothing is graded; showing it would be a made-up grade.
  const graded = progress.categories.some((c) => c.score !== null);
  const recent = recentAssessments(grades);
  return (
    <div className="space-y-6">
      <section aria-labelledby="overall-grade" className="rounded-2xl bg-gradient-to-br from-brand-50 to-white p-5 ring-1 ring-brand-100">
        <h3 id="overall-grade" className="text-sm font-medium uppercase tracking-wide text-slate-600">
          Overall Grade
        </h3>
        {graded ? (
          <p className="mt-1 flex items-baseline gap-3">
            <span data-testid="overall-grade" className="text-4xl font-bold text-slate-900">
              {progress.overall}
            </span>
            <span className="text-lg font-medium text-brand-700">{gradeLabel(progress.overall)}</span>
          </p>
        ) : (
          <p className="mt-1 text-lg text-slate-700">No grades yet</p>
        )}
      </section>

      <section aria-labelledby="category-scores">
        <h3 id="category-scores" className="text-lg font-semibold text-slate-900">
          Category Scores
        </h3>
        <ul className="mt-3 grid gap-3 sm:grid-cols-2">
          {progress.categories.map((category) => (
            <li key={category.id} className="rounded-xl border border-slate-200 bg-white p-4">
              <div className="flex items-baseline justify-between gap-2">
                <span className="font-medium text-slate-900">{category.name}</span>
                {category.score === null ? (
                  <span className="text-sm text-slate-600">No grades yet</span>
                ) : (
                  <span className="text-sm text-slate-700">
                    <span className="font-semibold text-slate-900">{category.score}</span> · {gradeLabel(category.score)}
                  </span>
                )}
              </div>
              <ProgressBar
                className="mt-2"
                percent={category.score === null ? 0 : gradeScorePercent(category.score)}
                label={`${category.name} score`}
                valueText={category.score === null ? "No grades yet" : `${category.score} of 850`}
              />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="recent-assessments">
        <h3 id="recent-assessments" className="text-lg font-semibold text-slate-900">
          Recent Assessments
        </h3>
        {recent.length === 0 ? (
          <p className="mt-2 text-slate-600">No assessments available yet.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
            {recent.map((grade) => (
              <li key={grade.id} className="flex items-center justify-between gap-3 p-4">
                <div className="min-w-0">
                  <p className="truncate font-medium text-slate-900">{grade.title}</p>
                  <p className="text-sm text-slate-600">
                    {grade.category} · {formatDay(grade.date)}
                  </p>
                </div>
                <ScoreBadge score={grade.score} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
