import { formatLessonTime, lessonEventTitle } from "../../shared/booking/booking.rules";
import { EXPIRED_REQUEST_MESSAGE, PAST_REQUEST_MESSAGE, type BookingRequestDTO } from "../../shared/booking/booking.schemas";
import { MEETING_LINK_NEEDED_MESSAGE } from "../../shared/booking/lesson-place.rules";
import { AppError } from "../../shared/errors";
import { isRequestExpired } from "../../shared/lessons/pending-expiry.rules";
import { transactionWithRetry } from "../db/retry-transaction";
import type { Deps } from "../http/app-env";
import { bookingDecidedEmail } from "./booking.emails";
import * as repo from "./booking.repo";
import { needsMeetingLink, scheduleConflict, toDTOs } from "./booking.service";

/**
 * Accept or decline, in one transaction with the booking rows locked: accepting creates each
 * lesson's calendar event (the teacher owns it; the parent sees it through the student), declining
 * releases the slots. A lesson of a weekly series is decided with every still-pending lesson of
 * that series: the series is one request. Only the booking's teacher may decide, and only while
 * it is pending and not expired. Returns the decided lessons, first lesson first.
 */
export async function decide(
  deps: Pick<Deps, "db" | "mailer" | "logger" | "env">,
  teacherId: string,
  bookingId: string,
  decision: "accepted" | "declined",
  now = new Date(),
): Promise<BookingRequestDTO[]> {
  const ids = await transactionWithRetry(deps.db, async (tx) => {
    // The caller's own schedule: a booking of another teacher is "not found" below anyway.
    await repo.lockTeacherSchedule(tx, teacherId);
    const booking = await repo.lockBooking(tx, bookingId);
    if (!booking || booking.teacherId !== teacherId) throw new AppError("not_found", "Booking request not found");
    if (booking.status !== "pending") {
      throw new AppError("conflict", `This request was already ${booking.status}.`, { reason: "not_pending" });
    }
    const group = booking.seriesId ? await repo.lockSeriesBookings(tx, booking.seriesId) : [booking];
    const pending = group.filter((b) => b.status === "pending");
    if (decision === "accepted") await repo.holdTeacherRow(tx, teacherId);
    const rows = await repo.findRequests(tx, pending.map((b) => b.id));
    const first = rows[0]!;
    if (decision === "accepted") {
      if (first.startsAt <= now) throw new AppError("conflict", PAST_REQUEST_MESSAGE, { reason: "expired" });
      if (isRequestExpired(first, now)) throw new AppError("conflict", EXPIRED_REQUEST_MESSAGE, { reason: "expired" });
      // Both sides are shown the link from acceptance on: an online lesson is never accepted without one.
      if (rows.some(needsMeetingLink)) throw new AppError("conflict", MEETING_LINK_NEEDED_MESSAGE, { reason: "meeting_link_needed" });
    }
    const decided = rows.map((row) => row.id);
    await repo.setBookingStatus(tx, decided, decision, now);
    if (decision === "declined") {
      await repo.releaseSlots(tx, rows.map((row) => row.slotId));
    } else {
      await repo.insertLessonEvents(
        tx,
        rows.map((row) => ({
          ownerUserId: row.teacherUserId,
          teacherId,
          studentId: row.studentId,
          bookingId: row.id,
          title: lessonEventTitle(row.bookingType as "intro" | "full", row.studentFirstName),
          startsAt: row.startsAt,
          endsAt: row.endsAt,
        })),
      );
    }
    return decided;
  }).catch((error: unknown) => {
    throw scheduleConflict(error);
  });
  const rows = await repo.findRequests(deps.db, ids);
  const first = rows[0]!;
  await deps.mailer
    .send(bookingDecidedEmail(deps.env.PUBLIC_URL, first, decision, formatLessonTime(first.startsAt, first.teacherTimeZone), rows.length))
    .catch((error: unknown) => deps.logger.error({ err: error }, "booking decision email failed"));
  return toDTOs(rows, now);
}
