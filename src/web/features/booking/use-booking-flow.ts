import { format, startOfMonth } from "date-fns";
import { useEffect, useReducer, useState } from "react";
import type { BookingType } from "../../../shared/booking/booking.constants";
import { bookingHorizonEnd } from "../../../shared/booking/booking-horizon.rules";
import { viewerTimeZone } from "../../lib/time-zone";
import { useStudents } from "../students/use-students";
import { bookingFlowReducer, flowFormat, initialBookingFlow, isSeries, requestedTimes, type BookingFlowState } from "./booking-flow.reducer";
import { refusalAction } from "./request-refusal";
import { useMonthSlots, useRequestBooking } from "./use-booking";

/** Spec section 9: the Request Sent overlay shows for 2 seconds, then the confirmation. */
export const REQUEST_SENT_MS = 2000;

/**
 * Owns the booking flow's state (one reducer) and its effects: the month's slots, the request and
 * its refusals, the Request Sent timer, the make-up credit choice.
 */
export function useBookingFlow({
  teacherId,
  bookingType,
  initialStudentId,
  classId,
  searchedFormat,
}: {
  teacherId: string;
  bookingType: BookingType;
  initialStudentId: string | null;
  classId: string | undefined;
  searchedFormat: string | null;
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
  const slots = useMonthSlots(teacherId, flow.month, bookingType);
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
        teacherId,
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


  return { flow, dispatch, timeZone, slots, request, student, useCredit, setUseCredit, creditEligible, offered, lessonFormat, send, skipAndSend, refusal, named };
}
