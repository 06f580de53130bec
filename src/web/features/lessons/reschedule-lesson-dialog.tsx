import { format, startOfMonth } from "date-fns";
import { useMemo, useReducer, useState, type Dispatch } from "react";
import { bookingHorizonEnd } from "../../../shared/booking/booking-horizon.rules";
import type { SlotsResponse } from "../../../shared/booking/booking.schemas";
import { movedFormat } from "../../../shared/booking/lesson-place.rules";
import type { LessonDTO } from "../../../shared/lessons/lessons.schemas";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Choice } from "../../components/ui/choice";
import { DialogClose, DialogWhenOpen } from "../../components/ui/dialog";
import { errorMessage } from "../../lib/api";
import { viewerTimeZone } from "../../lib/time-zone";
import { bookingFlowReducer, initialBookingFlow, type BookingFlowAction } from "../booking/booking-flow.reducer";
import { ChooseTimesStep } from "../booking/choose-times-step";
import { formatSlot } from "../booking/format-time";
import { useMonthSlots } from "../booking/use-booking";
import { lessonTitle, when } from "./lesson-labels";
import type { LessonDialogProps } from "./lesson-labels";
import { useRescheduleLesson } from "./use-lessons";
import { ChangeSeriesForm } from "./change-series-form";

export function RescheduleLessonDialog({
  lesson,
  side,
  open,
  onOpenChange,
}: LessonDialogProps) {
  return (
    <DialogWhenOpen open={open} onOpenChange={onOpenChange} title="Reschedule Lesson" description={`${lessonTitle(lesson, side)} · now ${when(lesson)}`} width="3xl">
      {/* Only a lesson whose teacher is still here can move (a deleted teacher's lessons are all cancelled). */}
      {lesson.teacher.id ? <RescheduleChoice lesson={lesson} teacherId={lesson.teacher.id} onDone={() => onOpenChange(false)} /> : null}
    </DialogWhenOpen>
  );
}

/**
 * A lesson of a weekly series moves on its own (today's move) or with every later lesson of its
 * series to a new weekday and time (issue 44); any other lesson only on its own.
 */
function RescheduleChoice({ lesson, teacherId, onDone }: { lesson: LessonDTO; teacherId: string; onDone: () => void }) {
  const [scope, setScope] = useState<"one" | "following">("one");
  if (!lesson.seriesId) return <RescheduleFlow lesson={lesson} teacherId={teacherId} onDone={onDone} />;
  return (
    <div className="space-y-4">
      <fieldset>
        <legend className="mb-1 block text-sm font-medium text-slate-800">Move</legend>
        <div className="flex flex-col gap-1 sm:flex-row sm:gap-6">
          <Choice id="move-scope-one" type="radio" name="move-scope" label="This lesson only" checked={scope === "one"} onChange={() => setScope("one")} />
          <Choice
            id="move-scope-following"
            type="radio"
            name="move-scope"
            label="This and all following lessons"
            checked={scope === "following"}
            onChange={() => setScope("following")}
          />
        </div>
      </fieldset>
      {scope === "one" ? <RescheduleFlow lesson={lesson} teacherId={teacherId} onDone={onDone} /> : <ChangeSeriesForm lesson={lesson} onDone={onDone} />}
    </div>
  );
}

/**
 * The booking panel's slot picker, picking one time: a new pick replaces the last. The server
 * moves the lesson in one transaction; a time someone took a moment earlier comes back as 409.
 */
function RescheduleFlow({ lesson, teacherId, onDone }: { lesson: LessonDTO; teacherId: string; onDone: () => void }) {
  const timeZone = viewerTimeZone();
  const [flow, dispatch] = useReducer(
    bookingFlowReducer,
    { month: format(startOfMonth(new Date(lesson.startsAt)), "yyyy-MM"), lastMonth: format(bookingHorizonEnd(new Date()), "yyyy-MM"), studentId: lesson.student.id },
    initialBookingFlow,
  );
  const monthSlots = useMonthSlots(teacherId, flow.month, lesson.bookingType);
  // A moved lesson keeps its format (issue 26): only times that offer it are shown.
  const data = useMemo(() => keepingFormat(monthSlots.data, lesson), [monthSlots.data, lesson]);
  const slots = { data, isPending: monthSlots.isPending, isError: monthSlots.isError };
  const move = useRescheduleLesson(lesson);
  const pickOne: Dispatch<BookingFlowAction> = (action) => {
    if (action.type === "timeToggled") {
      for (const s of flow.selected) if (s.startsAt !== action.slot.startsAt) dispatch({ type: "timeRemoved", startsAt: s.startsAt });
    }
    dispatch(action);
  };
  const picked = flow.selected[0] ?? null;
  const footer = (
    <div className="space-y-3">
      {move.isError ? <Alert>{errorMessage(move.error, "Failed to move the lesson. Please try again.")}</Alert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
        <DialogClose asChild>
          <Button variant="secondary">Keep Current Time</Button>
        </DialogClose>
        <Button disabled={!picked || move.isPending} onClick={() => picked && move.mutate(picked.startsAt, { onSuccess: onDone })}>
          {move.isPending ? "Moving..." : picked ? `Move to ${formatSlot(picked.startsAt)}` : "Choose a new time"}
        </Button>
      </div>
    </div>
  );
  return <ChooseTimesStep flow={flow} slots={slots} timeZone={timeZone} refusal={null} dispatch={pickOne} footer={footer} pickOne />;
}

function keepingFormat(data: SlotsResponse | undefined, lesson: Pick<LessonDTO, "bookingType" | "format">): SlotsResponse | undefined {
  if (!data) return data;
  const days: SlotsResponse["days"] = {};
  for (const [day, slots] of Object.entries(data.days)) {
    const kept = slots.filter((slot) => movedFormat(lesson.bookingType, lesson.format, slot.format) !== null);
    if (kept.length > 0) days[day] = kept;
  }
  return { ...data, days };
}
