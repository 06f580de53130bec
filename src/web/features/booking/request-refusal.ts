import { unavailableDetailsSchema } from "../../../shared/booking/booking.schemas";
import { AppError } from "../../../shared/errors";
import { errorMessage } from "../../lib/api";
import type { BookingFlowAction } from "./booking-flow.reducer";

export const REQUEST_FAILED_MESSAGE = "Failed to create booking. Please try again.";

/**
 * What the flow does with a refused request. A 409 naming the chosen times it cannot book
 * (`details.unavailable`, bookable-times.ts) keeps the others chosen and offers to skip those; a
 * time someone took in the same instant, which the server cannot name (the exclusion constraint),
 * sends the parent back to the refreshed calendar; anything else (busy schedule, no credit left,
 * a network failure) stays where it is with the message, to try again.
 */
export function refusalAction(error: unknown, series: boolean): BookingFlowAction {
  const message = errorMessage(error, REQUEST_FAILED_MESSAGE);
  if (error instanceof AppError) {
    const details = unavailableDetailsSchema.safeParse(error.details);
    if (details.success && details.data.unavailable.length > 0) {
      return { type: "requestRefused", refusal: { message, unavailable: details.data.unavailable, series, leadHours: details.data.leadHours ?? 0 } };
    }
    if (error.code === "conflict" && error.reason === "slot_taken") return { type: "timeTaken", message };
  }
  return { type: "requestRefused", refusal: { message, unavailable: [], series, leadHours: 0 } };
}
