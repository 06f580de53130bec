import { BOOKING_TYPES } from "../../../shared/booking/booking.constants";
import { DELETED_USER_NAME } from "../../../shared/classes/classes.api";
import { formatAmount, LATE_CANCEL_CHARGED_TEXT, monthLabel, OUTCOME_LABELS } from "../../../shared/earnings/earnings.rules";
import type { Statement, StatementLesson } from "../../../shared/earnings/earnings.schemas";
import type { StatementSide } from "../../../shared/earnings/statement-csv.rules";
import { EstimatedMark } from "../lessons/lesson-price";
import { lessonsCount, lessonTime } from "./statement-format";

function status(lesson: StatementLesson): string {
  if (lesson.outcome !== "cancelled") return OUTCOME_LABELS[lesson.outcome];
  if (lesson.cancelChargeCents !== null) return LATE_CANCEL_CHARGED_TEXT;
  const by = lesson.cancelledBy ? ` by the ${lesson.cancelledBy}` : "";
  return `Cancelled${by}${lesson.lateCancel ? ", late" : ""}`;
}

/** Every lesson behind the figures, month by month (folded), so each number can be checked. */
export function StatementLessons({ statement, side }: { statement: Statement; side: StatementSide }) {
  const byMonth = new Map<string, StatementLesson[]>();
  for (const lesson of statement.lessons) byMonth.set(lesson.month, [...(byMonth.get(lesson.month) ?? []), lesson]);
  return (
    <div className="space-y-2">
      {[...byMonth].map(([month, lessons]) => (
        <details key={month} className="group rounded-xl border border-slate-200 bg-white">
          <summary className="cursor-pointer rounded-xl px-4 py-3 font-medium text-slate-900 hover:bg-slate-50">
            {monthLabel(month)} <span className="font-normal text-slate-600">· {lessonsCount(lessons.length)}</span>
          </summary>
          <ul className="divide-y divide-slate-100 border-t border-slate-100">
            {lessons.map((lesson) => (
              <li key={lesson.bookingId} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-2 text-sm">
                <span className="min-w-0">
                  <span className="font-medium text-slate-900">{lessonTime(lesson.startsAt, statement.timeZone)}</span>
                  <span className="text-slate-700">
                    {" "}
                    · {BOOKING_TYPES[lesson.bookingType].label} with {lesson.studentName}
                    {side === "teacher" ? (lesson.parentName === DELETED_USER_NAME ? "" : ` (parent ${lesson.parentName})`) : ` · ${lesson.teacherName}`}
                  </span>
                </span>
                <span className="text-slate-700">
                  {status(lesson)} · <span className="font-medium text-slate-900">{formatAmount(lesson.outcome, lesson.amountCents)}</span>
                  {lesson.priceEstimated && lesson.amountCents !== null ? <EstimatedMark /> : null}
                </span>
              </li>
            ))}
          </ul>
        </details>
      ))}
    </div>
  );
}
