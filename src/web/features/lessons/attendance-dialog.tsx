import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { attendanceSchema, LESSON_NOTE_MAX, type AttendanceInput, type LessonDTO } from "../../../shared/lessons/lessons.schemas";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Dialog, DialogClose, DialogContent } from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { ChoiceGroup, invalidProps, setServerErrors } from "../../components/ui/form";
import { Textarea } from "../../components/ui/textarea";
import { errorMessage } from "../../lib/api";
import { lessonTitle, when } from "./lesson-labels";
import { useRecordAttendance } from "./use-lessons";

const OUTCOME_OPTIONS = [
  { value: "attended", label: "Attended" },
  { value: "missed", label: "Missed" },
  { value: "cancelled", label: "Cancelled (student gets a make-up credit)" },
];

export function AttendanceDialog({ lesson, open, onOpenChange }: { lesson: LessonDTO; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <DialogContent title="Record Attendance" description={`${lessonTitle(lesson, "teacher")} · ${when(lesson)}`}>
          <AttendanceForm lesson={lesson} onDone={() => onOpenChange(false)} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function AttendanceForm({ lesson, onDone }: { lesson: LessonDTO; onDone: () => void }) {
  const record = useRecordAttendance(lesson);
  const form = useForm<AttendanceInput>({
    resolver: zodResolver(attendanceSchema),
    defaultValues: { outcome: lesson.attendance ?? "attended", note: lesson.lessonNote ?? "" },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    record.mutate(values, { onSuccess: onDone, onError: (error) => setServerErrors(error, form.setError, ["outcome", "note"]) }),
  );
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <ChoiceGroup id="attendance-outcome" legend="The lesson was" type="radio" variant="list" columns="space-y-1" options={OUTCOME_OPTIONS} registration={form.register("outcome")} error={errors.outcome?.message} />
      <Field id="lesson-note" label="Lesson note (optional)" hint={`What you covered and what to practise; the family reads it. Up to ${LESSON_NOTE_MAX} characters.`} error={errors.note?.message}>
        <Textarea id="lesson-note" rows={5} maxLength={LESSON_NOTE_MAX} {...invalidProps("lesson-note", errors.note?.message)} {...form.register("note")} />
      </Field>
      {record.isError && !errors.note ? <Alert>{errorMessage(record.error, "Failed to save. Please try again.")}</Alert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="secondary">Close</Button>
        </DialogClose>
        <Button type="submit" disabled={record.isPending}>
          {record.isPending ? "Saving..." : "Save"}
        </Button>
      </div>
    </form>
  );
}
