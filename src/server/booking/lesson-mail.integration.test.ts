import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createParent, createTeacher } from "../../../tests/factories/accounts";
import { createBooking } from "../../../tests/factories/bookings";
import { send, signIn } from "../../../tests/fixtures/http";
import { lastMail } from "../../../tests/fixtures/outbox";
import { book, monthFromNow, slotsOf } from "../../../tests/fixtures/booking";
import { testAppForFile } from "../../../tests/fixtures/test-app";
import { tableCounts } from "../../../tests/api/world";
import { REASON_MAX } from "../../shared/booking/booking.constants";
import { formatLessonTime } from "../../shared/booking/booking.rules";
import type { BookingRequestDTO } from "../../shared/booking/booking.schemas";
import type { LessonDTO } from "../../shared/lessons/lessons.schemas";
import { bookings, mailOutbox, teacherAvailability, teacherProfiles } from "../db/schema";
import { JOB_KINDS, JOB_SWEEPS } from "../job-kinds";
import { runDueJobs } from "../jobs/job-runner";

/**
 * Issue 26, as a New York family and a Chicago teacher live it: every email names the reader's own
 * time, and a teacher's reason for a decline or a cancel reaches the family in the app and by email.
 */

const t = testAppForFile();

const NY = "America/New_York";
const MEETING_URL = "https://meet.example.test/terry";

/** A Chicago teacher open every day 09:00-17:00 there, with a meeting link, signed in. */
async function chicagoTeacher() {
  const teacher = await createTeacher(t.deps, { timeZone: "America/Chicago" });
  await t.deps.db.delete(teacherAvailability).where(eq(teacherAvailability.teacherId, teacher.teacherId));
  await t.deps.db.insert(teacherAvailability).values(
    [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ teacherId: teacher.teacherId, dayOfWeek, startTime: "09:00", endTime: "17:00" })),
  );
  await t.deps.db.update(teacherProfiles).set({ meetingUrl: MEETING_URL }).where(eq(teacherProfiles.id, teacher.teacherId));
  return { ...teacher, cookie: await signIn(t, "teacher", teacher.email, teacher.password) };
}

/** A parent whose browser reported New York (as the web app does once per start), signed in. */
async function newYorkParent() {
  const parent = await createParent(t.deps, { firstName: "Ada" });
  const cookie = await signIn(t, "parent", parent.email, parent.password);
  expect((await send(t, "PUT", "/api/parents/me/time-zone", { cookie, body: { timeZone: NY } })).status).toBe(204);
  return { ...parent, cookie };
}

/** One requested full lesson next month, as the parent books it (online unless said otherwise). */
async function requested(teacher: { teacherId: string }, parent: { cookie: string; studentIds: string[] }, format = "online") {
  const day = Object.values((await slotsOf(t, teacher.teacherId, "full", monthFromNow(), NY)).days)[3]!;
  const res = await book(t, parent, teacher.teacherId, [day[1]!.startsAt], "full", { format });
  expect(res.status, res.text).toBe(201);
  return (res.json.bookings as BookingRequestDTO[])[0]!;
}

/** The time as the New York family reads it, checked to be Eastern (not the teacher's Central). */
function easternTime(startsAt: string | Date) {
  const text = formatLessonTime(new Date(startsAt), NY);
  expect(text).toMatch(/ E[SD]T$/);
  return text;
}

const myRequests = async (cookie: string) => (await send(t, "GET", "/api/bookings/mine", { cookie })).json.bookings as BookingRequestDTO[];
const myLessons = async (cookie: string) => (await send(t, "GET", "/api/lessons/mine", { cookie })).json.lessons as LessonDTO[];

describe("decline with a reason", () => {
  it("stores the reason, shows it in the family's requests and tells them by email in their own time", async () => {
    const [teacher, parent] = await Promise.all([chicagoTeacher(), newYorkParent()]);
    const request = await requested(teacher, parent);
    const reason = "I am fully booked that week.\nAny Tuesday in the month after works.";
    const res = await send(t, "POST", `/api/bookings/${request.id}/decline`, { cookie: teacher.cookie, body: { reason: `  ${reason}  ` } });
    expect(res.status, res.text).toBe(200);
    expect(res.json.booking).toMatchObject({ status: "declined", declineReason: reason });
    const [row] = await t.deps.db.select({ declineReason: bookings.declineReason }).from(bookings).where(eq(bookings.id, request.id));
    expect(row!.declineReason).toBe(reason);
    expect((await myRequests(parent.cookie)).find((b) => b.id === request.id)).toMatchObject({ status: "declined", declineReason: reason });

    const { mail } = await lastMail(t, parent.email, "booking-declined");
    expect(mail.textBody).toContain(`could not take the lesson for Kid1 on ${easternTime(request.startsAt)}.`);
    expect(mail.textBody).toContain("Terry Teacher gave this reason:\n> I am fully booked that week.\n> Any Tuesday in the month after works.");
    expect(mail.textBody).not.toMatch(/C[SD]T/);
  });

  it("declines without a reason when the body is empty or has none", async () => {
    const [teacher, parent] = await Promise.all([chicagoTeacher(), newYorkParent()]);
    const first = await requested(teacher, parent);
    const bare = await send(t, "POST", `/api/bookings/${first.id}/decline`, { cookie: teacher.cookie });
    expect(bare.status, bare.text).toBe(200);
    expect(bare.json.booking.declineReason).toBeNull();
    const second = await requested(teacher, parent);
    const blank = await send(t, "POST", `/api/bookings/${second.id}/decline`, { cookie: teacher.cookie, body: { reason: "   " } });
    expect(blank.status).toBe(200);
    expect(blank.json.booking.declineReason).toBeNull();
    expect((await lastMail(t, parent.email, "booking-declined")).mail.textBody).not.toContain("reason");
  });

  it("refuses a reason that is too long or not text (400), and the request stays pending", async () => {
    const [teacher, parent] = await Promise.all([chicagoTeacher(), newYorkParent()]);
    const request = await requested(teacher, parent);
    const before = await tableCounts(t);
    for (const reason of ["x".repeat(REASON_MAX + 1), 42, null, ["busy"]]) {
      const res = await send(t, "POST", `/api/bookings/${request.id}/decline`, { cookie: teacher.cookie, body: { reason } });
      expect(res.status, JSON.stringify(reason).slice(0, 20)).toBe(400);
      expect(res.json.error.fields.reason).toEqual(expect.any(String));
    }
    expect((await send(t, "POST", `/api/bookings/${request.id}/decline`, { cookie: teacher.cookie, body: { reason: "x".repeat(REASON_MAX + 1) } })).json.error.message).toBe(
      `Reason must be at most ${REASON_MAX} characters`,
    );
    expect(await tableCounts(t)).toEqual(before);
    expect((await myRequests(parent.cookie)).find((b) => b.id === request.id)).toMatchObject({ status: "pending", declineReason: null });
  });
});

describe("accept", () => {
  it("tells the New York family the Eastern time, the meeting link and how to reach the teacher", async () => {
    const [teacher, parent] = await Promise.all([chicagoTeacher(), newYorkParent()]);
    const request = await requested(teacher, parent);
    expect((await send(t, "POST", `/api/bookings/${request.id}/accept`, { cookie: teacher.cookie })).status).toBe(200);
    const { mail } = await lastMail(t, parent.email, "booking-accepted");
    expect(mail.textBody).toContain(`accepted the lesson for Kid1 on ${easternTime(request.startsAt)}.`);
    expect(mail.textBody).toContain(`\nWhere and how: Online: ${MEETING_URL}\n`);
    expect(mail.textBody).toContain(`How to reach Terry Teacher: ${teacher.email}, (555) 555-0100`);
    expect(mail.textBody).not.toMatch(/C[SD]T/);
    // The teacher's own request email was on Chicago time.
    expect((await lastMail(t, teacher.email, "booking-requested")).mail.textBody).toContain(formatLessonTime(new Date(request.startsAt), "America/Chicago"));
  });
});

describe("a teacher's cancel with a reason", () => {
  it("stores it, shows it in the family's lessons and emails it to them in their own time", async () => {
    const [teacher, parent] = await Promise.all([chicagoTeacher(), newYorkParent()]);
    const startsAt = new Date(Date.now() + 5 * 24 * 3_600_000);
    startsAt.setUTCMinutes(0, 0, 0);
    const { bookingId } = await createBooking(t.deps, { teacherId: teacher.teacherId, parentId: parent.parentId, studentId: parent.studentIds[0]!, startsAt });
    const res = await send(t, "POST", `/api/lessons/${bookingId}/cancel`, { cookie: teacher.cookie, body: { scope: "one", reason: "I have the flu." } });
    expect(res.status, res.text).toBe(200);
    expect((res.json.lessons as LessonDTO[])[0]).toMatchObject({ status: "cancelled", cancelledBy: "teacher", cancelReason: "I have the flu." });
    expect((await myLessons(parent.cookie)).find((l) => l.id === bookingId)).toMatchObject({ status: "cancelled", cancelReason: "I have the flu." });
    const { mail } = await lastMail(t, parent.email, "lesson-cancelled");
    expect(mail.textBody).toContain(`  - ${easternTime(startsAt)}\n`);
    expect(mail.textBody).toContain("Terry Teacher gave this reason:\n> I have the flu.");
    expect(mail.textBody).toContain("received a make-up credit");
  });

  it("a family's cancel needs no reason, and the Chicago teacher reads Chicago time", async () => {
    const [teacher, parent] = await Promise.all([chicagoTeacher(), newYorkParent()]);
    const startsAt = new Date(Date.now() + 6 * 24 * 3_600_000);
    startsAt.setUTCMinutes(0, 0, 0);
    const { bookingId } = await createBooking(t.deps, { teacherId: teacher.teacherId, parentId: parent.parentId, studentId: parent.studentIds[0]!, startsAt });
    const res = await send(t, "POST", `/api/lessons/${bookingId}/cancel`, { cookie: parent.cookie, body: { scope: "one" } });
    expect(res.status, res.text).toBe(200);
    expect((res.json.lessons as LessonDTO[])[0]!.cancelReason).toBeNull();
    const { mail } = await lastMail(t, teacher.email, "lesson-cancelled");
    expect(mail.textBody).toContain(`  - ${formatLessonTime(startsAt, "America/Chicago")}\n`);
    expect(mail.textBody).not.toContain("reason");
  });

  it("refuses a reason that is too long (400) and leaves the lesson as it was", async () => {
    const [teacher, parent] = await Promise.all([chicagoTeacher(), newYorkParent()]);
    const startsAt = new Date(Date.now() + 7 * 24 * 3_600_000);
    startsAt.setUTCMinutes(0, 0, 0);
    const { bookingId } = await createBooking(t.deps, { teacherId: teacher.teacherId, parentId: parent.parentId, studentId: parent.studentIds[0]!, startsAt });
    const res = await send(t, "POST", `/api/lessons/${bookingId}/cancel`, { cookie: teacher.cookie, body: { scope: "one", reason: "y".repeat(REASON_MAX + 1) } });
    expect(res.status).toBe(400);
    expect(res.json.error.fields.reason).toBe(`Reason must be at most ${REASON_MAX} characters`);
    expect((await myLessons(parent.cookie)).find((l) => l.id === bookingId)).toMatchObject({ status: "accepted", cancelReason: null });
  });
});

describe("reminders on each reader's clock", () => {
  it("a lesson 7 minutes away is 'in 7 minutes' (never 'tomorrow'), for the family in Eastern time and the teacher in Central", async () => {
    const [teacher, parent] = await Promise.all([chicagoTeacher(), newYorkParent()]);
    const now = new Date();
    const startsAt = new Date(now.getTime() + 7 * 60_000);
    await createBooking(t.deps, { teacherId: teacher.teacherId, parentId: parent.parentId, studentId: parent.studentIds[0]!, startsAt });
    await runDueJobs(t.deps, { kinds: JOB_KINDS, sweeps: JOB_SWEEPS, now });
    const reminder = async (email: string) => {
      const rows = await t.deps.db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, "lesson-reminder")));
      expect(rows).toHaveLength(1);
      return rows[0]!;
    };
    const toParent = await reminder(parent.email);
    expect(toParent.subject).toBe("Reminder: Kid1's lesson with Terry Teacher is in 7 minutes");
    expect(toParent.textBody).toContain(`Kid1 has a lesson with Terry Teacher in 7 minutes (${easternTime(startsAt)}).`);
    expect(toParent.textBody).toContain(`Where and how: Online: ${MEETING_URL}`);
    expect(toParent.textBody).toContain(`How to reach Terry Teacher: ${teacher.email}`);
    const toTeacher = await reminder(teacher.email);
    expect(toTeacher.subject).toBe("Reminder: lesson with Kid1 Parent is in 7 minutes");
    expect(toTeacher.textBody).toContain(`(${formatLessonTime(startsAt, "America/Chicago")})`);
    expect(toTeacher.textBody).toContain(`How to reach Kid1's family (Ada Parent): ${parent.email}`);
  });
});
