import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { attendanceSchema, LESSON_NOTE_MAX, type AttendanceInput, type LessonDTO } from "../../../shared/lessons/lessons.schemas";
import { Alert } from "../../components/ui/alert";
import { FormActions } from "../../components/ui/form-actions";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { ChoiceGroup, invalidProps, setServerErrors } from "../../components/ui/form";
import { Textarea } from "../../components/ui/textarea";
import { errorMessage } from "../../lib/api";
import { AssignHomework } from "../practice/homework-dialog";
import { lessonTitle, when } from "./lesson-labels";
import { useRecordAttendance } from "./use-lessons";

const OUTCOME_OPTIONS = [
  { value: "attended", label: "Attended" },
  { value: "missed", label: "Missed" },
  { value: "cancelled", label: "Cancelled (student gets a make-up credit)" },
];

/**
 * Record Attendance; once a lesson is saved as attended, the same dialog offers to assign homework
 * (issue 29): right after the lesson is when the teacher knows what to practise.
 */
export function AttendanceDialog({ lesson, open, onOpenChange }: { lesson: LessonDTO; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [assigning, setAssigning] = useState(false);
  const studentId = lesson.student.id;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && assigning && studentId ? (
        <DialogContent
          title="Assign homework"
          description={`Attendance saved. What should ${lesson.student.firstName} practise before the next lesson?`}
          width="lg"
        >
          <AssignHomework
            target={{ studentId, studentName: `${lesson.student.firstName} ${lesson.student.lastName}`, classId: lesson.classId }}
            cancelLabel="Not now"
            onDone={() => onOpenChange(false)}
          />
        </DialogContent>
      ) : open ? (
        <DialogContent title="Record Attendance" description={`${lessonTitle(lesson, "teacher")} · ${when(lesson)}`}>
          <AttendanceForm lesson={lesson} onDone={(outcome) => (outcome === "attended" && studentId ? setAssigning(true) : onOpenChange(false))} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function AttendanceForm({ lesson, onDone }: { lesson: LessonDTO; onDone: (outcome: AttendanceInput["outcome"]) => void }) {
  const record = useRecordAttendance(lesson);
  const form = useForm<AttendanceInput>({
    resolver: zodResolver(attendanceSchema),
    defaultValues: { outcome: lesson.attendance ?? "attended", note: lesson.lessonNote ?? "" },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    record.mutate(values, { onSuccess: () => onDone(values.outcome), onError: (error) => setServerErrors(error, form.setError, ["outcome", "note"]) }),
  );
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <ChoiceGroup id="attendance-outcome" legend="The lesson was" type="radio" variant="list" columns="space-y-1" options={OUTCOME_OPTIONS} registration={form.register("outcome")} error={errors.outcome?.message} />
      <Field id="lesson-note" label="Lesson note (optional)" hint={`What you covered and what to practise; the family reads it. Up to ${LESSON_NOTE_MAX} characters.`} error={errors.note?.message}>
        <Textarea id="lesson-note" rows={5} maxLength={LESSON_NOTE_MAX} {...invalidProps("lesson-note", errors.note?.message)} {...form.register("note")} />
      </Field>
      {record.isError && !errors.note ? <Alert>{errorMessage(record.error, "Failed to save. Please try again.")}</Alert> : null}
      <FormActions submit="Save" pending={record.isPending} pendingLabel="Saving..." cancel="Close" />
    </form>
  );
}
