import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createParent, createTeacher } from "../../../tests/factories/accounts";
import { createBooking } from "../../../tests/factories/bookings";
import { createClass } from "../../../tests/factories/classes";
import { cancelLesson, issueCredit, recordAttendance } from "../../../tests/factories/lesson-history";
import { send, signIn } from "../../../tests/fixtures/http";
import { testAppForFile } from "../../../tests/fixtures/test-app";
import { creditExpiresAt } from "../../shared/lessons/credits.rules";
import type { TeacherStudentsResponse } from "../../shared/teachers/teacher-students.api";
import { parentProfiles } from "../db/schema";

const t = testAppForFile();

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Whole hours from now, so factory lessons never overlap. */
const hoursFromNow = (hours: number) => new Date(Math.ceil(Date.now() / HOUR) * HOUR + hours * HOUR);

async function seed() {
  const [teacher, otherTeacher, family, otherFamily] = await Promise.all([
    createTeacher(t.deps),
    createTeacher(t.deps),
    createParent(t.deps, { students: 3 }),
    createParent(t.deps, { firstName: "Robin", students: 2 }),
  ]);
  await t.deps.db.update(parentProfiles).set({ phone: "(212) 555-0199", preferredCommunication: "sms" }).where(eq(parentProfiles.id, family.parentId));
  const [kid1, kid2, kid3] = family.studentIds as [string, string, string];
  const mine = { teacherId: teacher.teacherId, parentId: family.parentId, studentId: kid1 };
  // Kid1: two attended lessons, one missed, one cancelled, two ahead; three credits (one usable).
  for (const days of [30, 23]) {
    const past = await createBooking(t.deps, { ...mine, startsAt: hoursFromNow(-days * 24) });
    await recordAttendance(t.deps, past.bookingId, "attended");
  }
  const missed = await createBooking(t.deps, { ...mine, startsAt: hoursFromNow(-16 * 24) });
  await recordAttendance(t.deps, missed.bookingId, "missed");
  const cancelled = await createBooking(t.deps, { ...mine, startsAt: hoursFromNow(-9 * 24) });
  await cancelLesson(t.deps, cancelled.bookingId, { by: "teacher" });
  const nextStartsAt = hoursFromNow(48);
  const next = await createBooking(t.deps, { ...mine, startsAt: nextStartsAt });
  // Accepted at $55.00 (the others at the factory's $40.00): the latest agreed price (issue 28).
  const later = await createBooking(t.deps, { ...mine, startsAt: hoursFromNow(7 * 24 + 48), priceCents: 5500 });
  const issuedAt = new Date(Date.now() - 10 * DAY);
  await issueCredit(t.deps, { teacherId: teacher.teacherId, studentId: kid1, forBookingId: cancelled.bookingId, issuedAt });
  await issueCredit(t.deps, { teacherId: teacher.teacherId, studentId: kid1, forBookingId: missed.bookingId, issuedAt: new Date(Date.now() - 200 * DAY) });
  await issueCredit(t.deps, {
    teacherId: teacher.teacherId,
    studentId: kid1,
    forBookingId: later.bookingId,
    issuedAt: new Date(Date.now() - 20 * DAY),
    usedByBookingId: next.bookingId,
    usedAt: new Date(Date.now() - DAY),
  });
  // Kid2: only in the teacher's class (and an archived one); Kid3: only a pending request.
  const { classId } = await createClass(t.deps, { teacherId: teacher.teacherId, parentId: family.parentId, studentId: kid2, name: "Piano Basics" });
  const archived = await createClass(t.deps, { teacherId: teacher.teacherId, parentId: family.parentId, studentId: kid2, name: "Old Class", status: "archived" });
  await createBooking(t.deps, { ...mine, studentId: kid3, status: "pending", startsAt: hoursFromNow(72) });
  // Another teacher's class and lesson with Kid1, and another family's student with the other teacher.
  await createClass(t.deps, { teacherId: otherTeacher.teacherId, parentId: family.parentId, studentId: kid1, name: "Elsewhere" });
  await createBooking(t.deps, { teacherId: otherTeacher.teacherId, parentId: family.parentId, studentId: kid1, startsAt: hoursFromNow(5) });
  await createBooking(t.deps, { teacherId: otherTeacher.teacherId, parentId: otherFamily.parentId, studentId: otherFamily.studentIds[0]!, startsAt: hoursFromNow(6) });
  return {
    teacher,
    otherTeacher,
    family,
    classId,
    archivedClassId: archived.classId,
    next,
    nextStartsAt,
    issuedAt,
    cookies: {
      teacher: await signIn(t, "teacher", teacher.email, teacher.password),
      otherTeacher: await signIn(t, "teacher", otherTeacher.email, otherTeacher.password),
      parent: await signIn(t, "parent", family.email, family.password),
    },
  };
}

describe("GET /api/teachers/me/students", () => {
  it("lists the students the teacher teaches, with family, next lesson, attendance, credits and classes", async () => {
    const world = await seed();
    const res = await send(t, "GET", "/api/teachers/me/students", { cookie: world.cookies.teacher });
    expect(res.status).toBe(200);
    const { students } = res.json as TeacherStudentsResponse;
    expect(students.map((s) => `${s.firstName} ${s.lastName}`)).toEqual(["Kid1 Parent", "Kid2 Parent"]);
    const [kid1, kid2] = students;
    expect(kid1).toEqual({
      studentId: world.family.studentIds[0],
      firstName: "Kid1",
      lastName: "Parent",
      age: 8,
      parent: { name: "Pat Parent", email: world.family.email, phone: "(212) 555-0199", preferredCommunication: "sms" },
      nextLesson: { startsAt: world.nextStartsAt.toISOString(), bookingType: "full" },
      upcomingLessons: 2,
      lessonsAttended: 2,
      // At their stored prices: $40.00 + $55.00 ahead, 2 × $40.00 attended.
      upcomingCents: 9500,
      attendedCents: 8000,
      lessonPriceCents: 5500,
      makeUpCredits: { available: 1, nextExpiresAt: creditExpiresAt(world.issuedAt).toISOString() },
      // Not the other teacher's class.
      classes: [],
      meetingLink: null,
    });
    expect(kid2).toMatchObject({
      nextLesson: null,
      upcomingLessons: 0,
      lessonsAttended: 0,
      upcomingCents: 0,
      attendedCents: 0,
      lessonPriceCents: null,
      makeUpCredits: { available: 0, nextExpiresAt: null },
      classes: [
        { id: world.classId, name: "Piano Basics", status: "active" },
        { id: world.archivedClassId, name: "Old Class", status: "archived" },
      ],
    });
  });

  it("never shows another teacher's students, and is empty for a new teacher", async () => {
    const world = await seed();
    const theirs = (await send(t, "GET", "/api/teachers/me/students", { cookie: world.cookies.otherTeacher })).json as TeacherStudentsResponse;
    expect(theirs.students.map((s) => s.firstName)).toEqual(["Kid1", "Kid1"]);
    // Their own lesson with Kid1 and class "Elsewhere"; none of the first teacher's figures.
    const kid1 = theirs.students.find((s) => s.studentId === world.family.studentIds[0])!;
    expect(kid1).toMatchObject({ upcomingLessons: 1, lessonsAttended: 0, makeUpCredits: { available: 0 } });
    expect(kid1.classes.map((c) => c.name)).toEqual(["Elsewhere"]);

    const fresh = await createTeacher(t.deps);
    const empty = await send(t, "GET", "/api/teachers/me/students", { cookie: await signIn(t, "teacher", fresh.email, fresh.password) });
    expect(empty.json).toEqual({ students: [] });
  });

  it("refuses a parent (403) and a stranger (401)", async () => {
    const world = await seed();
    expect((await send(t, "GET", "/api/teachers/me/students", { cookie: world.cookies.parent })).status).toBe(403);
    expect((await send(t, "GET", "/api/teachers/me/students")).status).toBe(401);
  });
});
