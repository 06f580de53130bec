import type { LiveEventPayloads } from "../../shared/messages/messages.api";
import type { Deps } from "../deps";
import { publishLiveEvents } from "./live.service";
import { bookingPartyUserIds } from "./live.repo";

type LessonEvent =
  | { type: "booking_decided"; payload: LiveEventPayloads["booking_decided"] }
  | { type: "lesson_changed"; payload: LiveEventPayloads["lesson_changed"] };

/**
 * Tells the other side of some bookings, live, that they changed (accepted, declined, cancelled,
 * moved, attendance recorded), so their open pages refresh every list, calendar and tile showing
 * those lessons without a reload. Called after the change committed (the acting side refreshes
 * through its own request); a failure here is logged, never undoes or fails the change.
 */
export async function tellOtherSide(
  deps: Pick<Deps, "db" | "driver" | "logger">,
  /** Who acted (left out); null only where the acting side's user cannot be read. */
  actorUserId: string | null,
  event: LessonEvent,
): Promise<void> {
  try {
    const recipients = (await bookingPartyUserIds(deps.db, event.payload.bookingIds)).filter((userId) => userId !== actorUserId);
    if (recipients.length === 0) return;
    await publishLiveEvents(
      deps,
      recipients.map((userId) => ({ userId, type: event.type, payload: event.payload })),
    );
  } catch (error) {
    deps.logger.error({ err: error, type: event.type }, "lesson live event failed");
  }
}
