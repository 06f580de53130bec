import { BOOKING_TYPES, type BookingFormat, type BookingType } from "../../shared/booking/booking.constants";
import { BOOKING_HORIZON_MESSAGE, bookingHorizonEnd, isWithinBookingHorizon } from "../../shared/booking/booking-horizon.rules";
import { requestFormat } from "../../shared/booking/lesson-place.rules";
import { expiryStarts, isRequestExpired, requestAnswerBy } from "../../shared/lessons/pending-expiry.rules";
import {
  PAST_TIME_MESSAGE,
  SCHEDULE_BUSY_MESSAGE,
  SLOT_TAKEN_MESSAGE,
  type BookingRequestDTO,
  type CreateBookingInput,
  type SlotsQuery,
} from "../../shared/booking/booking.schemas";
import { anyOverlap, monthRange, openSlots, openSlotTimes, viewerDayPositions, type Slot } from "../../shared/booking/slots.rules";
import { earliestBookableStart } from "../../shared/booking/lead-time.rules";
import { wantedTimes } from "../../shared/booking/wanted-times.rules";
import { blockedIntervals } from "../../shared/lessons/time-off.rules";
import { AppError } from "../../shared/errors";
import { suggestedLessonPrice } from "../../shared/invoices/money.rules";
import { TEACHER_NOT_FOUND_MESSAGE } from "../../shared/teachers/public-profile.schemas";
import { bookingSides } from "../db/booking-parties";
import type { Executor } from "../db/client";
import { transactionWithRetry } from "../db/retry-transaction";
import type { Deps } from "../deps";
import { pgErrorCode } from "../http/errors";
import { findPublicTeacherOrThrow, isTeacherOfViewer, knownParent, noParent, type ParentViewer } from "../teachers";
import { assertClassForBooking } from "../classes";
import { publishLiveEvents } from "../live";
import { spendMakeUpCredit } from "./credits.service";
import * as repo from "./booking.repo";
import { lessonMailContexts } from "../db/lesson-mail-contexts";
import { bookingRequestedEmail, bookingRequestSentEmail } from "./booking.emails";
import { toEachGuardian } from "./lesson-mail";
import type { MonthSlots } from "./slots-json";
import { checkBookableTimes, unavailableTimesError } from "./bookable-times";

/**
 * Only a discoverable teacher takes bookings from new families; a hidden teacher still takes them
 * from the families already with them (public-profile.service.ts). Anyone else: "not found".
 */
const bookableTeacher = (deps: Pick<Deps, "db">, teacherId: string, parentId: string) =>
  findPublicTeacherOrThrow(deps, teacherId, knownParent(parentId));

/** Open slots of one month of the viewer's calendar, grouped by the viewer's local day. */
export async function monthSlots(
  deps: Pick<Deps, "db">,
  teacherId: string,
  query: SlotsQuery,
  viewer: ParentViewer = noParent,
): Promise<MonthSlots> {
  const now = new Date();
  const month = monthRange(query.month, query.timeZone);
  const from = month.from;
  // The horizon's month shows times up to the horizon only.
  const to = new Date(Math.min(month.to.getTime(), bookingHorizonEnd(now).getTime()));
  // One query for the teacher, the windows and the booked spans: the calendar's hot path.
  const sources = await bookableSources(deps, teacherId, from, to > from ? to : from, viewer);
  // The panel says what the teacher's lead time hides, and keeps two chosen times apart by the buffer.
  const rules = { teacherTimeZone: sources.timeZone, leadHours: sources.leadHours, bufferMinutes: sources.bufferMinutes };
  if (to <= from) return { ...rules, times: { starts: [], formats: [], lengthMs: 0 }, days: new Map() };
  // As numbers, not slot objects: a month of intro calls is a thousand of them (slots-json.ts).
  const times = openSlotTimes({
    windows: sources.windows,
    teacherTimeZone: sources.timeZone,
    bookingType: query.type,
    from,
    to,
    now,
    // Times sooner than the teacher's lead time are not offered (the server refuses them too).
    notBefore: earliestBookableStart(now, sources.leadHours),
    // Days off and the buffer around booked lessons close times exactly as a booked lesson does.
    // The teacher's own calendars' busy times too (issue 46), as they are: no buffer around them.
    taken: [
      ...blockedIntervals({ timeOff: sources.timeOff, timeZone: sources.timeZone, lessons: sources.taken, bufferMinutes: sources.bufferMinutes }),
      ...sources.busy,
    ],
  });
  // Written as JSON by slots-json.ts, straight from these numbers.
  return { ...rules, times, days: viewerDayPositions(times.starts, query.timeZone) };
}

/**
 * The open times of one teacher for a lesson type between two instants, exactly as the booking
 * panel offers them (hours, days off, buffer, busy calendars, lead time, horizon): the waitlist
 * offers freed times from these (issue 44).
 */
export async function openTimesBetween(
  deps: Pick<Deps, "db">,
  teacherId: string,
  bookingType: BookingType,
  from: Date,
  to: Date,
  now: Date,
): Promise<Slot[]> {
  const end = new Date(Math.min(to.getTime(), bookingHorizonEnd(now).getTime()));
  if (end <= from) return [];
  const sources = await repo.slotSources(deps.db, teacherId, from, end);
  if (!sources) return [];
  return openSlots({
    windows: sources.windows,
    teacherTimeZone: sources.timeZone,
    bookingType,
    from,
    to: end,
    now,
    notBefore: earliestBookableStart(now, sources.leadHours),
    taken: [
      ...blockedIntervals({ timeOff: sources.timeOff, timeZone: sources.timeZone, lessons: sources.taken, bufferMinutes: sources.bufferMinutes }),
      ...sources.busy,
    ],
  });
}

async function bookableSources(deps: Pick<Deps, "db">, teacherId: string, from: Date, to: Date, viewer: ParentViewer) {
  const sources = await repo.slotSources(deps.db, teacherId, from, to);
  // A hidden teacher's times are only for the families already with them (asked only then).
  if (!sources || (!sources.isDiscoverable && !(await isTeacherOfViewer(deps, teacherId, viewer)))) {
    throw new AppError("not_found", TEACHER_NOT_FOUND_MESSAGE);
  }
  return sources;
}

/**
 * Requests as the lists show them. `expired` comes from the same rule that refuses a late accept
 * and that the expiry sweep applies, so the lists and the server agree between sweeps; a series'
 * lessons expire together (pass all of a series' rows).
 */
export function toDTOs(
  rows: readonly repo.RequestListRow[],
  now = new Date(),
  forTeacher = false,
  suggestions: PriceSuggestions | null = null,
): BookingRequestDTO[] {
  const starts = expiryStarts(rows);
  return rows.map((row) => ({
    ...toDTO(row, isRequestExpired({ ...row, startsAt: starts.get(row)! }, now), forTeacher),
    ...(suggestions ? { suggestedPriceCents: suggestedPriceFor(row, suggestions) } : {}),
  }));
}

export type PriceSuggestions = Awaited<ReturnType<typeof repo.priceSuggestionSources>>;

/**
 * The price the teacher is offered for a request (issue 28): an intro call is free; a full lesson
 * costs what this family last agreed with the teacher, else the low end of the listed range.
 */
export function suggestedPriceFor(row: { bookingType: string; parentId: string | null }, sources: PriceSuggestions): number {
  if (row.bookingType === "intro") return 0;
  return suggestedLessonPrice({
    lastAgreedCents: (row.parentId !== null ? sources.lastAgreed.get(row.parentId) : undefined) ?? null,
    hourlyRateMin: sources.hourlyRateMin ?? 0,
    minutes: BOOKING_TYPES.full.minutes,
  });
}

/** An online lesson (or online intro call) is accepted only once a meeting link exists for its student. */
export function needsMeetingLink(row: Pick<repo.RequestListRow, "format" | "hasMeetingLink">): boolean {
  return row.format === "online" && !row.hasMeetingLink;
}

function toDTO(row: repo.RequestListRow, expired: boolean, forTeacher: boolean): BookingRequestDTO {
  return {
    id: row.id,
    status: row.status as BookingRequestDTO["status"],
    expired,
    bookingType: row.bookingType as BookingRequestDTO["bookingType"],
    // The column's CHECK constraint admits only the booking formats.
    format: row.format as BookingFormat,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    seriesId: row.seriesId,
    ...bookingSides(row),
    makeUpCreditFrom: row.makeUpCreditFrom?.toISOString() ?? null,
    declineReason: row.declineReason,
    cancelReason: row.cancelReason,
    requestedBy: row.requestedBy,
    priceCents: row.priceCents,
    priceEstimated: row.priceEstimated,
    ...(forTeacher ? { meetingLinkNeeded: needsMeetingLink(row) } : {}),
  };
}

/**
 * Work of a caller that belongs to a new request: run inside the request's transaction, after the
 * request is stored; a throw rolls the request back with it.
 */
export type WithRequest = (tx: Executor, bookingIds: string[]) => Promise<void>;

/**
 * One request: every wanted time (the picked ones, or every week of a series) becomes a booked
 * slot with a pending booking, in one transaction that holds the teacher's schedule lock while it
 * checks every time (hours, days off, buffer, booked lessons) and stores them. If any time cannot
 * be booked nothing is stored and the 409 lists every such time in `details.unavailable`, so the
 * parent can skip them. The exclusion constraint on booking_slots stays the last word on overlaps.
 */
export async function requestBooking(
  deps: Pick<Deps, "db" | "driver" | "mailer" | "logger" | "env">,
  /** `guardianId`: the guardian asking (their own parent profile), recorded as who asked (issue 45). */
  parent: { parentId: string; guardianId: string; userId: string },
  input: CreateBookingInput,
  now = new Date(),
  withRequest?: WithRequest,
): Promise<BookingRequestDTO[]> {
  const teacher = await bookableTeacher(deps, input.teacherId, parent.parentId);
  if (teacher.userId === parent.userId) throw new AppError("forbidden", "You cannot book a lesson with yourself.");
  const student = await repo.findStudentOfParent(deps.db, input.studentId, parent.parentId);
  if (!student) throw new AppError("not_found", "Student not found");
  if (input.classId) {
    await assertClassForBooking(deps, { classId: input.classId, parentId: parent.parentId, teacherId: teacher.id, studentId: student.id });
  }

  const wanted = wantedTimes({ ...input, teacherTimeZone: teacher.timeZone });
  if (!wanted.ok) throw new AppError("validation", wanted.message, { fields: { [wanted.field]: wanted.message } });
  const { starts } = wanted;
  const minutes = BOOKING_TYPES[input.bookingType].minutes;
  if (anyOverlap(starts.map((startsAt) => ({ startsAt, endsAt: new Date(startsAt.getTime() + minutes * 60_000) })))) {
    throw new AppError("validation", "The selected times overlap each other.");
  }
  // The picked times themselves (a series' later weeks are listed as unavailable instead).
  const picked = input.startTimes.map((t) => new Date(t));
  if (picked.some((s) => s <= now)) throw new AppError("validation", PAST_TIME_MESSAGE);
  if (!picked.every((s) => isWithinBookingHorizon(s, now))) throw new AppError("validation", BOOKING_HORIZON_MESSAGE);

  let created: BookingRequestDTO[];
  try {
    created = await transactionWithRetry(deps.db, async (tx) => {
      await repo.lockTeacherSchedule(tx, teacher.id);
      const check = await checkBookableTimes(tx, { teacherId: teacher.id, bookingType: input.bookingType, startTimes: starts, now });
      if (!check.ok) throw unavailableTimesError(check.unavailable, starts.length, check.leadHours);
      // One format for the whole request, offered at every one of its times.
      const format = requestFormat(input.bookingType, check.slots.map((slot) => slot.format), input.format);
      if (!format.ok) throw new AppError("validation", format.message, { fields: { format: format.message } });
      const slots = check.slots.map((slot) => ({ startsAt: slot.startsAt, endsAt: slot.endsAt, format: format.format }));
      const request = { teacherId: teacher.id, studentId: student.id, parentId: parent.parentId };
      const seriesId = wanted.series ? await repo.insertSeries(tx, { ...request, lessonCount: slots.length }) : null;
      const inserted = await repo.insertRequest(tx, { ...request, guardianId: parent.guardianId, bookingType: input.bookingType, classId: input.classId ?? null, seriesId, slots });
      // A make-up lesson spends the student's credit in the same transaction (one wins a race for it).
      if (input.useMakeUpCredit) await spendMakeUpCredit(tx, { teacherId: teacher.id, studentId: student.id, bookingId: inserted[0]! });
      // The caller's own part of the request (a waitlist claim): it commits with the request or neither does.
      if (withRequest) await withRequest(tx, inserted);
      const stored = toDTOs(await repo.findRequests(tx, inserted), now);
      // The teacher's email is stored with the request: it exists exactly when the request does.
      await deps.mailer.enqueue(tx, bookingRequestedEmail(deps.env.PUBLIC_URL, teacher, student, stored));
      // The family's confirmation (issue 41): by when the teacher answers, and where to follow it;
      // to each guardian (issue 45), the others told which of them asked.
      const contexts = await lessonMailContexts(tx, inserted);
      const asker = contexts[0]?.guardians.find((guardian) => guardian.id === parent.guardianId);
      const answerBy = requestAnswerBy(stored);
      const confirmations = toEachGuardian(contexts, (lessons, guardian) =>
        bookingRequestSentEmail(deps.env.PUBLIC_URL, lessons, answerBy, asker && guardian.id !== asker.id ? asker.firstName : null),
      );
      await deps.mailer.enqueueMany(tx, confirmations);
      return stored;
    });
  } catch (error) {
    throw scheduleConflict(error);
  }
  deps.mailer.kick();
  // The teacher's Requests panel and top bar update live (GET /api/live).
  await publishLiveEvents(
    deps,
    created.map((request) => ({ userId: teacher.userId, type: "booking_request" as const, payload: { bookingId: request.id } })),
  ).catch((error: unknown) => deps.logger.error({ err: error }, "booking request live event failed"));
  return created;
}

/**
 * What a failed change of a teacher's schedule tells the client. The transaction was rolled back in
 * every case below, so a 409 never hides a booking that commits later.
 */
export function scheduleConflict(error: unknown): unknown {
  const code = pgErrorCode(error);
  if (code === "23P01") return new AppError("conflict", SLOT_TAKEN_MESSAGE, { reason: "slot_taken" });
  // 55P03 lock_timeout, 57014 statement_timeout, 40P01/40001 after the last retry.
  if (code === "55P03" || code === "57014" || code === "40P01" || code === "40001") {
    return new AppError("conflict", SCHEDULE_BUSY_MESSAGE, { reason: "schedule_busy" });
  }
  return error;
}

export async function pendingRequests(deps: Pick<Deps, "db">, teacherId: string): Promise<BookingRequestDTO[]> {
  const rows = await repo.listPendingForTeacher(deps.db, teacherId);
  const sources = await repo.priceSuggestionSources(deps.db, teacherId, rows.flatMap((row) => (row.parentId ? [row.parentId] : [])));
  return toDTOs(rows, new Date(), true, sources);
}

export async function parentRequests(deps: Pick<Deps, "db">, parentId: string): Promise<BookingRequestDTO[]> {
  return toDTOs(await repo.listForParent(deps.db, parentId));
}
