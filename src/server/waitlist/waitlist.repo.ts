import { and, asc, eq, gt, inArray, isNull, lte, sql } from "drizzle-orm";
import { CREDIT_LIFETIME_DAYS } from "../../shared/lessons/credits.rules";
import type { WaitWindow } from "../../shared/waitlist/waitlist-windows.rules";
import { DEFAULT_OFFER_HOLD_MINUTES } from "../../shared/waitlist/waitlist-offers.rules";
import type { WaitlistSettings } from "../../shared/waitlist/waitlist.schemas";
import type { Executor } from "../db/client";
import { activeAccount, teacherInGoodStanding } from "../db/account-standing";
import { parentProfiles, studentProfiles, teacherProfiles, user, waitlistEntries, waitlistOffers, waitlistSettings } from "../db/schema";

/** SQL of the waitlist (issue 44): entries, offers and the teacher's settings. */

export const DEFAULT_SETTINGS: WaitlistSettings = { open: true, offersEnabled: true, holdMinutes: DEFAULT_OFFER_HOLD_MINUTES };

export async function settingsOf(db: Executor, teacherId: string): Promise<WaitlistSettings> {
  const [row] = await db
    .select({ open: waitlistSettings.open, offersEnabled: waitlistSettings.offersEnabled, holdMinutes: waitlistSettings.holdMinutes })
    .from(waitlistSettings)
    .where(eq(waitlistSettings.teacherId, teacherId));
  return row ?? DEFAULT_SETTINGS;
}

export async function saveSettings(tx: Executor, teacherId: string, settings: WaitlistSettings) {
  await tx
    .insert(waitlistSettings)
    .values({ teacherId, ...settings })
    .onConflictDoUpdate({ target: waitlistSettings.teacherId, set: settings });
}

/** The student holds a make-up credit with the entry's teacher that can still be spent. */
const holdsCredit = sql<boolean>`exists (select 1 from make_up_credits wc where wc.teacher_id = ${waitlistEntries.teacherId}
  and wc.student_id = ${waitlistEntries.studentId} and wc.used_by_booking_id is null and wc.voided_at is null
  and wc.issued_at > now() - make_interval(days => ${CREDIT_LIFETIME_DAYS}))`;

/** The teacher can be booked by anyone waiting (approved, account active). */
export async function teacherTakesOffers(db: Executor, teacherId: string): Promise<{ userId: string; timeZone: string } | null> {
  const [row] = await db
    .select({ userId: teacherProfiles.userId, timeZone: teacherProfiles.timeZone })
    .from(teacherProfiles)
    .where(and(eq(teacherProfiles.id, teacherId), teacherInGoodStanding(sql`${teacherProfiles.id}`)));
  return row ?? null;
}

export async function teacherZone(db: Executor, teacherId: string): Promise<string | null> {
  const [row] = await db.select({ timeZone: teacherProfiles.timeZone }).from(teacherProfiles).where(eq(teacherProfiles.id, teacherId));
  return row?.timeZone ?? null;
}

export interface NewEntry {
  teacherId: string;
  parentId: string;
  studentId: string;
  bookingType: string;
  format: string;
  windows: WaitWindow[];
  timeZone: string;
  repeatWeeks: number | null;
  createdAt: Date;
  expiresAt: Date;
}

/** Null when the student already has a live entry with the teacher for that lesson type. */
export async function insertEntry(tx: Executor, entry: NewEntry): Promise<string | null> {
  const [row] = await tx.insert(waitlistEntries).values(entry).onConflictDoNothing().returning({ id: waitlistEntries.id });
  return row?.id ?? null;
}

const entryColumns = {
  id: waitlistEntries.id,
  teacherId: waitlistEntries.teacherId,
  parentId: waitlistEntries.parentId,
  studentId: waitlistEntries.studentId,
  bookingType: waitlistEntries.bookingType,
  format: waitlistEntries.format,
  windows: waitlistEntries.windows,
  timeZone: waitlistEntries.timeZone,
  repeatWeeks: waitlistEntries.repeatWeeks,
  createdAt: waitlistEntries.createdAt,
  expiresAt: waitlistEntries.expiresAt,
  closedAt: waitlistEntries.closedAt,
  closedByTeacher: waitlistEntries.closedByTeacher,
};

export function entriesOfParent(db: Executor, parentId: string) {
  return db
    .select({
      ...entryColumns,
      teacherFirstName: teacherProfiles.firstName,
      teacherLastName: teacherProfiles.lastName,
      studentFirstName: studentProfiles.firstName,
    })
    .from(waitlistEntries)
    .innerJoin(teacherProfiles, eq(teacherProfiles.id, waitlistEntries.teacherId))
    .innerJoin(studentProfiles, eq(studentProfiles.id, waitlistEntries.studentId))
    .where(eq(waitlistEntries.parentId, parentId))
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id));
}
export type ParentEntryRow = Awaited<ReturnType<typeof entriesOfParent>>[number];

/** The parent's own entry, locked for a change; null for anyone else's (the caller answers 404). */
export async function lockEntryOfParent(tx: Executor, entryId: string, parentId: string) {
  const [row] = await tx
    .select(entryColumns)
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.id, entryId), eq(waitlistEntries.parentId, parentId)))
    .for("update");
  return row ?? null;
}

/** A change of bookingType onto one already live fails on waitlist_entries_live_key (23505): the service says so. */
export async function updateEntry(
  tx: Executor,
  entryId: string,
  fields: Pick<NewEntry, "bookingType" | "format" | "windows" | "timeZone" | "repeatWeeks">,
): Promise<void> {
  await tx.update(waitlistEntries).set(fields).where(eq(waitlistEntries.id, entryId));
}

export async function setEntryExpiry(tx: Executor, entryId: string, expiresAt: Date): Promise<void> {
  await tx.update(waitlistEntries).set({ expiresAt }).where(eq(waitlistEntries.id, entryId));
}

/** Closes entries (and withdraws their open offers); the ones already closed stay as they were. */
export async function closeEntries(tx: Executor, entryIds: readonly string[], byTeacher: boolean, now: Date): Promise<string[]> {
  if (entryIds.length === 0) return [];
  const closed = await tx
    .update(waitlistEntries)
    .set({ closedAt: now, closedByTeacher: byTeacher })
    .where(and(inArray(waitlistEntries.id, [...entryIds]), isNull(waitlistEntries.closedAt)))
    .returning({ id: waitlistEntries.id });
  const ids = closed.map((row) => row.id);
  if (ids.length > 0) {
    await tx
      .update(waitlistOffers)
      .set({ status: "declined", decidedAt: now })
      .where(and(inArray(waitlistOffers.entryId, ids), eq(waitlistOffers.status, "open")));
  }
  return ids;
}

export async function liveEntryIdsOfTeacher(tx: Executor, teacherId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.teacherId, teacherId), isNull(waitlistEntries.closedAt)));
  return rows.map((row) => row.id);
}

export async function entryOfTeacher(db: Executor, entryId: string, teacherId: string) {
  const [row] = await db
    .select({ id: waitlistEntries.id, parentId: waitlistEntries.parentId })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.id, entryId), eq(waitlistEntries.teacherId, teacherId)));
  return row ?? null;
}

/**
 * The families waiting now (not closed, not expired, account active), with whether each holds a usable make-up
 * credit with the teacher: the candidates of an offer (the service orders them) and the teacher's list.
 */
export function waitingEntriesOfTeacher(db: Executor, teacherId: string, now: Date) {
  return db
    .select({
      ...entryColumns,
      holdsCredit,
      parentUserId: parentProfiles.userId,
      parentFirstName: parentProfiles.firstName,
      parentLastName: parentProfiles.lastName,
      studentFirstName: studentProfiles.firstName,
      openOfferStartsAt: sql<Date | null>`(select min(wo.starts_at) from waitlist_offers wo where wo.entry_id = ${waitlistEntries.id} and wo.status = 'open')`.mapWith(
        (value: string | Date | null) => (value === null ? null : new Date(value)),
      ),
    })
    .from(waitlistEntries)
    .innerJoin(parentProfiles, eq(parentProfiles.id, waitlistEntries.parentId))
    .innerJoin(studentProfiles, eq(studentProfiles.id, waitlistEntries.studentId))
    .where(
      and(
        eq(waitlistEntries.teacherId, teacherId),
        isNull(waitlistEntries.closedAt),
        gt(waitlistEntries.expiresAt, now),
        // A suspended or deleted family is neither offered a time nor shown (account-standing.ts).
        activeAccount(sql`${parentProfiles.userId}`),
      ),
    )
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id));
}
export type WaitingEntryRow = Awaited<ReturnType<typeof waitingEntriesOfTeacher>>[number];

/**
 * Serialises the waitlist of one teacher: its offers (the matching job of two processes, an expiry
 * and a freed time), and a family joining against the teacher closing the waitlist.
 */
export async function lockTeacherWaitlist(tx: Executor, teacherId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`waitlist:${teacherId}`}::text, 0))`);
}

/** Offers of the teacher that still hold a time (open, or claimed: its request holds the slot itself). */
export function openOffersBetween(tx: Executor, teacherId: string, from: Date, to: Date) {
  return tx
    .select({ startsAt: waitlistOffers.startsAt, endsAt: waitlistOffers.endsAt })
    .from(waitlistOffers)
    .where(
      and(
        eq(waitlistOffers.teacherId, teacherId),
        eq(waitlistOffers.status, "open"),
        sql`${waitlistOffers.startsAt} < ${to.toISOString()}::timestamptz`,
        sql`${waitlistOffers.endsAt} > ${from.toISOString()}::timestamptz`,
      ),
    );
}

/** Entries that were offered these starts already (any outcome) or hold an open offer now. */
export async function offerHistory(tx: Executor, entryIds: readonly string[]) {
  if (entryIds.length === 0) return [];
  return tx
    .select({ entryId: waitlistOffers.entryId, startsAt: waitlistOffers.startsAt, status: waitlistOffers.status })
    .from(waitlistOffers)
    .where(inArray(waitlistOffers.entryId, [...entryIds]));
}

export interface NewOffer {
  entryId: string;
  teacherId: string;
  parentId: string;
  startsAt: Date;
  endsAt: Date;
  offeredAt: Date;
  expiresAt: Date;
}

/** Null when the time is already held by another open offer (the unique index decides). */
export async function insertOffer(tx: Executor, offer: NewOffer): Promise<string | null> {
  const [row] = await tx.insert(waitlistOffers).values(offer).onConflictDoNothing().returning({ id: waitlistOffers.id });
  return row?.id ?? null;
}

/** When the family's last offer email went out, if any (at most one a day). */
export async function lastOfferEmailAt(tx: Executor, parentId: string): Promise<Date | null> {
  const [row] = await tx
    .select({ at: sql<string | null>`max(${waitlistOffers.offeredAt})` })
    .from(waitlistOffers)
    .where(and(eq(waitlistOffers.parentId, parentId), eq(waitlistOffers.emailed, true)));
  return row?.at ? new Date(row.at) : null;
}

export async function markOfferEmailed(tx: Executor, offerId: string) {
  await tx.update(waitlistOffers).set({ emailed: true }).where(eq(waitlistOffers.id, offerId));
}

const offerColumns = {
  id: waitlistOffers.id,
  entryId: waitlistOffers.entryId,
  teacherId: waitlistOffers.teacherId,
  parentId: waitlistOffers.parentId,
  startsAt: waitlistOffers.startsAt,
  endsAt: waitlistOffers.endsAt,
  status: waitlistOffers.status,
  offeredAt: waitlistOffers.offeredAt,
  expiresAt: waitlistOffers.expiresAt,
  bookingType: waitlistEntries.bookingType,
  format: waitlistEntries.format,
  studentId: waitlistEntries.studentId,
  repeatWeeks: waitlistEntries.repeatWeeks,
  timeZone: waitlistEntries.timeZone,
  teacherFirstName: teacherProfiles.firstName,
  teacherLastName: teacherProfiles.lastName,
  studentFirstName: studentProfiles.firstName,
  holdsCredit,
};

function offerQuery(db: Executor) {
  return db
    .select(offerColumns)
    .from(waitlistOffers)
    .innerJoin(waitlistEntries, eq(waitlistEntries.id, waitlistOffers.entryId))
    .innerJoin(teacherProfiles, eq(teacherProfiles.id, waitlistOffers.teacherId))
    .innerJoin(studentProfiles, eq(studentProfiles.id, waitlistEntries.studentId));
}
export type OfferRow = Awaited<ReturnType<ReturnType<typeof offerQuery>["where"]>>[number];

export async function findOffer(db: Executor, offerId: string): Promise<OfferRow | null> {
  const [row] = await offerQuery(db).where(eq(waitlistOffers.id, offerId));
  return row ?? null;
}

/** The family's offers that can be claimed now, the soonest to pass first. */
export function openOffersOfParent(db: Executor, parentId: string, now: Date) {
  return offerQuery(db)
    .where(and(eq(waitlistOffers.parentId, parentId), eq(waitlistOffers.status, "open"), gt(waitlistOffers.expiresAt, now)))
    .orderBy(asc(waitlistOffers.expiresAt), asc(waitlistOffers.id));
}

/**
 * The claim: one conditional UPDATE, run in the transaction that stores the claim's booking
 * request, so the offer turns `claimed` (with its request) exactly when the request exists; of any
 * number of concurrent claims exactly one finds the offer still open.
 */
export async function claimOffer(tx: Executor, offerId: string, parentId: string, bookingId: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(waitlistOffers)
    .set({ status: "claimed", decidedAt: now, bookingId })
    .where(
      and(
        eq(waitlistOffers.id, offerId),
        eq(waitlistOffers.parentId, parentId),
        eq(waitlistOffers.status, "open"),
        gt(waitlistOffers.expiresAt, now),
      ),
    )
    .returning({ id: waitlistOffers.id });
  return rows.length > 0;
}

/** Ends an open offer (expired, declined, or its time taken): true for the one caller that ended it. */
export async function endOpenOffer(
  db: Executor,
  offerId: string,
  status: "expired" | "declined" | "taken",
  now: Date,
  parentId?: string,
): Promise<boolean> {
  const rows = await db
    .update(waitlistOffers)
    .set({ status, decidedAt: now })
    .where(
      and(
        eq(waitlistOffers.id, offerId),
        eq(waitlistOffers.status, "open"),
        ...(parentId ? [eq(waitlistOffers.parentId, parentId)] : []),
        ...(status === "expired" ? [lte(waitlistOffers.expiresAt, now)] : []),
      ),
    )
    .returning({ id: waitlistOffers.id });
  return rows.length > 0;
}

/** Who an offer goes to: the parent's account, email and first name. */
export async function parentOfEntry(db: Executor, entryId: string) {
  const [row] = await db
    .select({ userId: parentProfiles.userId, firstName: parentProfiles.firstName, email: user.email })
    .from(waitlistEntries)
    .innerJoin(parentProfiles, eq(parentProfiles.id, waitlistEntries.parentId))
    .innerJoin(user, eq(user.id, parentProfiles.userId))
    .where(eq(waitlistEntries.id, entryId));
  return row ?? null;
}

export async function parentUserId(db: Executor, parentId: string): Promise<string | null> {
  const [row] = await db.select({ userId: parentProfiles.userId }).from(parentProfiles).where(eq(parentProfiles.id, parentId));
  return row?.userId ?? null;
}

export async function studentOfParent(db: Executor, studentId: string, parentId: string) {
  const [row] = await db
    .select({ id: studentProfiles.id })
    .from(studentProfiles)
    .where(and(eq(studentProfiles.id, studentId), eq(studentProfiles.parentId, parentId)));
  return row ?? null;
}
