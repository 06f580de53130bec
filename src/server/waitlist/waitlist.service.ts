import type { BookingType, ChosenFormat } from "../../shared/booking/booking.constants";
import type { CreateBookingInput, UnavailableDetails } from "../../shared/booking/booking.schemas";
import { AppError } from "../../shared/errors";
import { entryExpiresAt } from "../../shared/waitlist/waitlist-offers.rules";
import { windowInZone } from "../../shared/waitlist/waitlist-windows.rules";
import {
  ALREADY_WAITING_MESSAGE,
  ENTRY_CLOSED_MESSAGE,
  OFFER_PASSED_MESSAGE,
  TIME_JUST_TAKEN_MESSAGE,
  WAITLIST_CLOSED_MESSAGE,
  WAITLIST_ENTRY_NOT_FOUND_MESSAGE,
  WAITLIST_OFFER_NOT_FOUND_MESSAGE,
  type ClaimResult,
  type JoinWaitlist,
  type ParentWaitlist,
  type TeacherWaitlist,
  type WaitlistEntryDTO,
  type WaitlistEntryUpdate,
  type WaitlistOfferDTO,
  type WaitlistSettings,
} from "../../shared/waitlist/waitlist.schemas";
import { requestBooking, type WithRequest } from "../booking";
import { transactionWithRetry } from "../db/retry-transaction";
import type { Deps } from "../deps";
import { pgErrorCode } from "../http/errors";
import { publishLiveEvents, withLiveEvents } from "../live";
import { findPublicTeacherOrThrow, knownParent } from "../teachers";
import { passOffer } from "./waitlist-offers.service";
import * as repo from "./waitlist.repo";

type ServiceDeps = Pick<Deps, "db" | "driver" | "mailer" | "logger" | "env">;
type Parent = { parentId: string; guardianId: string; userId: string };

/** A write that collided with the student's other live entry for that lesson type. */
function alreadyWaiting(error: unknown): unknown {
  return pgErrorCode(error) === "23505" ? new AppError("conflict", ALREADY_WAITING_MESSAGE, { reason: "already_waiting" }) : error;
}

function entryStatus(row: { closedAt: Date | null; expiresAt: Date }, now: Date): WaitlistEntryDTO["status"] {
  if (row.closedAt) return "closed";
  return row.expiresAt <= now ? "expired" : "waiting";
}

function toEntryDTO(row: repo.ParentEntryRow, now: Date): WaitlistEntryDTO {
  return {
    id: row.id,
    teacherId: row.teacherId,
    teacherName: `${row.teacherFirstName} ${row.teacherLastName}`,
    studentId: row.studentId,
    studentFirstName: row.studentFirstName,
    bookingType: row.bookingType as BookingType,
    format: row.format as ChosenFormat,
    windows: row.windows,
    timeZone: row.timeZone,
    repeatWeeks: row.repeatWeeks,
    status: entryStatus(row, now),
    closedByTeacher: row.closedByTeacher,
    joinedAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

function toOfferDTO(row: repo.OfferRow): WaitlistOfferDTO {
  return {
    id: row.id,
    entryId: row.entryId,
    teacherId: row.teacherId,
    teacherName: `${row.teacherFirstName} ${row.teacherLastName}`,
    studentFirstName: row.studentFirstName,
    bookingType: row.bookingType as BookingType,
    format: row.format as ChosenFormat,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    offeredAt: row.offeredAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    status: row.status as WaitlistOfferDTO["status"],
    repeatWeeks: row.repeatWeeks,
    usesMakeUpCredit: spendsCredit(row),
  };
}

/** A single full lesson claimed by a family holding a usable credit with the teacher is their make-up lesson. */
const spendsCredit = (offer: repo.OfferRow) => offer.holdsCredit && offer.bookingType === "full" && !offer.repeatWeeks;

/** Tells the teacher's open waitlist page that it changed. */
async function tellTeacher(deps: ServiceDeps, teacherId: string) {
  const teacher = await repo.teacherTakesOffers(deps.db, teacherId);
  if (!teacher) return;
  await publishLiveEvents(deps, [{ userId: teacher.userId, type: "waitlist_changed", payload: { offerId: null } }]).catch((error: unknown) =>
    deps.logger.error({ err: error }, "waitlist live event failed"),
  );
}

/**
 * A family joins a teacher's waitlist for one student: the teacher must be one the family may
 * book (a hidden teacher: only their own families), with the waitlist open; one live entry per
 * student, teacher and lesson type.
 */
export async function joinWaitlist(deps: ServiceDeps, parent: Parent, input: JoinWaitlist, now = new Date()): Promise<WaitlistEntryDTO> {
  const teacher = await findPublicTeacherOrThrow(deps, input.teacherId, knownParent(parent.parentId));
  if (teacher.userId === parent.userId) throw new AppError("forbidden", "You cannot join your own waitlist.");
  if (!(await repo.studentOfParent(deps.db, input.studentId, parent.parentId))) throw new AppError("not_found", "Student not found");
  // Under the teacher's waitlist lock: a join racing the teacher closing the waitlist is either
  // refused or closed with the others, never left waiting on a closed list.
  const id = await deps.db.transaction(async (tx) => {
    await repo.lockTeacherWaitlist(tx, teacher.id);
    const settings = await repo.settingsOf(tx, teacher.id);
    if (!settings.open) throw new AppError("conflict", WAITLIST_CLOSED_MESSAGE, { reason: "waitlist_closed" });
    return repo.insertEntry(tx, {
      teacherId: teacher.id,
      parentId: parent.parentId,
      studentId: input.studentId,
      bookingType: input.bookingType,
      format: input.format,
      windows: input.windows,
      timeZone: input.timeZone,
      repeatWeeks: input.repeatWeeks ?? null,
      createdAt: now,
      expiresAt: entryExpiresAt(now),
    });
  });
  if (!id) throw new AppError("conflict", ALREADY_WAITING_MESSAGE, { reason: "already_waiting" });
  await tellTeacher(deps, teacher.id);
  return entryOfParent(deps, parent.parentId, id, now);
}

async function entryOfParent(deps: Pick<Deps, "db">, parentId: string, entryId: string, now: Date): Promise<WaitlistEntryDTO> {
  const row = (await repo.entriesOfParent(deps.db, parentId)).find((r) => r.id === entryId);
  if (!row) throw new AppError("not_found", WAITLIST_ENTRY_NOT_FOUND_MESSAGE);
  return toEntryDTO(row, now);
}

/** Changes what a live entry waits for (a closed one is joined again instead). */
export async function updateEntry(deps: ServiceDeps, parentId: string, entryId: string, input: WaitlistEntryUpdate, now = new Date()): Promise<WaitlistEntryDTO> {
  await transactionWithRetry(deps.db, async (tx) => {
    const entry = await repo.lockEntryOfParent(tx, entryId, parentId);
    if (!entry) throw new AppError("not_found", WAITLIST_ENTRY_NOT_FOUND_MESSAGE);
    if (entry.closedAt) throw new AppError("conflict", ENTRY_CLOSED_MESSAGE, { reason: "entry_closed" });
    await repo.updateEntry(tx, entryId, { ...input, repeatWeeks: input.repeatWeeks ?? null });
  }).catch((error: unknown) => {
    throw alreadyWaiting(error);
  });
  return entryOfParent(deps, parentId, entryId, now);
}

/** Another 90 days from now, for a waiting or an expired entry. */
export async function renewEntry(deps: ServiceDeps, parentId: string, entryId: string, now = new Date()): Promise<WaitlistEntryDTO> {
  await transactionWithRetry(deps.db, async (tx) => {
    const entry = await repo.lockEntryOfParent(tx, entryId, parentId);
    if (!entry) throw new AppError("not_found", WAITLIST_ENTRY_NOT_FOUND_MESSAGE);
    if (entry.closedAt) throw new AppError("conflict", ENTRY_CLOSED_MESSAGE, { reason: "entry_closed" });
    await repo.setEntryExpiry(tx, entryId, entryExpiresAt(now));
  });
  return entryOfParent(deps, parentId, entryId, now);
}

/** The family leaves the waitlist: the entry closes, with any offer it holds. */
export async function leaveWaitlist(deps: ServiceDeps, parentId: string, entryId: string, now = new Date()): Promise<WaitlistEntryDTO> {
  const teacherId = await transactionWithRetry(deps.db, async (tx) => {
    const entry = await repo.lockEntryOfParent(tx, entryId, parentId);
    if (!entry) throw new AppError("not_found", WAITLIST_ENTRY_NOT_FOUND_MESSAGE);
    await repo.closeEntries(tx, [entryId], false, now);
    return entry.teacherId;
  });
  await tellTeacher(deps, teacherId);
  return entryOfParent(deps, parentId, entryId, now);
}

export async function parentWaitlist(deps: Pick<Deps, "db">, parentId: string, now = new Date()): Promise<ParentWaitlist> {
  const [entries, offers] = await Promise.all([repo.entriesOfParent(deps.db, parentId), repo.openOffersOfParent(deps.db, parentId, now)]);
  return { entries: entries.map((row) => toEntryDTO(row, now)), offers: offers.map(toOfferDTO) };
}

/** The teacher's waitlist: who waits, for what, since when, with their windows on the teacher's clock. */
export async function teacherWaitlist(deps: Pick<Deps, "db">, teacherId: string, now = new Date()): Promise<TeacherWaitlist> {
  const [settings, rows, timeZone] = await Promise.all([
    repo.settingsOf(deps.db, teacherId),
    repo.waitingEntriesOfTeacher(deps.db, teacherId, now),
    repo.teacherZone(deps.db, teacherId),
  ]);
  const zone = timeZone ?? "UTC";
  return {
    settings,
    timeZone: zone,
    entries: rows.map((row) => ({
      id: row.id,
      parentName: `${row.parentFirstName} ${row.parentLastName}`,
      studentFirstName: row.studentFirstName,
      bookingType: row.bookingType as BookingType,
      format: row.format as ChosenFormat,
      windows: row.windows.map((w) => windowInZone(w, row.timeZone, zone, now)),
      repeatWeeks: row.repeatWeeks,
      holdsCredit: row.holdsCredit,
      joinedAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      openOfferStartsAt: row.openOfferStartsAt?.toISOString() ?? null,
    })),
  };
}

/** Saves the teacher's settings; closing the waitlist closes every waiting entry (the families see it closed). */
export async function saveSettings(deps: ServiceDeps, teacherId: string, settings: WaitlistSettings, now = new Date()): Promise<TeacherWaitlist> {
  await withLiveEvents(deps, async (tx, emit) => {
    await repo.lockTeacherWaitlist(tx, teacherId);
    await repo.saveSettings(tx, teacherId, settings);
    if (settings.open) return;
    const ids = await repo.closeEntries(tx, await repo.liveEntryIdsOfTeacher(tx, teacherId), true, now);
    for (const id of ids) {
      const parent = await repo.parentOfEntry(tx, id);
      if (parent) emit({ userId: parent.userId, type: "waitlist_changed", payload: { offerId: null } });
    }
  });
  return teacherWaitlist(deps, teacherId, now);
}

/** The teacher takes one family off their waitlist. */
export async function closeEntryAsTeacher(deps: ServiceDeps, teacherId: string, entryId: string, now = new Date()): Promise<TeacherWaitlist> {
  const entry = await repo.entryOfTeacher(deps.db, entryId, teacherId);
  if (!entry) throw new AppError("not_found", WAITLIST_ENTRY_NOT_FOUND_MESSAGE);
  await withLiveEvents(deps, async (tx, emit) => {
    const closed = await repo.closeEntries(tx, [entryId], true, now);
    const parent = closed.length ? await repo.parentOfEntry(tx, entryId) : null;
    if (parent) emit({ userId: parent.userId, type: "waitlist_changed", payload: { offerId: null } });
  });
  return teacherWaitlist(deps, teacherId, now);
}

/** Why a claim found no open offer: not the family's (404), passed, or already claimed. */
async function refusedClaim(deps: Pick<Deps, "db">, offerId: string, parentId: string, now: Date): Promise<AppError> {
  const offer = await repo.findOffer(deps.db, offerId);
  if (!offer || offer.parentId !== parentId) return new AppError("not_found", WAITLIST_OFFER_NOT_FOUND_MESSAGE);
  if (offer.status === "expired" || offer.status === "declined" || (offer.status === "open" && offer.expiresAt <= now)) {
    return new AppError("conflict", OFFER_PASSED_MESSAGE, { reason: "offer_passed" });
  }
  return new AppError("conflict", TIME_JUST_TAKEN_MESSAGE, { reason: "time_taken" });
}

/**
 * Claims an offer with one tap: a normal booking request for the time with the entry's student,
 * type and format, through requestBooking (every booking rule applies, and the teacher accepts or
 * declines it as any request), and in that request's own transaction one conditional UPDATE turns
 * the offer claimed: the claim and its request commit together or not at all, so a crash between
 * them cannot leave a claimed offer without its request, and of any number of concurrent claims one
 * wins (the others find the time booked, or the offer no longer open). A weekly entry asks for its
 * series, leaving out later weeks that are taken. When the booking rules refuse the time (someone
 * booked it directly in the meantime: "just taken"), the offer ends and the time goes to the next
 * family if it is still bookable; any other failure leaves the offer open to be claimed again.
 */
export async function claimOffer(deps: ServiceDeps, parent: Parent, offerId: string, now = new Date()): Promise<ClaimResult> {
  const offer = await repo.findOffer(deps.db, offerId);
  if (!offer || offer.parentId !== parent.parentId || offer.status !== "open" || offer.expiresAt <= now) {
    throw await refusedClaim(deps, offerId, parent.parentId, now);
  }
  const claim: WithRequest = async (tx, bookingIds) => {
    if (!(await repo.claimOffer(tx, offerId, parent.parentId, bookingIds[0]!, now))) throw await refusedClaim({ db: tx }, offerId, parent.parentId, now);
  };
  let created: string[];
  try {
    created = await requestForOffer(deps, parent, offer, now, claim);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // The offer passed meanwhile, or the schedule was too busy to answer (try again): nothing to end.
    if (error.reason === "offer_passed" || error.reason === "schedule_busy" || error.message === WAITLIST_OFFER_NOT_FOUND_MESSAGE) throw error;
    // The booking rules refused the time: the offer ends (unless a concurrent tap won it) and passes on.
    await passOffer(deps, offerId, "taken", now, parent.parentId);
    if (error.code === "conflict") throw new AppError("conflict", TIME_JUST_TAKEN_MESSAGE, { reason: "time_taken", details: error.details });
    throw error;
  }
  await tellTeacher(deps, offer.teacherId);
  return { bookingIds: created };
}

async function requestForOffer(deps: ServiceDeps, parent: Parent, offer: repo.OfferRow, now: Date, claim: WithRequest): Promise<string[]> {
  const base = {
    teacherId: offer.teacherId,
    studentId: offer.studentId,
    bookingType: offer.bookingType as BookingType,
    format: offer.format as ChosenFormat,
    startTimes: [offer.startsAt.toISOString()],
  };
  const request = async (input: CreateBookingInput) => (await requestBooking(deps, parent, input, now, claim)).map((r) => r.id);
  if (spendsCredit(offer)) {
    try {
      return await request({ ...base, useMakeUpCredit: true });
    } catch (error) {
      // The credit was spent or voided since the offer was read: the claim is still a normal request.
      if (!(error instanceof AppError && error.reason === "no_credit")) throw error;
      return request(base);
    }
  }
  if (!offer.repeatWeeks) return request(base);
  try {
    return await request({ ...base, repeat: { weeks: offer.repeatWeeks } });
  } catch (error) {
    // Later weeks already taken: the series without them, else the one freed lesson.
    const unavailable = error instanceof AppError ? ((error.details as UnavailableDetails | undefined)?.unavailable ?? []) : [];
    if (!(error instanceof AppError) || unavailable.length === 0 || unavailable.some((u) => new Date(u.startsAt).getTime() === offer.startsAt.getTime())) throw error;
    if (offer.repeatWeeks - unavailable.length >= 2) {
      const skip = unavailable.map((u) => u.startsAt);
      return request({ ...base, repeat: { weeks: offer.repeatWeeks }, skip });
    }
    return request(base);
  }
}

/** The family lets an offer pass: it goes to the next family at once. */
export async function declineOffer(deps: ServiceDeps, parentId: string, offerId: string, now = new Date()): Promise<void> {
  if (!(await passOffer(deps, offerId, "declined", now, parentId))) throw await refusedClaim(deps, offerId, parentId, now);
}
