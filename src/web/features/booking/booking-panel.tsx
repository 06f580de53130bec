import { format, startOfMonth } from "date-fns";
import { useEffect, useReducer, useState } from "react";
import type { BookingType, InPersonPlace } from "../../../shared/booking/booking.constants";
import { AppError } from "../../../shared/errors";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { errorMessage } from "../../lib/api";
import { useStudents } from "../students/use-students";
import { bookingHorizonEnd } from "../../../shared/booking/booking-horizon.rules";
import { bookingFlowReducer, flowFormat, initialBookingFlow, isSeries, requestedTimes } from "./booking-flow.reducer";
import { unavailableDetailsSchema } from "../../../shared/booking/booking.schemas";
import { ChooseTimesStep } from "./choose-times-step";
import { FormatChoice } from "./format-choice";
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
  const requestError = request.isError ? errorMessage(request.error, "Failed to create booking. Please try again.") : null;

  useEffect(() => {
    if (flow.step !== "sent") return;
    const timer = setTimeout(() => dispatch({ type: "sentShown" }), REQUEST_SENT_MS);
    return () => clearTimeout(timer);
  }, [flow.step]);

  const series = isSeries(flow, bookingType);
  // Issue 26: how the lesson takes place, among what every chosen time offers.
  const { offered, format: lessonFormat } = flowFormat(flow, bookingType, searchedFormat);
  // A series the server refused for some of its dates: those dates, to show and to skip.
  const unavailable = series && request.error instanceof AppError ? unavailableDetailsSchema.safeParse(request.error.details).data : undefined;

  /** Sends the request; `skipMore` leaves out further lessons of the series (the ones just refused). */
  const send = (skipMore: readonly string[] = []) => {
    if (!flow.studentId || !lessonFormat) return;
    if (skipMore.length > 0) dispatch({ type: "datesSkipped", startsAts: skipMore });
    const times = requestedTimes({ ...flow, skip: [...flow.skip, ...skipMore] }, bookingType);
    request.mutate(
      { teacherId: teacher.id, studentId: flow.studentId, bookingType, format: lessonFormat, ...times, ...(classId ? { classId } : {}), ...(useCredit && creditEligible ? { useMakeUpCredit: true } : {}) },
      {
        onSuccess: () => dispatch({ type: "requestSent" }),
        onError: (error) => {
          // A series stays on the review, listing the dates it cannot have (to skip them).
          if (series && error instanceof AppError && unavailableDetailsSchema.safeParse(error.details).success) return;
          // Someone else took a time: the calendar refreshes and the parent picks again.
          if (error instanceof AppError && error.code === "conflict") dispatch({ type: "timeTaken" });
        },
      },
    );
  };

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
            requestError={requestError}
            sending={request.isPending}
            onSend={() => send()}
            repeat={flow.repeat}
            unavailable={
              unavailable ? { message: requestError ?? "", times: unavailable.unavailable, onSkip: () => send(unavailable.unavailable.map((u) => u.startsAt)) } : null
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
        return <ChooseTimesStep flow={flow} slots={slots} timeZone={timeZone} requestError={requestError} dispatch={dispatch} />;
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
