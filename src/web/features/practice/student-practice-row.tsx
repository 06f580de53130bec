import { ClipboardList, Plus } from "lucide-react";
import { useState } from "react";
import type { PracticeOverviewStudent } from "../../../shared/practice/practice.api";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { countOf } from "../../lib/plural";
import { HomeworkDialog } from "./homework-dialog";
import { formatDay, formatMinutes, SOURCE_LABEL } from "./practice-labels";
import { StudentPractice } from "./student-practice";

/**
 * A student's practice in a list (My Students): the streak, this week against the goal with its
 * Timed and Self-reported minutes, the open homework, and the teacher's two ways in: Assign
 * homework, and Practice for the whole picture (edit, close, mark reviewed).
 */
export function StudentPracticeRow({
  studentId,
  studentName,
  practice,
  nextLessonOn,
}: {
  studentId: string;
  studentName: string;
  practice: PracticeOverviewStudent | undefined;
  nextLessonOn: string | null;
}) {
  const [assigning, setAssigning] = useState(false);
  const [viewing, setViewing] = useState(false);
  const goal = practice?.goal ?? null;
  return (
    <div className="space-y-2 text-sm" data-testid="student-practice">
      {!practice || practice.entriesLogged === 0 ? (
        <p className="text-slate-700">No practice logged yet.</p>
      ) : (
        <p className="text-slate-900">
          <span className="font-medium">Streak {countOf(practice.streak.current, "day", "days")}</span>
          {" · "}this week {formatMinutes(practice.week.minutes)}
          {goal ? ` of ${formatMinutes(goal.minutesPerDay * goal.daysPerWeek)}, ${practice.week.days} of ${goal.daysPerWeek} days` : `, ${countOf(practice.week.days, "day", "days")}`}
          <span className="block text-xs text-slate-600">
            {SOURCE_LABEL.timed} {formatMinutes(practice.week.timedMinutes)} · {SOURCE_LABEL.self_reported} {formatMinutes(practice.week.selfReportedMinutes)}
          </span>
        </p>
      )}
      {practice?.openHomework.length ? (
        <div className="text-slate-700">
          <p>{countOf(practice.openHomework.length, "open homework", "open homeworks")}</p>
          {/* What the teacher can do with each (issue 41): review it once due, else when that opens. */}
          <ul className="mt-1 space-y-1" aria-label={`Open homework of ${studentName}`}>
            {practice.openHomework.map((homework) => (
              <li key={homework.id} className="flex flex-wrap items-center gap-x-2 text-xs" data-testid="open-homework">
                <span>Due {formatDay(homework.dueOn)}:</span>{" "}
                {homework.dueOn <= practice.today ? (
                  <Button variant="link" size="sm" onClick={() => setViewing(true)} aria-label={`Review homework of ${studentName} due ${formatDay(homework.dueOn)}`}>
                    Review
                  </Button>
                ) : (
                  <span className="text-slate-600">review opens then, or once a lesson with {studentName.split(" ")[0]} starts</span>
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="text-slate-700">No open homework.</p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => setAssigning(true)} aria-label={`Assign homework to ${studentName}`}>
          <Plus aria-hidden className="size-4" />
          Assign homework
        </Button>
        <Button variant="secondary" size="sm" onClick={() => setViewing(true)} aria-label={`Practice of ${studentName}`}>
          <ClipboardList aria-hidden className="size-4" />
          Practice
        </Button>
      </div>
      <HomeworkDialog target={{ studentId, studentName, classId: null, nextLessonOn }} open={assigning} onOpenChange={setAssigning} />
      <Dialog open={viewing} onOpenChange={setViewing}>
        {viewing ? (
          <DialogContent title={`${studentName}: practice`} width="3xl">
            <StudentPractice studentId={studentId} nextLessonOn={nextLessonOn} />
          </DialogContent>
        ) : null}
      </Dialog>
    </div>
  );
}
