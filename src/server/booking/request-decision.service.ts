import { lessonEventTitle } from "../../shared/booking/booking.rules";
import { EXPIRED_REQUEST_MESSAGE, PAST_REQUEST_MESSAGE, type BookingRequestDTO } from "../../shared/booking/booking.schemas";
import { MEETING_LINK_NEEDED_MESSAGE } from "../../shared/booking/lesson-place.rules";
import { acceptBusyMessage } from "../../shared/calendar/busy-calendars.schemas";
import { AppError } from "../../shared/errors";
import { busyTimesOverlapping } from "../calendar";
import { isRequestExpired } from "../../shared/lessons/pending-expiry.rules";
import { hasBothSides } from "../db/booking-parties";
import { transactionWithRetry } from "../db/retry-transaction";
import type { Deps } from "../deps";
import { tellOtherSide } from "../live";
import { returnSpentCredits } from "./credits.service";
import { bookingDecidedEmail } from "./booking.emails";
import { toEachGuardian } from "./lesson-mail";
import * as repo from "./booking.repo";
import { waitlistTimesFreed } from "../waitlist";
import { lessonMailContexts } from "../db/lesson-mail-contexts";
import { needsMeetingLink, scheduleConflict, suggestedPriceFor, toDTOs } from "./booking.service";
import type { Executor } from "../db/client";

export const INTRO_CALL_FREE_MESSAGE = "An intro call is free: it cannot be given a price.";

/**
 * The price stored on an accepted request (issue 28): the one the teacher confirmed, else the
 * suggestion the dialog showed. An intro call is always free; a price above $0 sent for one is
 * refused (400) rather than silently dropped, so a client bug cannot hide.
 */
async function agreedPrice(tx: Executor, teacherId: string, first: repo.RequestListRow, sent: number | undefined): Promise<number> {
  if (first.bookingType === "intro") {
    if (sent !== undefined && sent !== 0) throw new AppError("validation", INTRO_CALL_FREE_MESSAGE, { fields: { priceCents: INTRO_CALL_FREE_MESSAGE } });
    return 0;
  }
  if (sent !== undefined) return sent;
  return suggestedPriceFor(first, await repo.priceSuggestionSources(tx, teacherId, first.parentId ? [first.parentId] : []));
}

/**
 * Accept or decline, in one transaction with the booking rows locked: accepting creates each
 * lesson's calendar event (the teacher owns it; the parent sees it through the student), declining
 * releases the slots. A lesson of a weekly series is decided with every still-pending lesson of
 * that series: the series is one request. Only the booking's teacher may decide, and only while
 * it is pending and not expired. A decline may carry the teacher's reason (stored on each declined
 * lesson, told to the family). Returns the decided lessons, first lesson first.
 */
export async function decide(
  deps: Pick<Deps, "db" | "driver" | "mailer" | "logger" | "env">,
  teacherId: string,
  bookingId: string,
  decision: "accepted" | "declined",
  options: { reason?: string | null; priceCents?: number } = {},
  now = new Date(),
): Promise<BookingRequestDTO[]> {
  const reason = options.reason ?? null;
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
    // Closing an account cancels its pending requests; one whose family is gone is no request.
    if (!rows.every(hasBothSides)) throw new AppError("conflict", "This request was cancelled: the family closed their account.", { reason: "not_pending" });
    const first = rows[0]!;
    if (decision === "accepted") {
      if (first.startsAt <= now) throw new AppError("conflict", PAST_REQUEST_MESSAGE, { reason: "expired" });
      if (isRequestExpired(first, now)) throw new AppError("conflict", EXPIRED_REQUEST_MESSAGE, { reason: "expired" });
      // Both sides are shown the link from acceptance on: an online lesson is never accepted without one.
      if (rows.some(needsMeetingLink)) throw new AppError("conflict", MEETING_LINK_NEEDED_MESSAGE, { reason: "meeting_link_needed" });
      // A busy time imported from the teacher's own calendars after the request was sent (issue 46).
      await refuseBusyTimes(tx, teacherId, rows);
    }
    const price = decision === "accepted" ? await agreedPrice(tx, teacherId, first, options.priceCents) : null;
    const decided = rows.map((row) => row.id);
    // A series is one request: every lesson of it gets the same price.
    if (decision === "declined") {
      await declineLockedRequests(tx, rows, now, reason);
      // The declined times go to the families waiting for them (issue 44).
      await waitlistTimesFreed(tx, teacherId, rows, now);
    } else {
      await repo.setBookingStatus(tx, decided, decision, now, null, price);
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
    // The family's email is stored with the decision: it exists exactly when the decision does;
    // one to each guardian, on their own clock (issue 45).
    const contexts = await lessonMailContexts(tx, decided);
    await deps.mailer.enqueueMany(
      tx,
      toEachGuardian(contexts, (lessons) => bookingDecidedEmail(deps.env.PUBLIC_URL, lessons, decision)),
    );
    return decided;
  }).catch((error: unknown) => {
    throw scheduleConflict(error);
  });
  deps.mailer.kick();
  const rows = await repo.findRequests(deps.db, ids);
  const first = rows[0]!;
  // The family's open pages (requests, lessons, calendar, tiles) update at once.
  await tellOtherSide(deps, first.teacherUserId, { type: "booking_decided", payload: { bookingIds: ids, decision } });
  return toDTOs(rows, now);
}

/** A 409 naming the calendar when any of the lessons overlaps one of the teacher's imported busy times. */
async function refuseBusyTimes(tx: Executor, teacherId: string, rows: readonly { startsAt: Date; endsAt: Date }[]): Promise<void> {
  const busy = await busyTimesOverlapping(tx, teacherId, rows);
  if (busy.length === 0) return;
  const overlapping = rows.filter((row) => busy.some((b) => b.startsAt < row.endsAt && b.endsAt > row.startsAt));
  throw new AppError("conflict", acceptBusyMessage(busy.map((b) => b.calendarLabel), overlapping.length, rows.length), {
    reason: "busy",
    details: { busyStarts: overlapping.map((row) => row.startsAt.toISOString()) },
  });
}

/**
 * Declines requests whose rows the caller has locked: the slots are freed and a make-up credit
 * spent on a request comes back to the family (issue 26), once. The teacher's decline and a
 * suspended teacher's pending requests (lessons) both go through here.
 */
export async function declineLockedRequests(tx: Executor, requests: readonly { id: string; slotId: string }[], now: Date, reason: string | null = null): Promise<void> {
  const ids = requests.map((r) => r.id);
  await repo.setBookingStatus(tx, ids, "declined", now, reason, null);
  await repo.releaseSlots(tx, requests.map((r) => r.slotId));
  await returnSpentCredits(tx, ids, "declined", now);
}
