import { zodResolver } from "@hookform/resolvers/zod";
import { Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { ClassDetail, Grade } from "../../../shared/classes/classes.api";
import { gradeCreateSchema, type GradeData, type GradeInput } from "../../../shared/classes/classes.schemas";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { FormActions } from "../../components/ui/form-actions";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { invalidProps, OptionsSelect, setServerErrors } from "../../components/ui/form";
import { Input } from "../../components/ui/input";
import { Textarea } from "../../components/ui/textarea";
import { errorMessage } from "../../lib/api";
import { ConfirmDialog } from "./confirm-dialog";
import { EarlierStudents } from "./earlier-students";
import { GradeSummary } from "./grade-summary";
import { useAddGrade, useDeleteGrade, useEditGrade } from "./use-classes";

/** Which grade dialog is open: a new grade, or an existing one to edit. */
export type GradeDialogState = { mode: "add" } | { mode: "edit"; grade: Grade } | null;

export function GradesTab({
  detail,
  isTeacher,
  onOpenDialog,
}: {
  detail: ClassDetail;
  isTeacher: boolean;
  onOpenDialog: (state: GradeDialogState) => void;
}) {
  const [deleting, setDeleting] = useState<Grade | null>(null);
  const remove = useDeleteGrade(detail.id);
  // A grade is a student's: the server refuses one while nobody is in the class.
  const hasStudent = detail.enrolledSince !== null;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold text-slate-900">Grades</h2>
        {isTeacher ? (
          <Button onClick={() => onOpenDialog({ mode: "add" })} disabled={!hasStudent}>
            <Plus aria-hidden className="size-4" />
            Add Grade
          </Button>
        ) : null}
      </div>
      {isTeacher && !hasStudent ? <p className="text-sm text-slate-600">Grades can be added once a student joins with the join code.</p> : null}
      {detail.grades.length === 0 ? (
        <p className="text-slate-600">No assessments available yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
          {detail.grades.map((grade) => (
            <li key={grade.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start">
              <div className="min-w-0 flex-1">
                <GradeSummary grade={grade} />
              </div>
              {isTeacher ? (
                <div className="flex gap-2 sm:ml-2">
                  <Button size="sm" variant="secondary" aria-label={`Edit ${grade.title}`} onClick={() => onOpenDialog({ mode: "edit", grade })}>
                    <Pencil aria-hidden className="size-4" />
                    Edit
                  </Button>
                  <Button size="sm" variant="secondaryDanger" aria-label={`Delete ${grade.title}`} onClick={() => setDeleting(grade)}>
                    <Trash2 aria-hidden className="size-4" />
                    Delete
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) {
            setDeleting(null);
            remove.reset();
          }
        }}
        title="Delete Grade"
        description="Are you sure you want to delete this grade? This action cannot be undone."
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      />
      {isTeacher ? <EarlierStudents detail={detail} part="grades" /> : null}
    </div>
  );
}

export function GradeDialog({ detail, state, onClose }: { detail: ClassDetail; state: GradeDialogState; onClose: () => void }) {
  return (
    <Dialog open={state !== null} onOpenChange={(open) => !open && onClose()}>
      {state ? (
        <DialogContent title={state.mode === "add" ? "Add Grade" : "Edit Grade"}>
          <GradeForm detail={detail} grade={state.mode === "edit" ? state.grade : null} onDone={onClose} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

const GRADE_FIELDS = ["title", "category", "score", "feedback", "date"] as const;

function GradeForm({ detail, grade, onDone }: { detail: ClassDetail; grade: Grade | null; onDone: () => void }) {
  const add = useAddGrade(detail.id);
  const edit = useEditGrade(detail.id);
  const save = grade ? edit : add;
  const categories = detail.progress.categories.map((c) => c.name);
  const form = useForm<GradeInput, unknown, GradeData>({
    resolver: zodResolver(gradeCreateSchema),
    defaultValues: grade
      ? { title: grade.title, category: grade.category, score: grade.score, feedback: grade.feedback, date: grade.date }
      : { title: "", category: "", feedback: "", date: "" },
  });
  const { errors } = form.formState;
  const onError = (error: unknown) => setServerErrors(error, form.setError, GRADE_FIELDS);
  const onSubmit = form.handleSubmit((values) =>
    grade ? edit.mutate({ gradeId: grade.id, grade: values }, { onSuccess: onDone, onError }) : add.mutate(values, { onSuccess: onDone, onError }),
  );
  // The category list is the class's own; a grade whose category was removed keeps its name as an option.
  const options = grade && !categories.includes(grade.category) ? [...categories, grade.category] : categories;

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <Field id="grade-title" label="Title" error={errors.title?.message}>
        <Input id="grade-title" autoComplete="off" {...invalidProps("grade-title", errors.title?.message)} {...form.register("title")} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="grade-category" label="Category" error={errors.category?.message}>
          <OptionsSelect
            id="grade-category"
            options={options}
            placeholder="Choose a category"
            {...invalidProps("grade-category", errors.category?.message)}
            {...form.register("category")}
          />
        </Field>
        <Field id="grade-score" label="Score (%)" error={errors.score?.message}>
          <Input
            id="grade-score"
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            step={1}
            {...invalidProps("grade-score", errors.score?.message)}
            {...form.register("score", { valueAsNumber: true })}
          />
        </Field>
      </div>
      <Field id="grade-date" label="Date" error={errors.date?.message} hint={grade ? undefined : "Leave empty for today"}>
        <Input id="grade-date" type="date" {...invalidProps("grade-date", errors.date?.message)} {...form.register("date")} />
      </Field>
      <Field id="grade-feedback" label="Feedback (optional)" error={errors.feedback?.message}>
        <Textarea id="grade-feedback" {...invalidProps("grade-feedback", errors.feedback?.message)} {...form.register("feedback")} />
      </Field>
      {save.isError ? <Alert>{errorMessage(save.error, "Failed to save grade")}</Alert> : null}
      <FormActions submit={grade ? "Save Changes" : "Add Grade"} pending={save.isPending} pendingLabel="Saving..." />
    </form>
  );
}
