import type { HomeworkDTO } from "../../../shared/practice/practice.api";
import { DialogWhenOpen } from "../../components/ui/dialog";
import { HomeworkForm } from "./homework-form";
import type { HomeworkFormValues } from "./homework-form-values";
import { useCreateHomework, useStudentPractice, useUpdateHomework } from "./use-practice";

export interface HomeworkTarget {
  studentId: string;
  studentName: string;
  classId: string | null;
  files?: readonly { id: string; name: string }[];
  /** The next lesson's day in the teacher's zone, when one is booked. */
  nextLessonOn?: string | null;
}

/** "Assign homework" (or "Edit homework" with `homework`), from My Students, a class page or after a lesson. */
export function HomeworkDialog({
  target,
  homework,
  open,
  onOpenChange,
}: {
  target: HomeworkTarget;
  homework?: HomeworkDTO;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <DialogWhenOpen open={open} onOpenChange={onOpenChange} title={homework ? "Edit homework" : "Assign homework"} description={`For ${target.studentName}`} width="lg">
      {homework ? (
        <EditHomework target={target} homework={homework} onDone={() => onOpenChange(false)} />
      ) : (
        <AssignHomework target={target} onDone={() => onOpenChange(false)} />
      )}
    </DialogWhenOpen>
  );
}

/** The student's pieces come with their practice view, which the pages around the dialog load anyway. */
function useStudentPieces(studentId: string) {
  return useStudentPractice(studentId).data?.repertoire ?? [];
}

export function AssignHomework({ target, onDone, cancelLabel }: { target: HomeworkTarget; onDone: () => void; cancelLabel?: string }) {
  const create = useCreateHomework();
  const pieces = useStudentPieces(target.studentId);
  const onSubmit = (values: HomeworkFormValues, form: { setServerErrors: (error: unknown) => void }) =>
    create.mutate(
      {
        studentId: target.studentId,
        ...(target.classId ? { classId: target.classId } : {}),
        items: values.items.map((item) => ({ description: item.description, repertoireId: item.repertoireId ?? null, classFileId: item.classFileId ?? null })),
        // Left out, not null: no goal, and the due date the server picks (the next lesson's day).
        ...(values.goalMinutesPerDay !== undefined && values.goalDaysPerWeek !== undefined
          ? { goalMinutesPerDay: values.goalMinutesPerDay, goalDaysPerWeek: values.goalDaysPerWeek }
          : {}),
        ...(values.dueOn ? { dueOn: values.dueOn } : {}),
      },
      { onSuccess: onDone, onError: form.setServerErrors },
    );
  return (
    <HomeworkForm
      studentId={target.studentId}
      classId={target.classId}
      files={target.files ?? []}
      pieces={pieces}
      defaultDueOn={target.nextLessonOn ?? null}
      pending={create.isPending}
      error={create.error}
      onSubmit={onSubmit}
      onCancel={onDone}
      {...(cancelLabel ? { cancelLabel } : {})}
    />
  );
}

function EditHomework({ target, homework, onDone }: { target: HomeworkTarget; homework: HomeworkDTO; onDone: () => void }) {
  const update = useUpdateHomework(homework.id);
  const pieces = useStudentPieces(target.studentId);
  const onSubmit = (values: HomeworkFormValues, form: { setServerErrors: (error: unknown) => void }) =>
    update.mutate(
      {
        // Items keep their id, so the practice logged against them stays with them.
        items: values.items.map((item) => ({ ...(item.id ? { id: item.id } : {}), description: item.description, repertoireId: item.repertoireId ?? null, classFileId: item.classFileId ?? null })),
        // Both empty clears the goal (null); the schema already refused one without the other.
        goalMinutesPerDay: values.goalMinutesPerDay ?? null,
        goalDaysPerWeek: values.goalDaysPerWeek ?? null,
        ...(values.dueOn ? { dueOn: values.dueOn } : {}),
      },
      { onSuccess: onDone, onError: form.setServerErrors },
    );
  return (
    <HomeworkForm
      studentId={target.studentId}
      classId={homework.classId}
      files={target.files ?? []}
      pieces={pieces}
      homework={homework}
      defaultDueOn={homework.dueOn}
      pending={update.isPending}
      error={update.error}
      onSubmit={onSubmit}
      onCancel={onDone}
    />
  );
}
