import { z } from "zod";
import { boundedText } from "../text.schemas";
import { REASON_MAX } from "./booking.constants";

/**
 * A teacher's reason for declining a request or cancelling a lesson (issue 26): optional, short,
 * shown to the family in the app and in the email. Blank means none (stored as null).
 */
export const reasonSchema = boundedText("Reason", REASON_MAX).transform((reason) => reason || null);

/** POST /api/bookings/:bookingId/decline: the body is optional (an empty one declines without a reason). */
export const declineRequestSchema = z.object({ reason: reasonSchema.optional() }, { error: "Send the decline as a JSON object" });
export type DeclineRequestInput = z.input<typeof declineRequestSchema>;
export type DeclineRequest = z.output<typeof declineRequestSchema>;
