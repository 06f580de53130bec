import type { SlotDTO } from "../../../shared/booking/booking.schemas";

/**
 * The booking flow as one state machine (spec sections 4 and 9):
 *
 *   selecting ──continued──▶ (Select Student when none yet) ──▶ review ──requestSent──▶ sent ──sentShown──▶ confirmed
 *       ▲                                                         │
 *       └──────────── backToTimes / timeTaken / last time removed ┘
 *
 * Pure: the panel's components dispatch, effects (the request, the 2-second timer) live in the
 * panel. An action that makes no sense in the current step returns the same state object, so a
 * stray click (or a late response) cannot jump the flow. A future entry point (a class page
 * booking with a preselected student, a recurring-lesson option) adds its fields and actions here.
 */
export type BookingStep = "selecting" | "review" | "sent" | "confirmed";

export interface BookingFlowState {
  step: BookingStep;
  /** The calendar's month, "yyyy-MM". */
  month: string;
  /** The last month the calendar may show: lessons are booked up to 12 months ahead (booking-horizon.rules). */
  lastMonth: string;
  /** The day whose open times are shown, "yyyy-MM-dd"; null until one is picked. */
  day: string | null;
  /** The chosen times, sorted by start. */
  selected: readonly SlotDTO[];
  studentId: string | null;
  /** Select Student is open over the current step. */
  choosingStudent: boolean;
}

export type BookingFlowAction =
  | { type: "monthShown"; month: string }
  | { type: "dayPicked"; day: string | null }
  | { type: "timeToggled"; slot: SlotDTO }
  | { type: "timeRemoved"; startsAt: string }
  | { type: "continued" }
  | { type: "studentDialogOpened" }
  | { type: "studentDialogClosed" }
  | { type: "studentChosen"; studentId: string }
  | { type: "backToTimes" }
  | { type: "requestSent" }
  | { type: "timeTaken" }
  | { type: "sentShown" };

export function initialBookingFlow({
  month,
  lastMonth,
  studentId,
}: {
  month: string;
  lastMonth: string;
  studentId: string | null;
}): BookingFlowState {
  return { step: "selecting", month, lastMonth, day: null, selected: [], studentId, choosingStudent: false };
}

const byStart = (a: SlotDTO, b: SlotDTO) => a.startsAt.localeCompare(b.startsAt);

export function bookingFlowReducer(state: BookingFlowState, action: BookingFlowAction): BookingFlowState {
  switch (action.type) {
    case "monthShown":
      // A new month shows no day until one is picked.
      if (state.step !== "selecting" || (state.month === action.month && state.day === null)) return state;
      // Past the booking horizon there is nothing to book; the server would refuse the month.
      if (action.month > state.lastMonth) return state;
      return { ...state, month: action.month, day: null };

    case "dayPicked":
      if (state.step !== "selecting" || state.day === action.day) return state;
      return { ...state, day: action.day };

    case "timeToggled": {
      if (state.step !== "selecting") return state;
      const chosen = state.selected.some((s) => s.startsAt === action.slot.startsAt);
      const selected = chosen ? state.selected.filter((s) => s.startsAt !== action.slot.startsAt) : [...state.selected, action.slot].sort(byStart);
      return { ...state, selected };
    }

    case "timeRemoved": {
      if (state.step !== "selecting" && state.step !== "review") return state;
      if (!state.selected.some((s) => s.startsAt === action.startsAt)) return state;
      const selected = state.selected.filter((s) => s.startsAt !== action.startsAt);
      // Removing the last time returns to selecting (spec section 4).
      return { ...state, selected, step: selected.length === 0 ? "selecting" : state.step };
    }

    case "continued":
      if (state.step !== "selecting" || state.selected.length === 0) return state;
      // No student yet: Select Student opens first, and choosing one leads on to the review.
      return state.studentId ? { ...state, step: "review" } : { ...state, choosingStudent: true };

    case "studentDialogOpened":
      // "Change" on the review; from the times, Continue opens it.
      if (state.step !== "review" || state.choosingStudent) return state;
      return { ...state, choosingStudent: true };

    case "studentDialogClosed":
      if (!state.choosingStudent) return state;
      return { ...state, choosingStudent: false };

    case "studentChosen":
      if (!state.choosingStudent || (state.step !== "selecting" && state.step !== "review")) return state;
      return { ...state, studentId: action.studentId, choosingStudent: false, step: state.selected.length > 0 ? "review" : state.step };

    case "backToTimes":
      if (state.step !== "review") return state;
      return { ...state, step: "selecting" };

    case "requestSent":
      // Also from selecting: a parent who went back while the request was on its way still sees it sent.
      if (state.step !== "review" && state.step !== "selecting") return state;
      return { ...state, step: "sent", choosingStudent: false };

    case "timeTaken":
      // Someone else took a time: back to the calendar (refreshed by the mutation) with nothing chosen.
      if (state.step !== "review" && state.step !== "selecting") return state;
      return { ...state, step: "selecting", selected: [] };

    case "sentShown":
      if (state.step !== "sent") return state;
      return { ...state, step: "confirmed" };
  }
}
