import { format, startOfMonth } from "date-fns";
import { useEffect, useReducer, useState } from "react";
import type { BookingType, InPersonPlace } from "../../../shared/booking/booking.constants";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { useStudents } from "../students/use-students";
import { bookingHorizonEnd } from "../../../shared/booking/booking-horizon.rules";
import { bookingFlowReducer, canSkipRefused, flowFormat, initialBookingFlow, isSeries, requestedTimes, type BookingFlowState } from "./booking-flow.reducer";
import { ChooseTimesStep } from "./choose-times-step";
import { FormatChoice } from "./format-choice";
import { refusalAction } from "./request-refusal";
import { RequestConfirmedStep, RequestSentStep } from "./request-sent-step";
import { ReviewStep } from "./review-step";
import { SelectStudentDialog } from "./select-student-dialog";
import { viewerTimeZone } from "../../lib/time-zone";
import { useMonthSlots, useRequestBooking } from "./use-booking";
import { MakeUpCreditOption } from "../lessons/credits-panel";

export interface BookableTeacher {
  id: string;
  firstName: string;
  lastName: string;
  hourlyRateMin: number;
  hourlyRateMax: number;
  /** Where the teacher gives in-person lessons, to say so in the format step. */
  inPersonPlace?: InPersonPlace;
}

/** Spec section 9: the Request Sent overlay shows for 2 seconds, then the confirmation. */
export const REQUEST_SENT_MS = 2000;

/**
 * The booking panel: month calendar → times (in the viewer's zone) → selected list → student →
 * review (no payment is taken) → Request Sent → confirmed. The server re-checks every time.
 * Any page can open it: `initialStudentId` preselects the student, `classId` books for a class,
 * `searchedFormat` (the search's lesson type: "in_person" or "online") preselects the format.
 */
export function BookingPanel({
  teacher,
  bookingType,
  initialStudentId,
  classId,
  searchedFormat,
  open,
  onOpenChange,
}: {
  teacher: BookableTeacher;
  bookingType: BookingType;
  initialStudentId?: string | null;
  classId?: string;
  searchedFormat?: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <DialogContent
          title={bookingType === "intro" ? "Book an Introduction Call" : "Book a Lesson"}
          description={`with ${teacher.firstName} ${teacher.lastName}`}
          width="3xl"
        >
          <BookingFlow
            teacher={teacher}
            bookingType={bookingType}
            initialStudentId={initialStudentId ?? null}
            classId={classId}
            searchedFormat={searchedFormat ?? null}
            onClose={() => onOpenChange(false)}
          />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

/** Owns the flow's state (one reducer) and its effects: the month's slots, the request, the Request Sent timer. */
function BookingFlow({
  teacher,
  bookingType,
  initialStudentId,
  classId,
  searchedFormat,
  onClose,
}: {
  teacher: BookableTeacher;
  bookingType: BookingType;
  initialStudentId: string | null;
  classId: string | undefined;
  searchedFormat: string | null;
  onClose: () => void;
}) {
  const timeZone = viewerTimeZone();
  const [flow, dispatch] = useReducer(
    bookingFlowReducer,
    {
      month: format(startOfMonth(new Date()), "yyyy-MM"),
      // The viewer's own month of the horizon's last instant, as the calendar counts months.
      lastMonth: format(bookingHorizonEnd(new Date()), "yyyy-MM"),
      studentId: initialStudentId,
    },
    initialBookingFlow,
  );
  const slots = useMonthSlots(teacher.id, flow.month, bookingType);
  const students = useStudents();
  const request = useRequestBooking();
  const student = students.data?.find((s) => s.id === flow.studentId) ?? null;
  // A make-up credit books one full lesson (issue 14); the server refuses anything else.
  const [useCredit, setUseCredit] = useState(false);
  const creditEligible = bookingType === "full" && flow.selected.length === 1 && flow.repeat.mode === "once";

  useEffect(() => {
    if (flow.step !== "sent") return;
    const timer = setTimeout(() => dispatch({ type: "sentShown" }), REQUEST_SENT_MS);
    return () => clearTimeout(timer);
  }, [flow.step]);

  // Issue 26: how the lesson takes place, among what every chosen time offers.
  const { offered, format: lessonFormat } = flowFormat(flow, bookingType, searchedFormat);

  /** Sends the request of `state` (the flow as it is, or as it is once the refused times are skipped). */
  const send = (state: BookingFlowState) => {
    if (!state.studentId || !lessonFormat) return;
    const series = isSeries(state, bookingType);
    const eligible = bookingType === "full" && state.selected.length === 1 && state.repeat.mode === "once";
    dispatch({ type: "requestStarted" });
    request.mutate(
      {
        teacherId: teacher.id,
        studentId: state.studentId,
        bookingType,
        format: lessonFormat,
        ...requestedTimes(state, bookingType),
        ...(classId ? { classId } : {}),
        ...(useCredit && eligible ? { useMakeUpCredit: true } : {}),
      },
      {
        onSuccess: () => dispatch({ type: "requestSent" }),
        // Refused times are named and the others stay chosen (request-refusal.ts).
        onError: (error) => dispatch(refusalAction(error, series)),
      },
    );
  };

  /** "Skip these and send": the refused times (or weeks) left out, the rest sent at once. */
  const skipAndSend = () => {
    const skipped = bookingFlowReducer(flow, { type: "unavailableSkipped" });
    dispatch({ type: "unavailableSkipped" });
    send(skipped);
  };
  const refusal = flow.refusal;
  const named = refusal && refusal.unavailable.length > 0 ? refusal : null;

  const step = (() => {
    switch (flow.step) {
      case "sent":
        return <RequestSentStep />;
      case "confirmed":
        return <RequestConfirmedStep teacherFirstName={teacher.firstName} bookings={request.data?.bookings ?? []} onClose={onClose} />;
      case "review":
        return (
          <ReviewStep
            bookingType={bookingType}
            teacher={teacher}
            studentName={student ? `${student.firstName} ${student.lastName}` : null}
            selected={flow.selected}
            timeZone={timeZone}
            requestError={refusal && !named ? refusal.message : null}
            sending={request.isPending}
            onSend={() => send(flow)}
            repeat={flow.repeat}
            unavailable={
              named
                ? {
                    message: named.message,
                    times: named.unavailable,
                    series: named.series,
                    leadHours: named.leadHours,
                    onSkip: canSkipRefused(flow) ? skipAndSend : undefined,
                  }
                : null
            }
            dispatch={dispatch}
            how={
              <FormatChoice
                bookingType={bookingType}
                offered={offered}
                value={lessonFormat}
                teacherFirstName={teacher.firstName}
                inPersonPlace={teacher.inPersonPlace}
                onChange={(chosen) => dispatch({ type: "formatChosen", format: chosen })}
              />
            }
            formatMissing={lessonFormat === null}
            extra={<MakeUpCreditOption teacherId={teacher.id} studentId={flow.studentId} eligible={creditEligible} checked={useCredit} onChange={setUseCredit} />}
          />
        );
      case "selecting":
        return <ChooseTimesStep flow={flow} slots={slots} timeZone={timeZone} refusal={refusal} dispatch={dispatch} />;
    }
  })();

  return (
    <>
      {step}
      <SelectStudentDialog
        open={flow.choosingStudent}
        onOpenChange={(open) => !open && dispatch({ type: "studentDialogClosed" })}
        onSelect={(studentId) => dispatch({ type: "studentChosen", studentId })}
      />
    </>
  );
}
