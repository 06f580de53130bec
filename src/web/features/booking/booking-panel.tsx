import type { BookingType, InPersonPlace } from "../../../shared/booking/booking.constants";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { canSkipRefused } from "./booking-flow.reducer";
import { ChooseTimesStep } from "./choose-times-step";
import { FormatChoice } from "./format-choice";
import { RequestConfirmedStep, RequestSentStep } from "./request-sent-step";
import { ReviewStep } from "./review-step";
import { SelectStudentDialog } from "./select-student-dialog";
import { useBookingFlow } from "./use-booking-flow";
import { MakeUpCreditOption } from "../lessons/credits-panel";
import { JoinWaitlistButton } from "../waitlist/join-waitlist-button";

export interface BookableTeacher {
  id: string;
  firstName: string;
  lastName: string;
  hourlyRateMin: number;
  hourlyRateMax: number;
  /** Where the teacher gives in-person lessons, to say so in the format step. */
  inPersonPlace?: InPersonPlace;
}

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

/** The steps of the flow; its state and effects are useBookingFlow's. */
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
  const { flow, dispatch, timeZone, slots, request, student, useCredit, setUseCredit, creditEligible, offered, lessonFormat, send, skipAndSend, refusal, named } =
    useBookingFlow({ teacherId: teacher.id, bookingType, initialStudentId, classId, searchedFormat });

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
        return (
          <ChooseTimesStep
            flow={flow}
            slots={slots}
            timeZone={timeZone}
            refusal={refusal}
            dispatch={dispatch}
            noTimeSuits={<JoinWaitlistButton teacherId={teacher.id} teacherName={`${teacher.firstName} ${teacher.lastName}`} className="mt-4 max-w-xs border-t border-slate-100 pt-3" />}
          />
        );
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
