import { TZDate } from "@date-fns/tz";
import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createOperator, createParent } from "../../../tests/factories/accounts";
import { createBooking } from "../../../tests/factories/bookings";
import { createGuardian } from "../../../tests/factories/households";
import { createSeries, newYorkTime } from "../../../tests/factories/lessons";
import { createEntry, setParentZone } from "../../../tests/factories/practice";
import { signedInNewYorkTeacher } from "../../../tests/factories/signed-in";
import { createWaitlistEntry } from "../../../tests/factories/waitlist";
import { book, monthFromNow, slotsOf } from "../../../tests/fixtures/booking";
import { send, signIn, signInOperator } from "../../../tests/fixtures/http";
import { testAppForFile } from "../../../tests/fixtures/test-app";
import { formatLessonTime } from "../../shared/booking/booking.rules";
import type { BookingRequestDTO } from "../../shared/booking/booking.schemas";
import { addLocalDays } from "../../shared/calendar/calendar-views.rules";
import { weekStartOf } from "../../shared/practice/practice-week.rules";
import { jobs, mailOutbox, parentProfiles, waitlistOffers, weeklyEmailRounds } from "../db/schema";
import { JOB_KINDS, JOB_SWEEPS } from "../job-kinds";
import { runDueJobs } from "../jobs/job-runner";
import { todayIn } from "../practice/practice.service";

/**
 * Issue 45: every email to the family goes to each guardian who wants that kind, in their own zone:
 * a founder in New York and a guardian who joined from Berlin, each with their own name, clock,
 * email settings and "Email notifications" switch.
 */

const t = testAppForFile();

const H = 3_600_000;
const NY = "America/New_York";
const BERLIN = "Europe/Berlin";
const run = (now: Date) => runDueJobs(t.deps, { kinds: JOB_KINDS, sweeps: JOB_SWEEPS, now });

/** Ada founded the household in New York (two children); Ben joined it and reads his clock in Berlin. Both signed in. */
async function household() {
  const ada = await createParent(t.deps, { firstName: "Ada", students: 2 });
  const ben = await createGuardian(t.deps, ada.parentId, { firstName: "Ben" });
  await setParentZone(t.deps, ada.parentId, NY);
  // Ben's zone is the one his browser reported (no zone chosen): the parent-clock rule's second choice.
  await t.deps.db.update(parentProfiles).set({ reportedTimeZone: BERLIN }).where(eq(parentProfiles.id, ben.guardianId));
  const [adaCookie, benCookie] = await Promise.all([signIn(t, "parent", ada.email, ada.password), signIn(t, "parent", ben.email, ben.password)]);
  return { ada: { ...ada, cookie: adaCookie }, ben: { ...ben, studentIds: ada.studentIds, cookie: benCookie } };
}

function mailsTo(email: string, kind: string) {
  return t.deps.db
    .select({ subject: mailOutbox.subject, text: mailOutbox.textBody, dedupeKey: mailOutbox.dedupeKey })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, kind)));
}

async function onlyMail(email: string, kind: string) {
  const mails = await mailsTo(email, kind);
  expect(mails, `${kind} to ${email}`).toHaveLength(1);
  return mails[0]!;
}

/** A full lesson next month, requested by `parent` (either guardian) for the household's first child. */
async function requested(teacher: { teacherId: string }, parent: { cookie: string; studentIds: string[] }, slot = 1) {
  const day = Object.values((await slotsOf(t, teacher.teacherId, "full", monthFromNow(), NY)).days)[3]!;
  const res = await book(t, parent, teacher.teacherId, [day[slot]!.startsAt]);
  expect(res.status, res.text).toBe(201);
  return (res.json.bookings as BookingRequestDTO[])[0]!;
}

const turnOff = (cookie: string, kind: "booking" | "reminders" | "weekly") =>
  send(t, "PATCH", "/api/accounts/me/email-preferences", { cookie, body: { [kind]: false } });

describe("booking emails reach every guardian", () => {
  it("a request and its acceptance reach both guardians, each by name and on their own clock", async () => {
    const [teacher, { ada, ben }] = await Promise.all([signedInNewYorkTeacher(t), household()]);
    const request = await requested(teacher, ben);
    const startsAt = new Date(request.startsAt);
    const [newYork, berlin] = [formatLessonTime(startsAt, NY), formatLessonTime(startsAt, BERLIN)];
    expect(newYork).toMatch(/ E[SD]T$/);
    expect(berlin).not.toBe(newYork);

    // Ben asked: his confirmation is his own; Ada is told Ben asked.
    const benSent = await onlyMail(ben.email, "booking-request-sent");
    expect(benSent.text).toContain("Hi Ben,\n\nYour request for the lesson with Terry Teacher for Kid1 is sent:");
    expect(benSent.text).toContain(berlin);
    const adaSent = await onlyMail(ada.email, "booking-request-sent");
    expect(adaSent.text).toContain("Hi Ada,\n\nBen asked Terry Teacher for the lesson for Kid1:");
    expect(adaSent.text).toContain(newYork);

    expect((await send(t, "POST", `/api/bookings/${request.id}/accept`, { cookie: teacher.cookie })).status).toBe(200);
    const adaAccepted = await onlyMail(ada.email, "booking-accepted");
    const benAccepted = await onlyMail(ben.email, "booking-accepted");
    expect(adaAccepted.text).toContain(`Hi Ada,\n\nGood news: Terry Teacher accepted the lesson for Kid1 on ${newYork}.`);
    expect(benAccepted.text).toContain(`Hi Ben,\n\nGood news: Terry Teacher accepted the lesson for Kid1 on ${berlin}.`);
    expect(adaAccepted.text).not.toContain(berlin);
    expect(benAccepted.text).not.toContain(newYork);
    expect(adaAccepted.dedupeKey).toBeNull();
  });

  it("a guardian who turned booking emails off gets none; the other guardian still does", async () => {
    const [teacher, { ada, ben }] = await Promise.all([signedInNewYorkTeacher(t), household()]);
    expect((await turnOff(ben.cookie, "booking")).status).toBe(200);
    const accepted = await requested(teacher, ada);
    const declined = await requested(teacher, ada, 4);
    expect((await send(t, "POST", `/api/bookings/${accepted.id}/accept`, { cookie: teacher.cookie })).status).toBe(200);
    expect((await send(t, "POST", `/api/bookings/${declined.id}/decline`, { cookie: teacher.cookie, body: {} })).status).toBe(200);
    expect(await mailsTo(ada.email, "booking-request-sent")).toHaveLength(2);
    expect(await mailsTo(ada.email, "booking-accepted")).toHaveLength(1);
    expect(await mailsTo(ada.email, "booking-declined")).toHaveLength(1);
    for (const kind of ["booking-request-sent", "booking-accepted", "booking-declined"]) expect(await mailsTo(ben.email, kind)).toEqual([]);
  });

  it("a lesson the teacher cancels, and one they move, reach both guardians on their own clocks", async () => {
    const [teacher, { ada, ben }] = await Promise.all([signedInNewYorkTeacher(t), household()]);
    const cancelledAt = newYorkTime(5, 10);
    const cancelled = await createBooking(t.deps, { teacherId: teacher.teacherId, parentId: ada.parentId, studentId: ada.studentIds[0]!, startsAt: cancelledAt });
    const res = await send(t, "POST", `/api/lessons/${cancelled.bookingId}/cancel`, { cookie: teacher.cookie, body: { scope: "one", reason: "I have the flu." } });
    expect(res.status, res.text).toBe(200);
    const adaCancel = await onlyMail(ada.email, "lesson-cancelled");
    const benCancel = await onlyMail(ben.email, "lesson-cancelled");
    expect(adaCancel.text).toContain(`Hi Ada,\n\nTerry Teacher cancelled the lesson with Kid1:\n\n  - ${formatLessonTime(cancelledAt, NY)}`);
    expect(benCancel.text).toContain(`Hi Ben,\n\nTerry Teacher cancelled the lesson with Kid1:\n\n  - ${formatLessonTime(cancelledAt, BERLIN)}`);
    expect(benCancel.text).toContain("> I have the flu.");

    const movedFrom = newYorkTime(6, 10);
    const movedTo = newYorkTime(6, 14);
    const moving = await createBooking(t.deps, { teacherId: teacher.teacherId, parentId: ada.parentId, studentId: ada.studentIds[0]!, startsAt: movedFrom });
    const move = await send(t, "POST", `/api/lessons/${moving.bookingId}/reschedule`, { cookie: teacher.cookie, body: { startsAt: movedTo.toISOString() } });
    expect(move.status, move.text).toBe(200);
    expect((await onlyMail(ben.email, "lesson-rescheduled")).text).toContain(`from ${formatLessonTime(movedFrom, BERLIN)}\nto   ${formatLessonTime(movedTo, BERLIN)}.`);
    expect((await onlyMail(ada.email, "lesson-rescheduled")).text).toContain(`from ${formatLessonTime(movedFrom, NY)}\nto   ${formatLessonTime(movedTo, NY)}.`);
  });

  it("a guardian's cancellation tells the teacher once, and the guardians nothing", async () => {
    const [teacher, { ada, ben }] = await Promise.all([signedInNewYorkTeacher(t), household()]);
    const lesson = await createBooking(t.deps, { teacherId: teacher.teacherId, parentId: ada.parentId, studentId: ada.studentIds[0]!, startsAt: newYorkTime(5, 11) });
    expect((await send(t, "POST", `/api/lessons/${lesson.bookingId}/cancel`, { cookie: ben.cookie, body: { scope: "one" } })).status).toBe(200);
    expect(await mailsTo(teacher.email, "lesson-cancelled")).toHaveLength(1);
    expect(await mailsTo(ada.email, "lesson-cancelled")).toEqual([]);
    expect(await mailsTo(ben.email, "lesson-cancelled")).toEqual([]);
  });
});

describe("a series changed by one guardian", () => {
  it("reads \"You changed\" to that guardian and names them to the other, each on their own clock; the teacher is told once", async () => {
    const [teacher, { ada, ben }] = await Promise.all([signedInNewYorkTeacher(t), household()]);
    // Three weekly lessons at 10:00 New York, the first at least 8 days ahead, moved to 14:00 from the first on.
    const first = newYorkTime(8, 10);
    const starts = [0, 1, 2].map((w) => new Date(first.getTime() + w * 7 * 24 * H));
    const { bookingIds } = await createSeries(t.deps, { teacherId: teacher.teacherId, parentId: ada.parentId, studentId: ada.studentIds[0]!, starts });
    const weekday = new TZDate(first.getTime(), NY).getDay();
    const res = await send(t, "POST", `/api/lessons/${bookingIds[0]}/change-series`, { cookie: ben.cookie, body: { weekday, time: "14:00" } });
    expect(res.status, res.text).toBe(200);
    const moved = new Date(first.getTime() + 4 * H);
    const benMail = await onlyMail(ben.email, "series-changed");
    const adaMail = await onlyMail(ada.email, "series-changed");
    expect(benMail.text).toContain("Hi Ben,\n\nYou changed the weekly lessons with Kid1");
    expect(benMail.text).toContain(`  - ${formatLessonTime(moved, BERLIN)} (was ${formatLessonTime(first, BERLIN)})`);
    expect(adaMail.text).toContain("Hi Ada,\n\nBen changed the weekly lessons with Kid1");
    expect(adaMail.text).toContain(`  - ${formatLessonTime(moved, NY)} (was ${formatLessonTime(first, NY)})`);
    expect(await mailsTo(teacher.email, "series-changed")).toHaveLength(1);
  });
});

describe("a teacher who can no longer teach", () => {
  it("is told to each guardian on their own clock, the family's lessons counted once", async () => {
    const [teacher, { ada, ben }, account] = await Promise.all([signedInNewYorkTeacher(t), household(), createOperator(t.deps)]);
    const startsAt = newYorkTime(4, 10);
    await createBooking(t.deps, { teacherId: teacher.teacherId, parentId: ada.parentId, studentId: ada.studentIds[0]!, startsAt });
    const operator = await signInOperator(t, account.email, account.password);
    const res = await send(t, "POST", `/api/operator/accounts/${teacher.userId}/suspend`, { cookie: operator, body: { reason: "Repeated no-shows" } });
    expect(res.status, res.text).toBe(200);
    const adaMail = await onlyMail(ada.email, "teacher-suspended");
    const benMail = await onlyMail(ben.email, "teacher-suspended");
    expect(adaMail.text).toContain(`Hi Ada,`);
    expect(adaMail.text).toContain(`  - ${formatLessonTime(startsAt, NY)}: Kid1's full lesson`);
    expect(benMail.text).toContain(`Hi Ben,`);
    expect(benMail.text).toContain(`  - ${formatLessonTime(startsAt, BERLIN)}: Kid1's full lesson`);
    expect(benMail.text).toContain("This lesson or request is cancelled");
  });
});

describe("reminders reach every guardian", () => {
  it("each guardian gets the reminder on their own clock, once, under a key of their own; a guardian's switches are their own", async () => {
    const [teacher, { ada, ben }] = await Promise.all([signedInNewYorkTeacher(t), household()]);
    const startsAt = newYorkTime(3, 10);
    const { bookingId } = await createBooking(t.deps, { teacherId: teacher.teacherId, parentId: ada.parentId, studentId: ada.studentIds[0]!, startsAt });
    const due = new Date(startsAt.getTime() - 24 * H);
    await run(new Date(due.getTime() - H));
    await run(due);
    await run(new Date(due.getTime() + H));
    const adaReminder = await onlyMail(ada.email, "lesson-reminder");
    const benReminder = await onlyMail(ben.email, "lesson-reminder");
    const key = `reminder:${bookingId}:${startsAt.toISOString()}:parent`;
    expect(adaReminder.dedupeKey).toBe(key);
    expect(benReminder.dedupeKey).toBe(`${key}:${ben.guardianId}`);
    expect(adaReminder.text).toContain("Hi Ada,");
    expect(benReminder.text).toContain("Hi Ben,");
    // "tomorrow at 10:00 AM EST (date)" in New York, the same instant on Berlin's clock for Ben.
    const clock = (zone: string) => new Intl.DateTimeFormat("en-US", { timeZone: zone, hour: "numeric", minute: "2-digit" }).format(startsAt);
    expect(adaReminder.subject).toContain(clock(NY));
    expect(benReminder.subject).toContain(clock(BERLIN));
    expect(clock(NY)).not.toBe(clock(BERLIN));
    expect(await mailsTo(teacher.email, "lesson-reminder")).toHaveLength(1);

    // Ada turns every email off ("Email notifications"), Ben only reminders: each switch is theirs.
    const next = newYorkTime(4, 10);
    await createBooking(t.deps, { teacherId: teacher.teacherId, parentId: ada.parentId, studentId: ada.studentIds[0]!, startsAt: next });
    const settings = await send(t, "PATCH", "/api/parents/me", { cookie: ada.cookie, body: { notifications: { email: false, sms: false } } });
    expect(settings.status, settings.text).toBe(200);
    await run(new Date(next.getTime() - 24 * H));
    expect(await mailsTo(ada.email, "lesson-reminder")).toHaveLength(1);
    expect(await mailsTo(ben.email, "lesson-reminder")).toHaveLength(2);
    const [benProfile] = await t.deps.db.select({ wantsNotifications: parentProfiles.wantsNotifications }).from(parentProfiles).where(eq(parentProfiles.id, ben.guardianId));
    expect(benProfile!.wantsNotifications).toBe(true);

    expect((await turnOff(ben.cookie, "reminders")).status).toBe(200);
    const third = newYorkTime(5, 10);
    await createBooking(t.deps, { teacherId: teacher.teacherId, parentId: ada.parentId, studentId: ada.studentIds[0]!, startsAt: third });
    await run(new Date(third.getTime() - 24 * H));
    expect(await mailsTo(ben.email, "lesson-reminder")).toHaveLength(2);
    expect(await mailsTo(teacher.email, "lesson-reminder")).toHaveLength(3);
  });
});

describe("waitlist offers reach every guardian", () => {
  it("the family's one offer email of the day goes to each guardian on their own clock; a second offer that day emails nobody", async () => {
    const [teacher, { ada, ben }, other] = await Promise.all([signedInNewYorkTeacher(t), household(), createParent(t.deps, { firstName: "Ann" })]);
    const [first, second] = [newYorkTime(3, 10), newYorkTime(3, 13)];
    const lessons = await Promise.all(
      [first, second].map((startsAt) => createBooking(t.deps, { teacherId: teacher.teacherId, parentId: other.parentId, studentId: other.studentIds[0]!, startsAt })),
    );
    for (const studentId of ada.studentIds) {
      await createWaitlistEntry(t.deps, { teacherId: teacher.teacherId, parentId: ada.parentId, studentId, timeZone: NY });
    }
    const otherCookie = await signIn(t, "parent", other.email, other.password);
    expect((await send(t, "POST", `/api/lessons/${lessons[0]!.bookingId}/cancel`, { cookie: otherCookie, body: { scope: "one" } })).status).toBe(200);
    await runDueJobs(t.deps, { kinds: JOB_KINDS, sweeps: [], now: new Date() });
    const adaOffer = await onlyMail(ada.email, "waitlist-offer");
    const benOffer = await onlyMail(ben.email, "waitlist-offer");
    expect(adaOffer.text).toContain("Hi Ada,");
    expect(adaOffer.subject).toContain(formatLessonTime(first, NY));
    expect(benOffer.text).toContain("Hi Ben,");
    expect(benOffer.subject).toContain(formatLessonTime(first, BERLIN));

    expect((await send(t, "POST", `/api/lessons/${lessons[1]!.bookingId}/cancel`, { cookie: otherCookie, body: { scope: "one" } })).status).toBe(200);
    await runDueJobs(t.deps, { kinds: JOB_KINDS, sweeps: [], now: new Date() });
    const offers = await t.deps.db.select({ emailed: waitlistOffers.emailed }).from(waitlistOffers).where(eq(waitlistOffers.parentId, ada.parentId));
    expect(offers.map((o) => o.emailed).sort()).toEqual([false, true]);
    expect(await mailsTo(ada.email, "waitlist-offer")).toHaveLength(1);
    expect(await mailsTo(ben.email, "waitlist-offer")).toHaveLength(1);
  });
});

describe("the weekly digest reaches every guardian", () => {
  /** Sunday 18:00 in `zone` of the week starting `weekStart`. */
  const sundayAt = (weekStart: string, zone: string) => {
    const [y, m, d] = addLocalDays(weekStart, 6).split("-").map(Number) as [number, number, number];
    return new Date(new TZDate(y, m - 1, d, 18, 0, 0, zone).getTime());
  };

  it("each guardian whose weekly email is on gets the household's digest at 18:00 on their own Sunday, in their own zone; one with it off gets none", async () => {
    await t.deps.db.delete(weeklyEmailRounds);
    await t.deps.db.delete(jobs).where(inArray(jobs.kind, ["weekly-digest", "weekly-summary"]));
    let weekStart = weekStartOf(todayIn(NY));
    if (sundayAt(weekStart, BERLIN).getTime() <= Date.now()) weekStart = addLocalDays(weekStart, 7);
    const [berlinAt, newYorkAt] = [sundayAt(weekStart, BERLIN), sundayAt(weekStart, NY)];

    const [teacher, { ada, ben }] = await Promise.all([signedInNewYorkTeacher(t), household()]);
    const cy = await createGuardian(t.deps, ada.parentId, { firstName: "Cy" });
    const cyCookie = await signIn(t, "parent", cy.email, cy.password);
    expect((await turnOff(cyCookie, "weekly")).status).toBe(200);
    const lessonAt = new Date(newYorkAt.getTime() + 2 * 24 * H);
    await createBooking(t.deps, { teacherId: teacher.teacherId, parentId: ada.parentId, studentId: ada.studentIds[0]!, startsAt: lessonAt });
    await createEntry(t.deps, { studentId: ada.studentIds[1]!, parentId: ada.parentId, practicedOn: addLocalDays(weekStart, 5), minutes: 25 });

    // Berlin's Sunday evening comes first: Ben's digest, nobody else's yet.
    await run(berlinAt);
    await run(new Date(berlinAt.getTime() + 1000));
    const benDigest = await onlyMail(ben.email, "weekly-digest");
    expect(await mailsTo(ada.email, "weekly-digest")).toEqual([]);
    await run(newYorkAt);
    await run(new Date(newYorkAt.getTime() + 1000));
    const adaDigest = await onlyMail(ada.email, "weekly-digest");

    expect(benDigest.text).toContain("Hi Ben,");
    expect(adaDigest.text).toContain("Hi Ada,");
    for (const digest of [benDigest, adaDigest]) {
      expect(digest.text).toContain("KID1 PARENT");
      expect(digest.text).toContain("KID2 PARENT");
      expect(digest.text).toContain("25 minutes on 1 day");
    }
    expect(benDigest.text).toContain(formatLessonTime(lessonAt, BERLIN));
    expect(adaDigest.text).toContain(formatLessonTime(lessonAt, NY));
    expect(benDigest.dedupeKey).toBe(`weekly-digest:${ben.userId}:${weekStart}`);

    // Cy's weekly email is off: nothing scheduled or built for Cy, and nothing sent.
    expect(await mailsTo(cy.email, "weekly-digest")).toEqual([]);
    const scheduledForCy = await t.deps.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.kind, "weekly-digest"), sql`${jobs.payload}->'userIds' @> ${JSON.stringify([cy.userId])}::jsonb`));
    expect(scheduledForCy).toEqual([]);
  });
});
