import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { createBooking } from "../../../tests/factories/bookings";
import { newYorkTime } from "../../../tests/factories/lessons";
import { signedInFamily, signedInNewYorkTeacher, type SignedInFamily, type SignedInTeacher } from "../../../tests/factories/signed-in";
import { send } from "../../../tests/fixtures/http";
import { lastMail } from "../../../tests/fixtures/outbox";
import { testAppForFile } from "../../../tests/fixtures/test-app";
import { TZDate } from "@date-fns/tz";
import {
  ALREADY_WAITING_MESSAGE,
  ENTRY_CLOSED_MESSAGE,
  OFFER_PASSED_MESSAGE,
  TIME_JUST_TAKEN_MESSAGE,
  WAITLIST_CLOSED_MESSAGE,
  type ParentWaitlist,
  type TeacherWaitlist,
  type WaitlistEntryDTO,
} from "../../shared/waitlist/waitlist.schemas";
import { localDateTime } from "../../shared/calendar/calendar-views.rules";
import type { TimeOffCreatedDTO } from "../../shared/teachers/lesson-settings.schemas";
import { issueCredits } from "../booking";
import { accountSuspensions, bookings, bookingSlots, mailOutbox, makeUpCredits, teacherProfiles, waitlistEntries, waitlistOffers } from "../db/schema";
import { JOB_KINDS } from "../job-kinds";
import { runDueJobs } from "../jobs/job-runner";

const t = testAppForFile();

/** Runs every job due at `now` (the offering after a freed time, the passing on after a hold). */
const runJobs = (now = new Date()) => runDueJobs(t.deps, { kinds: JOB_KINDS, sweeps: [], now });

const family = (firstName?: string) => signedInFamily(t, firstName);
const teacherOf = (noticeHours?: number) => signedInNewYorkTeacher(t, noticeHours);
type Family = SignedInFamily;
type Teacher = SignedInTeacher;

/** The New York weekday of an instant (0 = Sunday). */
const nyDay = (at: Date) => new TZDate(at.getTime(), "America/New_York").getDay();

function join(parent: Family, teacher: Teacher, windows: { dayOfWeek: number; startTime: string; endTime: string }[], extra: Record<string, unknown> = {}) {
  return send(t, "POST", "/api/waitlist", {
    cookie: parent.cookie,
    body: { teacherId: teacher.teacherId, studentId: parent.studentIds[0], bookingType: "full", format: "online", windows, timeZone: "America/New_York", ...extra },
  });
}

async function waitlistOf(parent: Family): Promise<ParentWaitlist> {
  const res = await send(t, "GET", "/api/waitlist/mine", { cookie: parent.cookie });
  expect(res.status, res.text).toBe(200);
  return res.json as ParentWaitlist;
}

async function lessonOf(teacher: Teacher, parent: Family, startsAt: Date) {
  return (await createBooking(t.deps, { teacherId: teacher.teacherId, parentId: parent.parentId, studentId: parent.studentIds[0]!, status: "accepted", startsAt })).bookingId;
}

const cancel = (parent: Family, bookingId: string) => send(t, "POST", `/api/lessons/${bookingId}/cancel`, { cookie: parent.cookie, body: { scope: "one" } });

async function offerEmailsTo(email: string) {
  return t.deps.db.select({ id: mailOutbox.id }).from(mailOutbox).where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, "waitlist-offer")));
}

/** A teacher with family A's lesson on day 3 at 10:00 New York, and the morning window of that weekday. */
async function scene() {
  const teacher = await teacherOf();
  const a = await family("Ann");
  const lessonAt = newYorkTime(3, 10);
  const lessonId = await lessonOf(teacher, a, lessonAt);
  const morning = [{ dayOfWeek: nyDay(lessonAt), startTime: "09:00", endTime: "12:00" }];
  return { teacher, a, lessonAt, lessonId, morning };
}

describe("joining, editing and leaving a waitlist", () => {
  it("a family joins, sees and edits its entry; the teacher sees who waits, with the windows on the teacher's clock", async () => {
    const teacher = await teacherOf();
    const parent = await family();
    const joined = await join(parent, teacher, [{ dayOfWeek: 2, startTime: "21:00", endTime: "23:00" }], { timeZone: "Europe/Berlin", repeatWeeks: 8 });
    expect(joined.status, joined.text).toBe(201);
    const entry = joined.json.entry as WaitlistEntryDTO;
    expect(entry).toMatchObject({ status: "waiting", bookingType: "full", format: "online", repeatWeeks: 8, timeZone: "Europe/Berlin" });
    expect(new Date(entry.expiresAt).getTime() - new Date(entry.joinedAt).getTime()).toBe(90 * 24 * 3600_000);

    const again = await join(parent, teacher, [{ dayOfWeek: 3, startTime: "09:00", endTime: "10:00" }]);
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe(ALREADY_WAITING_MESSAGE);

    const list = await send(t, "GET", "/api/waitlist/teaching", { cookie: teacher.cookie });
    expect(list.status).toBe(200);
    const waiting = (list.json as TeacherWaitlist).entries;
    expect(waiting).toHaveLength(1);
    // 21:00-23:00 in Berlin is 15:00-17:00 in New York (6 hours apart, or 5 in the weeks the changes differ).
    expect(waiting[0]!.windows[0]).toMatchObject({ dayOfWeek: 2, endsNextDay: false });
    expect(["15:00", "16:00"]).toContain(waiting[0]!.windows[0]!.startTime);
    expect(waiting[0]).toMatchObject({ studentFirstName: "Kid1", holdsCredit: false, joinedAt: entry.joinedAt });

    const edited = await send(t, "PUT", `/api/waitlist/entries/${entry.id}`, {
      cookie: parent.cookie,
      body: { bookingType: "full", format: "in_person", windows: [{ dayOfWeek: 4, startTime: "16:00", endTime: "19:00" }], timeZone: "America/New_York" },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json.entry).toMatchObject({ format: "in_person", repeatWeeks: null, windows: [{ dayOfWeek: 4, startTime: "16:00", endTime: "19:00" }] });

    // Another family cannot see or touch it.
    const stranger = await family("Sam");
    expect((await send(t, "PUT", `/api/waitlist/entries/${entry.id}`, { cookie: stranger.cookie, body: { bookingType: "full", format: "online", windows: [{ dayOfWeek: 1, startTime: "09:00", endTime: "10:00" }], timeZone: "UTC" } })).status).toBe(404);
    expect((await send(t, "POST", `/api/waitlist/entries/${entry.id}/leave`, { cookie: stranger.cookie })).status).toBe(404);
    expect((await waitlistOf(stranger)).entries).toEqual([]);

    const renewed = await send(t, "POST", `/api/waitlist/entries/${entry.id}/renew`, { cookie: parent.cookie });
    expect(renewed.status).toBe(200);
    expect(new Date((renewed.json.entry as WaitlistEntryDTO).expiresAt).getTime()).toBeGreaterThanOrEqual(new Date(entry.expiresAt).getTime());

    const left = await send(t, "POST", `/api/waitlist/entries/${entry.id}/leave`, { cookie: parent.cookie });
    expect(left.json.entry).toMatchObject({ status: "closed", closedByTeacher: false });
    const afterLeave = await send(t, "PUT", `/api/waitlist/entries/${entry.id}`, { cookie: parent.cookie, body: { bookingType: "full", format: "online", windows: [{ dayOfWeek: 1, startTime: "09:00", endTime: "10:00" }], timeZone: "UTC" } });
    expect(afterLeave.status).toBe(409);
    expect(afterLeave.json.error.message).toBe(ENTRY_CLOSED_MESSAGE);
    // Joining again after leaving is a new entry.
    expect((await join(parent, teacher, [{ dayOfWeek: 1, startTime: "09:00", endTime: "10:00" }])).status).toBe(201);
  });

  it("refuses what is not the family's to ask: another family's student, an unknown teacher, windows that make no sense", async () => {
    const teacher = await teacherOf();
    const parent = await family();
    const other = await family("Olga");
    const theirs = await send(t, "POST", "/api/waitlist", {
      cookie: parent.cookie,
      body: { teacherId: teacher.teacherId, studentId: other.studentIds[0], bookingType: "full", format: "online", windows: [{ dayOfWeek: 1, startTime: "09:00", endTime: "10:00" }], timeZone: "UTC" },
    });
    expect(theirs.status).toBe(404);
    const unknown = await send(t, "POST", "/api/waitlist", {
      cookie: parent.cookie,
      body: { teacherId: "00000000-0000-4000-8000-000000000000", studentId: parent.studentIds[0], bookingType: "full", format: "online", windows: [{ dayOfWeek: 1, startTime: "09:00", endTime: "10:00" }], timeZone: "UTC" },
    });
    expect(unknown.status).toBe(404);
    for (const [windows, extra] of [
      [[{ dayOfWeek: 1, startTime: "10:00", endTime: "09:00" }], {}],
      [[{ dayOfWeek: 1, startTime: "09:00", endTime: "12:00" }, { dayOfWeek: 1, startTime: "11:00", endTime: "13:00" }], {}],
      [[{ dayOfWeek: 7, startTime: "09:00", endTime: "10:00" }], {}],
      [[{ dayOfWeek: 1, startTime: "09:00", endTime: "10:00" }], { format: "phone" }],
      [[{ dayOfWeek: 1, startTime: "09:00", endTime: "10:00" }], { bookingType: "intro", format: "online", repeatWeeks: 4 }],
      [[{ dayOfWeek: 1, startTime: "09:00", endTime: "10:00" }], { timeZone: "Mars/Olympus" }],
    ] as const) {
      const res = await join(parent, teacher, [...windows], extra);
      expect(res.status, res.text).toBe(400);
      expect(res.json.error.message).toEqual(expect.any(String));
    }
    expect((await waitlistOf(parent)).entries).toEqual([]);
  });

  it("a teacher closing the waitlist closes every entry and refuses new ones; the teacher can take one family off", async () => {
    const teacher = await teacherOf();
    const [p1, p2] = await Promise.all([family("One"), family("Two")]);
    const e1 = (await join(p1, teacher, [{ dayOfWeek: 1, startTime: "09:00", endTime: "10:00" }])).json.entry as WaitlistEntryDTO;
    await join(p2, teacher, [{ dayOfWeek: 1, startTime: "09:00", endTime: "10:00" }]);
    const off = await send(t, "POST", `/api/waitlist/teaching/entries/${e1.id}/close`, { cookie: teacher.cookie });
    expect(off.status).toBe(200);
    expect((off.json as TeacherWaitlist).entries).toHaveLength(1);
    expect((await waitlistOf(p1)).entries[0]).toMatchObject({ status: "closed", closedByTeacher: true });

    const closed = await send(t, "PUT", "/api/waitlist/teaching/settings", { cookie: teacher.cookie, body: { open: false, offersEnabled: true, holdMinutes: 120 } });
    expect(closed.status).toBe(200);
    expect(closed.json).toMatchObject({ settings: { open: false }, entries: [] });
    expect((await waitlistOf(p2)).entries[0]).toMatchObject({ status: "closed", closedByTeacher: true });
    const refused = await join(p1, teacher, [{ dayOfWeek: 2, startTime: "09:00", endTime: "10:00" }]);
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toBe(WAITLIST_CLOSED_MESSAGE);
  });

  it("families joining while the teacher closes the waitlist are refused or closed with the others, never left waiting on a closed list", async () => {
    const teacher = await teacherOf();
    const families = await Promise.all(["Ada", "Ben", "Cy", "Di", "Ed", "Flo"].map((name) => family(name)));
    const window = [{ dayOfWeek: 1, startTime: "09:00", endTime: "10:00" }];
    const [closing, ...joins] = await Promise.all([
      send(t, "PUT", "/api/waitlist/teaching/settings", { cookie: teacher.cookie, body: { open: false, offersEnabled: true, holdMinutes: 120 } }),
      ...families.map((f) => join(f, teacher, window)),
    ]);
    expect(closing.status, closing.text).toBe(200);
    for (const res of joins) expect([201, 409], res.text).toContain(res.status);
    const live = await t.deps.db
      .select({ id: waitlistEntries.id })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.teacherId, teacher.teacherId), isNull(waitlistEntries.closedAt)));
    expect(live).toEqual([]);
  });
});

describe("a freed time is offered", () => {
  it("a cancellation inside the windows goes to the credit holder first, by email and in the app; unclaimed, it passes to the next family, who claims it; the teacher accepts", async () => {
    const { teacher, a, lessonAt, lessonId, morning } = await scene();
    const [b, c, d] = await Promise.all([family("Bea"), family("Cal"), family("Dan")]);
    // B joins first; C later but holds a make-up credit with the teacher; D waits for afternoons only.
    expect((await join(b, teacher, morning)).status).toBe(201);
    expect((await join(c, teacher, morning)).status).toBe(201);
    expect((await join(d, teacher, [{ ...morning[0]!, startTime: "13:00", endTime: "17:00" }])).status).toBe(201);
    const past = await createBooking(t.deps, { teacherId: teacher.teacherId, parentId: c.parentId, studentId: c.studentIds[0]!, status: "accepted", startsAt: newYorkTime(6, 15) });
    await issueCredits(t.deps.db, [{ teacherId: teacher.teacherId, studentId: c.studentIds[0]!, bookingId: past.bookingId }], new Date());

    // Nothing is offered before the change commits and its job runs.
    expect((await waitlistOf(c)).offers).toEqual([]);
    expect((await cancel(a, lessonId)).status).toBe(200);
    await runJobs();

    const offered = (await waitlistOf(c)).offers;
    expect(offered).toHaveLength(1);
    expect(offered[0]).toMatchObject({ startsAt: lessonAt.toISOString(), bookingType: "full", format: "online", status: "open" });
    expect((await waitlistOf(b)).offers).toEqual([]);
    expect((await waitlistOf(d)).offers).toEqual([]);
    const { mail } = await lastMail(t, c.email, "waitlist-offer");
    expect(mail.subject).toContain("is free");
    expect(mail.textBody).toContain("held for you until");
    const list = (await send(t, "GET", "/api/waitlist/teaching", { cookie: teacher.cookie })).json as TeacherWaitlist;
    expect(list.entries.find((e) => e.holdsCredit)?.openOfferStartsAt).toBe(lessonAt.toISOString());

    // Running the jobs again offers nothing more.
    await runJobs();
    expect(await t.deps.db.select({ id: waitlistOffers.id }).from(waitlistOffers).where(eq(waitlistOffers.teacherId, teacher.teacherId))).toHaveLength(1);

    // Two hours later the hold has run out: the time passes to B.
    const expired = new Date(new Date(offered[0]!.expiresAt).getTime() + 1000);
    await runJobs(expired);
    expect((await waitlistOf(c)).offers).toEqual([]);
    const late = await send(t, "POST", `/api/waitlist/offers/${offered[0]!.id}/claim`, { cookie: c.cookie });
    expect(late.status).toBe(409);
    expect(late.json.error.message).toBe(OFFER_PASSED_MESSAGE);
    const bOffers = (await waitlistOf(b)).offers;
    expect(bOffers).toHaveLength(1);
    expect(bOffers[0]!.startsAt).toBe(lessonAt.toISOString());
    expect((await offerEmailsTo(b.email)).length).toBe(1);

    const claimed = await send(t, "POST", `/api/waitlist/offers/${bOffers[0]!.id}/claim`, { cookie: b.cookie });
    expect(claimed.status, claimed.text).toBe(201);
    const [bookingId] = claimed.json.bookingIds as string[];
    const requests = await send(t, "GET", "/api/bookings/requests", { cookie: teacher.cookie });
    expect((requests.json.bookings as { id: string; startsAt: string; format: string }[]).find((r) => r.id === bookingId)).toMatchObject({
      startsAt: lessonAt.toISOString(),
      format: "online",
    });
    // An online lesson is accepted once the teacher has a meeting link.
    await t.deps.db.update(teacherProfiles).set({ meetingUrl: "https://meet.example/t" }).where(eq(teacherProfiles.id, teacher.teacherId));
    const accepted = await send(t, "POST", `/api/bookings/${bookingId}/accept`, { cookie: teacher.cookie, body: {} });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.json.booking).toMatchObject({ status: "accepted", startsAt: lessonAt.toISOString() });
    expect((await waitlistOf(b)).offers).toEqual([]);
  });

  it("the credit holder's claim is their make-up lesson: the offer says so and the request spends the credit", async () => {
    const { teacher, a, lessonAt, lessonId, morning } = await scene();
    const c = await family("Cal");
    expect((await join(c, teacher, morning)).status).toBe(201);
    const past = await createBooking(t.deps, { teacherId: teacher.teacherId, parentId: c.parentId, studentId: c.studentIds[0]!, status: "accepted", startsAt: newYorkTime(6, 15) });
    await issueCredits(t.deps.db, [{ teacherId: teacher.teacherId, studentId: c.studentIds[0]!, bookingId: past.bookingId }], new Date());
    await cancel(a, lessonId);
    await runJobs();
    const [offer] = (await waitlistOf(c)).offers;
    expect(offer).toMatchObject({ startsAt: lessonAt.toISOString(), usesMakeUpCredit: true });

    const claimed = await send(t, "POST", `/api/waitlist/offers/${offer!.id}/claim`, { cookie: c.cookie });
    expect(claimed.status, claimed.text).toBe(201);
    const [bookingId] = claimed.json.bookingIds as string[];
    const requests = (await send(t, "GET", "/api/bookings/requests", { cookie: teacher.cookie })).json.bookings as { id: string; makeUpCreditFrom: string | null }[];
    expect(requests.find((r) => r.id === bookingId)?.makeUpCreditFrom).toBe(newYorkTime(6, 15).toISOString());
    const [credit] = await t.deps.db.select({ usedBy: makeUpCredits.usedByBookingId }).from(makeUpCredits).where(eq(makeUpCredits.studentId, c.studentIds[0]!));
    expect(credit!.usedBy).toBe(bookingId);
  });

  it("ten concurrent claims of one offer give one booking request and nine 'just taken'; another family's claim is 404", async () => {
    const { teacher, a, lessonAt, lessonId, morning } = await scene();
    const b = await family("Bea");
    const stranger = await family("Sam");
    await join(b, teacher, morning);
    await cancel(a, lessonId);
    await runJobs();
    const [offer] = (await waitlistOf(b)).offers;
    expect(offer).toBeDefined();
    expect((await send(t, "POST", `/api/waitlist/offers/${offer!.id}/claim`, { cookie: stranger.cookie })).status).toBe(404);

    const results = await Promise.all(Array.from({ length: 10 }, () => send(t, "POST", `/api/waitlist/offers/${offer!.id}/claim`, { cookie: b.cookie })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses, results.map((r) => r.text).join("\n")).toEqual([201, ...Array<number>(9).fill(409)]);
    for (const refused of results.filter((r) => r.status === 409)) expect(refused.json.error.message).toBe(TIME_JUST_TAKEN_MESSAGE);
    const requested = await t.deps.db
      .select({ id: bookings.id })
      .from(bookings)
      .innerJoin(bookingSlots, eq(bookingSlots.id, bookings.slotId))
      .where(and(eq(bookings.studentId, b.studentIds[0]!), eq(bookingSlots.startsAt, lessonAt)));
    expect(requested).toHaveLength(1);
  });

  it("a time booked directly while it is offered: the claim answers 'just taken' and sends nothing", async () => {
    const { teacher, a, lessonAt, lessonId, morning } = await scene();
    const [b, e] = await Promise.all([family("Bea"), family("Eve")]);
    await join(b, teacher, morning);
    await cancel(a, lessonId);
    await runJobs();
    const [offer] = (await waitlistOf(b)).offers;
    // The time is on the calendar again: anyone may book it.
    const direct = await send(t, "POST", "/api/bookings", {
      cookie: e.cookie,
      body: { teacherId: teacher.teacherId, studentId: e.studentIds[0], bookingType: "full", format: "online", startTimes: [lessonAt.toISOString()] },
    });
    expect(direct.status, direct.text).toBe(201);
    const claim = await send(t, "POST", `/api/waitlist/offers/${offer!.id}/claim`, { cookie: b.cookie });
    expect(claim.status).toBe(409);
    expect(claim.json.error.message).toBe(TIME_JUST_TAKEN_MESSAGE);
    const [row] = await t.deps.db.select({ status: waitlistOffers.status }).from(waitlistOffers).where(eq(waitlistOffers.id, offer!.id));
    expect(row!.status).toBe("taken");
    expect(await t.deps.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.studentId, b.studentIds[0]!))).toHaveLength(0);
  });

  it("a claim whose request fails after the claim (the process dies) leaves the offer open, and claimed again it gives one request: the claim and its request commit together", async () => {
    const { teacher, a, lessonAt, lessonId, morning } = await scene();
    const b = await family("Bea");
    await join(b, teacher, morning);
    await cancel(a, lessonId);
    await runJobs();
    const [offer] = (await waitlistOf(b)).offers;
    const offerRow = async () =>
      (await t.deps.db.select({ status: waitlistOffers.status, bookingId: waitlistOffers.bookingId }).from(waitlistOffers).where(eq(waitlistOffers.id, offer!.id)))[0];
    // The request's transaction fails after the request is stored: storing the teacher's email throws.
    const crash = vi.spyOn(t.deps.mailer, "enqueue").mockRejectedValueOnce(new Error("the process died"));
    try {
      const failed = await send(t, "POST", `/api/waitlist/offers/${offer!.id}/claim`, { cookie: b.cookie });
      expect(failed.status).toBe(500);
    } finally {
      crash.mockRestore();
    }
    expect(await offerRow()).toEqual({ status: "open", bookingId: null });
    expect(await t.deps.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.studentId, b.studentIds[0]!))).toHaveLength(0);
    expect((await waitlistOf(b)).offers.map((o) => o.id)).toEqual([offer!.id]);

    const again = await send(t, "POST", `/api/waitlist/offers/${offer!.id}/claim`, { cookie: b.cookie });
    expect(again.status, again.text).toBe(201);
    const [bookingId] = again.json.bookingIds as string[];
    expect(await offerRow()).toEqual({ status: "claimed", bookingId });
    const [slot] = await t.deps.db.select({ startsAt: bookingSlots.startsAt }).from(bookings).innerJoin(bookingSlots, eq(bookingSlots.id, bookings.slotId)).where(eq(bookings.id, bookingId!));
    expect(slot!.startsAt).toEqual(lessonAt);
  });

  it("a declined offer passes on at once; at most one offer email a day, later offers wait in the app", async () => {
    const { teacher, a, lessonAt, lessonId, morning } = await scene();
    const secondAt = newYorkTime(3, 11);
    const second = await lessonOf(teacher, a, secondAt);
    const [b, c] = await Promise.all([family("Bea"), family("Cal")]);
    await join(b, teacher, morning);
    await join(c, teacher, morning);
    await cancel(a, lessonId);
    await runJobs();
    const [first] = (await waitlistOf(b)).offers;
    expect(first!.startsAt).toBe(lessonAt.toISOString());
    const declined = await send(t, "POST", `/api/waitlist/offers/${first!.id}/decline`, { cookie: b.cookie });
    expect(declined.status).toBe(204);
    expect((await waitlistOf(c)).offers.map((o) => o.startsAt)).toEqual([lessonAt.toISOString()]);
    // B is offered the next freed time, in the app only: B had an offer email today.
    await cancel(a, second);
    await runJobs();
    expect((await waitlistOf(b)).offers.map((o) => o.startsAt)).toEqual([secondAt.toISOString()]);
    expect(await offerEmailsTo(b.email)).toHaveLength(1);
    expect(await offerEmailsTo(c.email)).toHaveLength(1);
    // Declining twice, or someone else's offer: refused.
    expect((await send(t, "POST", `/api/waitlist/offers/${first!.id}/decline`, { cookie: b.cookie })).status).toBe(409);
    expect((await send(t, "POST", `/api/waitlist/offers/${first!.id}/decline`, { cookie: c.cookie })).status).toBe(404);
  });

  it("a suspended family is passed over: the time goes to the next family, and the teacher's list leaves it out", async () => {
    const { teacher, a, lessonAt, lessonId, morning } = await scene();
    const [b, c] = await Promise.all([family("Bea"), family("Cal")]);
    await join(b, teacher, morning);
    await join(c, teacher, morning);
    await t.deps.db.insert(accountSuspensions).values({ userId: b.userId, reason: "Test" });
    await cancel(a, lessonId);
    await runJobs();
    expect((await waitlistOf(c)).offers.map((o) => o.startsAt)).toEqual([lessonAt.toISOString()]);
    expect(await t.deps.db.select({ id: waitlistOffers.id }).from(waitlistOffers).where(eq(waitlistOffers.parentId, b.parentId))).toHaveLength(0);
    const list = (await send(t, "GET", "/api/waitlist/teaching", { cookie: teacher.cookie })).json as TeacherWaitlist;
    expect(list.entries.map((e) => e.parentName)).toEqual(["Cal Parent"]);
  });

  it("with offers turned off nothing is offered; a declined request frees its time too, held for the teacher's hold", async () => {
    const { teacher, a, lessonAt, lessonId, morning } = await scene();
    const b = await family("Bea");
    await join(b, teacher, morning);
    await send(t, "PUT", "/api/waitlist/teaching/settings", { cookie: teacher.cookie, body: { open: true, offersEnabled: false, holdMinutes: 60 } });
    await cancel(a, lessonId);
    await runJobs();
    expect((await waitlistOf(b)).offers).toEqual([]);

    await send(t, "PUT", "/api/waitlist/teaching/settings", { cookie: teacher.cookie, body: { open: true, offersEnabled: true, holdMinutes: 60 } });
    // A's request for the time, declined by the teacher: offered to B, held for the teacher's hour.
    const request = await send(t, "POST", "/api/bookings", {
      cookie: a.cookie,
      body: { teacherId: teacher.teacherId, studentId: a.studentIds[0], bookingType: "full", format: "online", startTimes: [lessonAt.toISOString()] },
    });
    expect(request.status, request.text).toBe(201);
    await runJobs();
    expect((await waitlistOf(b)).offers).toEqual([]);
    expect((await send(t, "POST", `/api/bookings/${request.json.bookings[0].id}/decline`, { cookie: teacher.cookie, body: {} })).status).toBe(200);
    await runJobs();
    const [offer] = (await waitlistOf(b)).offers;
    expect(offer!.startsAt).toBe(lessonAt.toISOString());
    expect(new Date(offer!.expiresAt).getTime() - new Date(offer!.offeredAt).getTime()).toBe(60 * 60_000);
  });
});

describe("new weekly hours and a day off removed free times too", () => {
  it("new weekly hours inside a family's window are offered to it (the first week they can be booked)", async () => {
    const teacher = await teacherOf();
    const b = await family("Bea");
    const eveningAt = newYorkTime(3, 18);
    const evening = [{ dayOfWeek: nyDay(eveningAt), startTime: "18:00", endTime: "20:00" }];
    expect((await join(b, teacher, evening)).status).toBe(201);
    await runJobs();
    expect((await waitlistOf(b)).offers).toEqual([]);

    // The teacher opens that weekday's evening (outside the 09:00-17:00 hours until now).
    const opened = await send(t, "POST", "/api/teachers/me/availability", {
      cookie: teacher.cookie,
      body: { dayOfWeek: nyDay(eveningAt), startTime: "18:00", endTime: "20:00", format: "both" },
    });
    expect(opened.status, opened.text).toBe(201);
    await runJobs();
    const offers = (await waitlistOf(b)).offers;
    expect(offers).toHaveLength(1);
    expect(offers[0]).toMatchObject({ startsAt: eveningAt.toISOString(), bookingType: "full", format: "online", status: "open" });
    const claimed = await send(t, "POST", `/api/waitlist/offers/${offers[0]!.id}/claim`, { cookie: b.cookie });
    expect(claimed.status, claimed.text).toBe(201);
  });

  it("a day off removed gives its times back to the family waiting for them; adding it offered nothing", async () => {
    const teacher = await teacherOf();
    const b = await family("Bea");
    const morningAt = newYorkTime(3, 9);
    const day = localDateTime(morningAt, "America/New_York").date;
    const off = await send(t, "POST", "/api/teachers/me/time-off", { cookie: teacher.cookie, body: { startDate: day, endDate: day } });
    expect(off.status, off.text).toBe(201);
    expect((await join(b, teacher, [{ dayOfWeek: nyDay(morningAt), startTime: "09:00", endTime: "12:00" }])).status).toBe(201);
    await runJobs();
    expect((await waitlistOf(b)).offers).toEqual([]);

    const removed = await send(t, "DELETE", `/api/teachers/me/time-off/${(off.json as TimeOffCreatedDTO).timeOff.id}`, { cookie: teacher.cookie });
    expect(removed.status, removed.text).toBe(200);
    await runJobs();
    const offers = (await waitlistOf(b)).offers;
    expect(offers.map((o) => o.startsAt)).toEqual([morningAt.toISOString()]);
  });
});
