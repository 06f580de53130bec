import { BOOKING_TYPES, type BookingType, type ChosenFormat } from "../../shared/booking/booking.constants";
import { formatsForSlot } from "../../shared/booking/lesson-place.rules";
import type { Slot } from "../../shared/booking/slots.rules";
import { offerEmailDue, offerExpiresAt, offerOrder } from "../../shared/waitlist/waitlist-offers.rules";
import { lessonInWindows } from "../../shared/waitlist/waitlist-windows.rules";
import { openTimesBetween } from "../booking";
import type { Deps } from "../deps";
import { guardianDedupeKey, householdMailGuardians } from "../db/household-guardians";
import { scheduleJob } from "../jobs";
import { publishLiveEvents, withLiveEvents } from "../live";
import type { FreedInterval } from "./times-freed";
import * as repo from "./waitlist.repo";
import { waitlistOfferEmail } from "./waitlist.emails";

export const OFFER_EXPIRY_KIND = "waitlist-offer-expiry";

type OfferDeps = Pick<Deps, "db" | "driver" | "mailer" | "logger" | "env">;

/** One time to offer and the family it goes to. */
interface Pick_ {
  entry: repo.WaitingEntryRow;
  slot: Slot;
}

const overlaps = (a: { startsAt: Date; endsAt: Date }, b: { startsAt: Date; endsAt: Date }) => a.startsAt < b.endsAt && b.startsAt < a.endsAt;

/**
 * Offers the freed times of a teacher to the families waiting (issue 44). For each time that is
 * bookable now inside a freed interval (the booking panel's own rule), in time order: the first
 * family, by credit then by joining, whose lesson type, format and windows fit it, who was never
 * offered that time and holds no open offer now. Offered times never overlap each other or an
 * open offer, so one time is held for one family at a time. Runs after the freeing change
 * committed (a job), under the teacher's waitlist lock, so two runs never offer the same time twice.
 * How many offers it made.
 */
export async function offerFreedTimes(deps: OfferDeps, teacherId: string, intervals: readonly FreedInterval[], now: Date): Promise<number> {
  const settings = await repo.settingsOf(deps.db, teacherId);
  if (!settings.offersEnabled || !settings.open) return 0;
  const teacher = await repo.teacherTakesOffers(deps.db, teacherId);
  if (!teacher) return 0;
  const waiting = offerOrder((await repo.waitingEntriesOfTeacher(deps.db, teacherId, now)).map((e) => ({ ...e, entryId: e.id, joinedAt: e.createdAt })));
  if (waiting.length === 0) return 0;
  const spans = intervals.filter((i) => i.endsAt > now);
  if (spans.length === 0) return 0;
  // The bookable times of each lesson type someone waits for, inside the freed spans.
  const types = [...new Set(waiting.map((e) => e.bookingType as BookingType))];
  const slotsByType = new Map<BookingType, Slot[]>();
  for (const type of types) {
    const slots: Slot[] = [];
    for (const span of spans) {
      const open = await openTimesBetween(deps, teacherId, type, span.startsAt, span.endsAt, now);
      // Only times wholly inside the freed span: a time that was bookable before is no news.
      slots.push(...open.filter((s) => s.startsAt >= span.startsAt && s.endsAt <= span.endsAt));
    }
    slotsByType.set(type, slots);
  }
  const from = new Date(Math.min(...spans.map((s) => s.startsAt.getTime())));
  const to = new Date(Math.max(...spans.map((s) => s.endsAt.getTime())));

  let made = 0;
  const offered = await withLiveEvents(deps, async (tx, emit) => {
    await repo.lockTeacherWaitlist(tx, teacherId);
    const held: { startsAt: Date; endsAt: Date }[] = await repo.openOffersBetween(tx, teacherId, from, to);
    const history = await repo.offerHistory(tx, waiting.map((e) => e.id));
    const offeredBefore = new Set(history.map((h) => `${h.entryId}|${h.startsAt.getTime()}`));
    const holding = new Set(history.filter((h) => h.status === "open").map((h) => h.entryId));
    const picks: Pick_[] = [];
    const candidates = types.flatMap((type) => slotsByType.get(type)!.map((slot) => ({ type, slot })));
    candidates.sort((a, b) => a.slot.startsAt.getTime() - b.slot.startsAt.getTime() || BOOKING_TYPES[b.type].minutes - BOOKING_TYPES[a.type].minutes);
    for (const { type, slot } of candidates) {
      if (held.some((h) => overlaps(h, slot))) continue;
      const entry = waiting.find(
        (e) =>
          e.bookingType === type &&
          !holding.has(e.id) &&
          !offeredBefore.has(`${e.id}|${slot.startsAt.getTime()}`) &&
          formatsForSlot(type, slot.format).includes(e.format as ChosenFormat) &&
          lessonInWindows(slot, e.windows, e.timeZone),
      );
      if (!entry) continue;
      picks.push({ entry, slot });
      held.push(slot);
      holding.add(entry.id);
    }
    const ids: string[] = [];
    for (const { entry, slot } of picks) {
      const expiresAt = offerExpiresAt(now, settings.holdMinutes);
      const offerId = await repo.insertOffer(tx, {
        entryId: entry.id,
        teacherId,
        parentId: entry.parentId,
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
        offeredAt: now,
        expiresAt,
      });
      if (!offerId) continue;
      ids.push(offerId);
      await scheduleJob(tx, { kind: OFFER_EXPIRY_KIND, key: `${OFFER_EXPIRY_KIND}:${offerId}`, runAt: expiresAt, payload: { offerId } });
      // By email at most once a day per family; every offer shows in the app (live, and on the dashboard).
      // The day's one email is the household's (issue 45): decided once for the family (its last
      // offer emailed to anyone), then written to each of its guardians on their own clock; the
      // offer counts as emailed when at least one of them wanted it.
      if (offerEmailDue(await repo.lastOfferEmailAt(tx, entry.parentId), now)) {
        const guardians = (await householdMailGuardians(tx, [entry.parentId])).get(entry.parentId) ?? [];
        const offer = guardians.length > 0 ? await repo.findOffer(tx, offerId) : null;
        if (offer) {
          const mails = guardians.map((guardian) => ({
            message: waitlistOfferEmail(deps.env.PUBLIC_URL, guardian, {
              teacherName: `${offer.teacherFirstName} ${offer.teacherLastName}`,
              studentFirstName: offer.studentFirstName,
              bookingType: offer.bookingType as BookingType,
              format: offer.format as ChosenFormat,
              startsAt: offer.startsAt,
              expiresAt: offer.expiresAt,
              timeZone: guardian.zone,
              repeatWeeks: offer.repeatWeeks,
            }),
            dedupeKey: guardianDedupeKey(`waitlist-offer:${offerId}`, guardian),
          }));
          if ((await deps.mailer.enqueueMany(tx, mails)) > 0) await repo.markOfferEmailed(tx, offerId);
        }
      }
      emit({ userId: entry.parentUserId, type: "waitlist_changed", payload: { offerId } });
    }
    if (ids.length > 0) emit({ userId: teacher.userId, type: "waitlist_changed", payload: { offerId: null } });
    return ids;
  });
  made = offered.length;
  if (made > 0) deps.mailer.kick();
  return made;
}

/**
 * An offer's hold ran out (or the family let it pass, or a claim found the time refused): it ends,
 * and its time goes to the next family at once, if it is still bookable. True when this call ended it (a claim or another process may have come first).
 */
export async function passOffer(deps: OfferDeps, offerId: string, status: "expired" | "declined" | "taken", now: Date, parentId?: string): Promise<boolean> {
  const offer = await repo.findOffer(deps.db, offerId);
  if (!offer) return false;
  if (!(await repo.endOpenOffer(deps.db, offerId, status, now, parentId))) return false;
  await offerFreedTimes(deps, offer.teacherId, [{ startsAt: offer.startsAt, endsAt: offer.endsAt }], now);
  const userId = await repo.parentUserId(deps.db, offer.parentId);
  if (userId) await publishLiveEvents(deps, [{ userId, type: "waitlist_changed", payload: { offerId } }]);
  return true;
}
