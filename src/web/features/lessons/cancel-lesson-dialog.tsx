import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { cancellationChargeCents, cancellationOutcome } from "../../../shared/lessons/cancellation.rules";
import { formatMoney } from "../../../shared/invoices/money.rules";
import { cancelLessonSchema, type CancelLesson, type CancelLessonInput, type LessonDTO } from "../../../shared/lessons/lessons.schemas";
import { Alert } from "../../components/ui/alert";
import { FormActions } from "../../components/ui/form-actions";
import { DialogWhenOpen } from "../../components/ui/dialog";
import { ChoiceGroup, setServerErrors } from "../../components/ui/form";
import { errorMessage } from "../../lib/api";
import { formatSlot } from "../booking/format-time";
import { ReasonField } from "../booking/reason-field";
import { lessonTitle, when, type LessonDialogProps } from "./lesson-labels";
import { useCancelLesson } from "./use-lessons";

const SCOPE_OPTIONS = [
  { value: "one", label: "Only this lesson" },
  { value: "rest_of_series", label: "This and every later lesson of the series" },
];

/**
 * What cancelling now means, from the same rule the server applies: a parent on time gets a
 * make-up credit ("free until …"), a parent inside the notice window does not; a teacher's cancel
 * always gives the student one.
 */
export function CancelTerms({ lesson, side, now }: { lesson: LessonDTO; side: "parent" | "teacher"; now: Date }) {
  const outcome = cancellationOutcome({ by: side, startsAt: new Date(lesson.startsAt), now, noticeHours: lesson.noticeHours });
  if (lesson.status === "pending") return <Alert tone="info">The teacher has not accepted this request yet; cancelling withdraws it.</Alert>;
  if (side === "teacher") return <Alert tone="info">{lesson.student.firstName} gets a make-up credit for a lesson with you.</Alert>;
  if (!outcome.late) {
    return (
      <Alert tone="info">
        Free cancellation until {formatSlot(lesson.freeCancellationUntil)}: {lesson.student.firstName} gets a make-up credit to book another lesson with {lesson.teacher.firstName}.
      </Alert>
    );
  }
  // The charge the server will store (issue 28), from the same rule, the lesson's price and the policy in force now.
  const charge = cancellationChargeCents({ by: side, late: true, status: lesson.status, priceCents: lesson.priceCents, policy: lesson.lateCancelCharge });
  return (
    <Alert>
      This is a late cancellation: {lesson.teacher.firstName} asks for {lesson.noticeHours} hours' notice, and free cancellation ended {formatSlot(lesson.freeCancellationUntil)}. No make-up credit is given.
      {charge !== null ? <span className="mt-1 block font-medium">This late cancellation will be charged {formatMoney(charge)} under your teacher&apos;s policy.</span> : null}
    </Alert>
  );
}

export function CancelLessonDialog({
  lesson,
  side,
  open,
  onOpenChange,
}: LessonDialogProps) {
  return (
    <DialogWhenOpen open={open} onOpenChange={onOpenChange} title="Cancel Lesson" description={`${lessonTitle(lesson, side)} · ${when(lesson)}`}>
      <CancelForm lesson={lesson} side={side} onDone={() => onOpenChange(false)} />
    </DialogWhenOpen>
  );
}

function CancelForm({ lesson, side, onDone }: { lesson: LessonDTO; side: "parent" | "teacher"; onDone: () => void }) {
  const cancel = useCancelLesson(lesson);
  const form = useForm<CancelLessonInput, unknown, CancelLesson>({ resolver: zodResolver(cancelLessonSchema), defaultValues: { scope: "one", reason: "" } });
  const reasonError = form.formState.errors.reason?.message;
  const onSubmit = form.handleSubmit(({ scope, reason }) =>
    cancel.mutate(
      { scope, ...(reason ? { reason } : {}) },
      { onSuccess: onDone, onError: (error) => setServerErrors(error, form.setError, ["scope", "reason"]) },
    ),
  );
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <CancelTerms lesson={lesson} side={side} now={new Date()} />
      {lesson.seriesId ? (
        <ChoiceGroup id="cancel-scope" legend="Cancel" type="radio" variant="list" columns="space-y-1" options={SCOPE_OPTIONS} registration={form.register("scope")} error={form.formState.errors.scope?.message} />
      ) : null}
      {/* The teacher says why (optional); the family reads it in their lessons list and the email. */}
      {side === "teacher" ? (
        <ReasonField id="cancel-reason" error={reasonError} registration={form.register("reason")} />
      ) : null}
      {cancel.isError && !reasonError ? <Alert>{errorMessage(cancel.error, "Failed to cancel the lesson. Please try again.")}</Alert> : null}
      <FormActions variant="danger" submit="Cancel Lesson" pending={cancel.isPending} pendingLabel="Cancelling..." cancel="Keep Lesson" />
    </form>
  );
}
