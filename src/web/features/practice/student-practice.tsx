import { NotebookPen, Plus } from "lucide-react";
import { useState } from "react";
import type { StudentPracticeDTO } from "../../../shared/practice/practice.api";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { errorMessage } from "../../lib/api";
import { HomeworkDialog, type HomeworkTarget } from "./homework-dialog";
import { HomeworkList } from "./homework-list";
import { LogPracticeForm } from "./log-practice-form";
import { PracticeChart } from "./practice-chart";
import { PracticeEntries } from "./practice-entries";
import { PracticeTimerCard } from "./practice-timer-card";
import { PracticeWeekSummary } from "./practice-week-summary";
import { useLogPractice, useStudentPractice } from "./use-practice";

/**
 * One child's practice, as the parent (timer, Log practice, the log) and the teacher (Assign
 * homework, Edit, Close, Mark reviewed) see it: the homework, the week against its goal, the
 * streak and 12 weeks of minutes. On a class page (`classId`) the homework is the class's.
 */
export function StudentPractice({
  studentId,
  classId = null,
  classTeacherId = null,
  files,
  nextLessonOn,
}: {
  studentId: string;
  classId?: string | null;
  /** On a class page: the class's teacher, whose homework set outside any class belongs here too. */
  classTeacherId?: string | null;
  files?: readonly { id: string; name: string }[];
  nextLessonOn?: string | null;
}) {
  const query = useStudentPractice(studentId);
  if (query.isPending) {
    return (
      <p role="status" className="text-sm text-slate-600">
        Loading practice...
      </p>
    );
  }
  if (query.isError) {
    return (
      <Alert>
        <p>{errorMessage(query.error, "Failed to load practice")}</p>
        <Button variant="link" className="mt-1" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  return (
    <PracticeView
      data={query.data}
      receivedAt={query.dataUpdatedAt}
      target={{ studentId, studentName: query.data.studentName, classId, files: files ?? [], nextLessonOn: nextLessonOn ?? null }}
      classTeacherId={classTeacherId}
    />
  );
}

function PracticeView({ data, receivedAt, target, classTeacherId }: { data: StudentPracticeDTO; receivedAt: number; target: HomeworkTarget; classTeacherId: string | null }) {
  const isParent = data.viewerRole === "parent";
  const [assigning, setAssigning] = useState(false);
  const [logging, setLogging] = useState(false);
  // A class page lists the class's homework, and its teacher's homework set after a lesson outside any class.
  const homework = target.classId
    ? data.homework.filter((h) => h.classId === target.classId || (h.classId === null && classTeacherId !== null && h.teacherId === classTeacherId))
    : data.homework;
  const openItems = data.homework.filter((h) => h.status === "open").flatMap((h) => h.items);
  const hasPractice = data.entries.length > 0 || data.chart.some((week) => week.minutes > 0);
  const name = data.studentName.split(" ")[0] ?? data.studentName;

  return (
    <div className="space-y-5">
      <section aria-label={`${name}'s homework`} className="space-y-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="text-base font-semibold text-slate-900">Homework</h3>
          {isParent ? null : (
            <Button size="sm" onClick={() => setAssigning(true)}>
              <Plus aria-hidden className="size-4" />
              Assign homework
            </Button>
          )}
        </div>
        {homework.length === 0 ? (
          <p className="text-sm text-slate-600">
            {isParent
              ? `No homework yet. When ${name}'s teacher assigns practice, it shows here with its goal and due day.`
              : `No homework yet. Assign homework to tell ${name} what to practise and how much; the family sees it at once.`}
          </p>
        ) : (
          <HomeworkList homework={homework} manage={isParent ? null : target} />
        )}
      </section>

      {isParent ? (
        <div className="grid gap-4 md:grid-cols-2">
          <PracticeTimerCard studentId={data.studentId} studentName={name} timer={data.timer} receivedAt={receivedAt} items={openItems} />
          <section aria-label={`Log practice for ${name}`} className="rounded-xl border border-slate-200 p-4">
            <h3 className="text-base font-semibold text-slate-900">Log practice</h3>
            {logging ? (
              <div className="mt-2">
                <LogPractice studentId={data.studentId} today={data.today} items={openItems} onDone={() => setLogging(false)} />
              </div>
            ) : (
              <>
                <p className="mt-1 text-sm text-slate-600">Practised without the timer? Type the minutes; they are marked Self-reported.</p>
                <Button variant="secondary" className="mt-3" onClick={() => setLogging(true)}>
                  <NotebookPen aria-hidden className="size-4" />
                  Log practice
                </Button>
              </>
            )}
          </section>
        </div>
      ) : null}

      <section aria-label={`${name}'s practice week`} className="space-y-3">
        <h3 className="text-base font-semibold text-slate-900">This week</h3>
        {hasPractice ? (
          <>
            <PracticeWeekSummary week={data.week} streak={data.streak} goal={data.goal} />
            <PracticeChart weeks={data.chart} />
          </>
        ) : (
          <p className="text-sm text-slate-600" data-testid="practice-empty">
            {isParent
              ? `Nothing logged yet. Start the timer when ${name} practises, or use Log practice afterwards; the streak and the week count from there.`
              : `The family has not logged practice yet. Their minutes, streak and week show here once they do.`}
          </p>
        )}
      </section>

      {data.entries.length > 0 ? (
        <section aria-label={`${name}'s practice log`}>
          <h3 className="text-base font-semibold text-slate-900">Practice log</h3>
          <PracticeEntries entries={data.entries} homework={data.homework} today={data.today} />
        </section>
      ) : null}

      {isParent ? null : <HomeworkDialog target={target} open={assigning} onOpenChange={setAssigning} />}
    </div>
  );
}

function LogPractice({ studentId, today, items, onDone }: { studentId: string; today: string; items: { id: string; description: string }[]; onDone: () => void }) {
  const log = useLogPractice();
  return (
    <LogPracticeForm
      today={today}
      items={items}
      pending={log.isPending}
      error={log.error}
      onCancel={onDone}
      onSubmit={(values, form) => log.mutate({ studentId, ...values }, { onSuccess: onDone, onError: form.setServerErrors })}
    />
  );
}
