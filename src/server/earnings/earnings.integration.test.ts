import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createParent, createTeacher } from "../../../tests/factories/accounts";
import { createBooking } from "../../../tests/factories/bookings";
import { cancelLesson, recordAttendance } from "../../../tests/factories/lesson-history";
import { send, signIn } from "../../../tests/fixtures/http";
import { testAppForFile } from "../../../tests/fixtures/test-app";
import { STATEMENT_YEAR_MESSAGE, type Statement } from "../../shared/earnings/earnings.schemas";
import { studentProfiles, teacherProfiles } from "../db/schema";

const t = testAppForFile();

const at = (iso: string) => new Date(iso);
const NEW_YORK = encodeURIComponent("America/New_York");

/**
 * A New York teacher listing $50-70 with two families, and a second teacher ($80) the first family
 * also books, with lessons of every kind in 2024 and one in 2030.
 */
async function seed() {
  const [teacher, otherTeacher, family, otherFamily] = await Promise.all([
    createTeacher(t.deps, { timeZone: "America/New_York" }),
    createTeacher(t.deps, { timeZone: "Europe/London" }),
    createParent(t.deps, { students: 2 }),
    createParent(t.deps, { firstName: "Robin" }),
  ]);
  await t.deps.db.update(teacherProfiles).set({ hourlyRateMin: 50, hourlyRateMax: 70 }).where(eq(teacherProfiles.id, teacher.teacherId));
  await t.deps.db.update(teacherProfiles).set({ hourlyRateMin: 80, hourlyRateMax: 80 }).where(eq(teacherProfiles.id, otherTeacher.teacherId));
  // A name that must be quoted in CSV (comma and quotes).
  await t.deps.db.update(studentProfiles).set({ firstName: 'Zoë "Z"', lastName: "Rivera, Jr" }).where(eq(studentProfiles.id, family.studentIds[0]!));
  const mine = { teacherId: teacher.teacherId, parentId: family.parentId, studentId: family.studentIds[0]! };
  const sibling = { ...mine, studentId: family.studentIds[1]! };
  // January 2024 in New York: 23:30 on Jan 31 there is Feb 1 in UTC.
  const lateJanuary = await createBooking(t.deps, { ...mine, startsAt: at("2024-02-01T04:30:00Z") });
  await recordAttendance(t.deps, lateJanuary.bookingId, "attended");
  const missed = await createBooking(t.deps, { ...sibling, startsAt: at("2024-01-10T15:00:00Z") });
  await recordAttendance(t.deps, missed.bookingId, "missed");
  const intro = await createBooking(t.deps, { ...mine, bookingType: "intro", startsAt: at("2024-01-03T15:00:00Z") });
  await recordAttendance(t.deps, intro.bookingId, "attended");
  // February: one late cancel by the parent, one by the teacher.
  const late = await createBooking(t.deps, { ...mine, startsAt: at("2024-02-10T15:00:00Z") });
  await cancelLesson(t.deps, late.bookingId, { by: "parent", late: true, chargeCents: 2500 });
  const byTeacher = await createBooking(t.deps, { ...mine, startsAt: at("2024-02-11T15:00:00Z") });
  await cancelLesson(t.deps, byTeacher.bookingId, { by: "teacher" });
  // March: held but not marked; a pending and a declined request are no lessons.
  await createBooking(t.deps, { ...mine, startsAt: at("2024-03-05T15:00:00Z") });
  await createBooking(t.deps, { ...mine, status: "pending", startsAt: at("2024-03-06T15:00:00Z") });
  await createBooking(t.deps, { ...mine, status: "declined", startsAt: at("2024-03-07T15:00:00Z") });
  // A request the parent withdrew before the teacher answered: cancelled, but never a lesson.
  const withdrawn = await createBooking(t.deps, { ...mine, status: "pending", startsAt: at("2024-03-08T15:00:00Z") });
  await cancelLesson(t.deps, withdrawn.bookingId, { by: "parent", withdrawnRequest: true, at: at("2024-03-01T12:00:00Z") });
  // Another family's attended lesson with the same teacher.
  const others = await createBooking(t.deps, {
    teacherId: teacher.teacherId,
    parentId: otherFamily.parentId,
    studentId: otherFamily.studentIds[0]!,
    startsAt: at("2024-03-12T15:00:00Z"),
  });
  await recordAttendance(t.deps, others.bookingId, "attended");
  // The first family's lesson with the other teacher.
  const elsewhere = await createBooking(t.deps, {
    teacherId: otherTeacher.teacherId,
    parentId: family.parentId,
    studentId: family.studentIds[1]!,
    startsAt: at("2024-03-20T15:00:00Z"),
  });
  await recordAttendance(t.deps, elsewhere.bookingId, "attended");
  // 2030: two upcoming lessons.
  await createBooking(t.deps, { ...mine, startsAt: at("2030-06-03T15:00:00Z") });
  await createBooking(t.deps, { ...sibling, startsAt: at("2030-06-10T15:00:00Z") });

  const [teacherCookie, otherTeacherCookie, familyCookie, otherFamilyCookie] = await Promise.all([
    signIn(t, "teacher", teacher.email, teacher.password),
    signIn(t, "teacher", otherTeacher.email, otherTeacher.password),
    signIn(t, "parent", family.email, family.password),
    signIn(t, "parent", otherFamily.email, otherFamily.password),
  ]);
  return { teacher, otherTeacher, family, otherFamily, teacherCookie, otherTeacherCookie, familyCookie, otherFamilyCookie };
}

let world: Awaited<ReturnType<typeof seed>>;
beforeAll(async () => {
  world = await seed();
});

const tally = (count: number, cents: number) => ({ count, cents, unpriced: 0 });
const none = tally(0, 0);

describe("GET /api/earnings", () => {
  it("counts the teacher's lessons per month of the teacher's zone at their stored prices, with totals", async () => {
    const res = await send(t, "GET", "/api/earnings?year=2024", { cookie: world.teacherCookie });
    expect(res.status).toBe(200);
    const statement = res.json as Statement;
    expect(statement.year).toBe(2024);
    expect(statement.timeZone).toBe("America/New_York");
    const currentYear = new Date().getUTCFullYear();
    expect(statement.years[0]).toBe(Math.max(2030, currentYear));
    expect(statement.years.at(-1)).toBe(2024);
    expect(statement.months.map((m) => m.month)).toEqual(["2024-01", "2024-02", "2024-03"]);
    const [january, february, march] = statement.months;
    // The 23:30 lesson of Jan 31 (Feb 1 in UTC) and the free intro call; the sibling's missed lesson.
    expect(january).toMatchObject({ attended: tally(2, 5000), missed: tally(1, 5000), cancelled: none, lateCancels: 0, totalCents: 10_000 });
    // The teacher's cancel is not owed; the family's late cancel counts at its charge.
    expect(february).toMatchObject({ attended: none, cancelled: tally(2, 2500), lateCancels: 1, chargedCancels: 1, totalCents: 2500 });
    // The other family's attended lesson; the unmarked one; pending, declined and withdrawn are not counted.
    expect(march).toMatchObject({ attended: tally(1, 5000), unmarked: tally(1, 5000), upcoming: none, totalCents: 10_000 });
    expect(statement.totals).toEqual({
      attended: tally(3, 10_000),
      missed: tally(1, 5000),
      unmarked: tally(1, 5000),
      upcoming: none,
      cancelled: tally(2, 2500),
      lateCancels: 1,
      chargedCancels: 1,
      totalCents: 22_500,
    });
    // Totals are the sums of the lessons.
    expect(statement.lessons.reduce((sum, lesson) => sum + (lesson.amountCents ?? 0), 0)).toBe(statement.totals.totalCents);
    // Only this teacher's lessons: not the family's lesson with the other teacher.
    expect(statement.lessons).toHaveLength(7);
    expect(statement.lessons.every((lesson) => lesson.teacherName === "Terry Teacher")).toBe(true);
    expect(statement.lessons.find((lesson) => lesson.bookingType === "intro")?.amountCents).toBe(0);
    const cancelled = statement.lessons.filter((lesson) => lesson.outcome === "cancelled");
    expect(cancelled.map((lesson) => [lesson.cancelledBy, lesson.amountCents])).toEqual([
      ["parent", 2500],
      ["teacher", null],
    ]);
  });

  it("shows upcoming lessons in their year, and an empty year", async () => {
    const future = (await send(t, "GET", "/api/earnings?year=2030", { cookie: world.teacherCookie })).json as Statement;
    expect(future.months.map((m) => m.month)).toEqual(["2030-06"]);
    expect(future.totals.upcoming).toEqual(tally(2, 10_000));
    const empty = (await send(t, "GET", "/api/earnings?year=2027", { cookie: world.teacherCookie })).json as Statement;
    expect(empty.months).toEqual([]);
    expect(empty.lessons).toEqual([]);
    expect(empty.totals.totalCents).toBe(0);
  });

  it("defaults to the current year", async () => {
    const res = await send(t, "GET", "/api/earnings", { cookie: world.teacherCookie });
    expect(res.status).toBe(200);
    expect(res.json.year).toBe(Number(new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York", year: "numeric" }).format(new Date())));
  });

  it("never shows another teacher's lessons", async () => {
    const statement = (await send(t, "GET", "/api/earnings?year=2024", { cookie: world.otherTeacherCookie })).json as Statement;
    expect(statement.timeZone).toBe("Europe/London");
    expect(statement.lessons.map((lesson) => lesson.studentName)).toEqual(["Kid2 Parent"]);
    expect(statement.totals.attended).toEqual(tally(1, 8000));
  });

  it("exports the statement as CSV, one escaped line per lesson", async () => {
    const res = await send(t, "GET", "/api/earnings/csv?year=2024", { cookie: world.teacherCookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="earnings-2024.csv"');
    const lines = res.text.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines).toHaveLength(1 + 7 + 1);
    expect(lines[0]).toMatch(/^Month,Date,Start time,Time zone,Student,Parent,/);
    expect(lines).toContain('2024-01,2024-01-31,23:30,America/New_York,"Zoë ""Z"" Rivera, Jr",Pat Parent,Full Lesson,60,Attended,,,50.00,no,50.00');
    expect(lines).toContain('2024-02,2024-02-10,10:00,America/New_York,"Zoë ""Z"" Rivera, Jr",Pat Parent,Full Lesson,60,Late cancellation charged,parent,yes,50.00,no,25.00');
  });

  it("refuses a bad year with a message, and a parent or a stranger", async () => {
    for (const year of ["abc", "1999", "2101", "20245", ""]) {
      const res = await send(t, "GET", `/api/earnings?year=${year}`, { cookie: world.teacherCookie });
      expect(res.status, year).toBe(400);
      expect(res.json.error.message).toBe(STATEMENT_YEAR_MESSAGE);
    }
    expect((await send(t, "GET", "/api/earnings", { cookie: world.familyCookie })).status).toBe(403);
    expect((await send(t, "GET", "/api/earnings/csv", { cookie: world.familyCookie })).status).toBe(403);
    expect((await send(t, "GET", "/api/earnings")).status).toBe(401);
    expect((await send(t, "GET", "/api/earnings/csv")).status).toBe(401);
  });
});

describe("GET /api/billing", () => {
  it("counts the parent's lessons across students and teachers, in the viewer's zone, each at its stored price", async () => {
    const res = await send(t, "GET", `/api/billing?year=2024&timeZone=${NEW_YORK}`, { cookie: world.familyCookie });
    expect(res.status).toBe(200);
    const statement = res.json as Statement;
    expect(statement.months.map((m) => m.month)).toEqual(["2024-01", "2024-02", "2024-03"]);
    // March: the unmarked lesson with the first teacher, the attended one ($80) with the other.
    expect(statement.months[2]).toMatchObject({ attended: tally(1, 8000), unmarked: tally(1, 5000) });
    expect(statement.totals).toEqual({
      attended: tally(3, 13_000),
      missed: tally(1, 5000),
      unmarked: tally(1, 5000),
      upcoming: none,
      cancelled: tally(2, 2500),
      lateCancels: 1,
      chargedCancels: 1,
      totalCents: 25_500,
    });
    // Not the other family's lesson.
    expect(statement.lessons.some((lesson) => lesson.parentName !== "Pat Parent")).toBe(false);
    expect(statement.lessons).toHaveLength(7);
  });

  it("counts months in the zone the viewer asks for", async () => {
    const statement = (await send(t, "GET", "/api/billing?year=2024&timeZone=UTC", { cookie: world.familyCookie })).json as Statement;
    // In UTC the Jan 31 23:30 (New York) lesson is on Feb 1.
    expect(statement.months[0]).toMatchObject({ month: "2024-01", attended: tally(1, 0) });
    expect(statement.months[1]).toMatchObject({ month: "2024-02", attended: tally(1, 5000) });
  });

  it("exports the parent's CSV naming the teacher", async () => {
    const res = await send(t, "GET", `/api/billing/csv?year=2030&timeZone=${NEW_YORK}`, { cookie: world.familyCookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="billing-2030.csv"');
    const lines = res.text.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toContain(",Student,Teacher,");
    expect(lines.slice(1, -1)).toEqual([
      '2030-06,2030-06-03,11:00,America/New_York,"Zoë ""Z"" Rivera, Jr",Terry Teacher,Full Lesson,60,Upcoming,,,50.00,no,50.00',
      "2030-06,2030-06-10,11:00,America/New_York,Kid2 Parent,Terry Teacher,Full Lesson,60,Upcoming,,,50.00,no,50.00",
    ]);
  });

  it("shows another family nothing of this one", async () => {
    const statement = (await send(t, "GET", `/api/billing?year=2024&timeZone=${NEW_YORK}`, { cookie: world.otherFamilyCookie })).json as Statement;
    expect(statement.lessons.map((lesson) => lesson.studentName)).toEqual(["Kid1 Parent"]);
    expect(statement.lessons[0]?.parentName).toBe("Robin Parent");
  });

  it("refuses a missing or unknown zone and a bad year with a message, and a teacher or a stranger", async () => {
    const extremes = ["timeZone=a%00b", "timeZone=%ED%A0%80", `timeZone=${"x".repeat(10_000)}`, "timeZone=UTC&year=9999", "timeZone=UTC&year=0000"];
    for (const query of ["year=2024", "timeZone=Mars%2FOlympus", "timeZone=UTC&year=abc", ...extremes]) {
      const res = await send(t, "GET", `/api/billing?${query}`, { cookie: world.familyCookie });
      expect(res.status, query).toBe(400);
      expect(res.json.error.message, query).toEqual(expect.any(String));
    }
    expect((await send(t, "GET", "/api/billing?timeZone=UTC", { cookie: world.teacherCookie })).status).toBe(403);
    expect((await send(t, "GET", "/api/billing/csv?timeZone=UTC", { cookie: world.teacherCookie })).status).toBe(403);
    expect((await send(t, "GET", "/api/billing?timeZone=UTC")).status).toBe(401);
    expect((await send(t, "GET", "/api/billing/csv?timeZone=UTC")).status).toBe(401);
  });
});

describe("a change of the teacher's rate (issue 28)", () => {
  it("leaves stored prices and every past statement as they were", async () => {
    const before = (await send(t, "GET", "/api/earnings?year=2024", { cookie: world.teacherCookie })).json as Statement;
    const billingBefore = (await send(t, "GET", `/api/billing?year=2024&timeZone=${NEW_YORK}`, { cookie: world.familyCookie })).json as Statement;
    const csvBefore = (await send(t, "GET", "/api/earnings/csv?year=2024", { cookie: world.teacherCookie })).text;
    await t.deps.db.update(teacherProfiles).set({ hourlyRateMin: 150, hourlyRateMax: 200 }).where(eq(teacherProfiles.id, world.teacher.teacherId));
    try {
      expect((await send(t, "GET", "/api/earnings?year=2024", { cookie: world.teacherCookie })).json).toEqual(before);
      expect((await send(t, "GET", `/api/billing?year=2024&timeZone=${NEW_YORK}`, { cookie: world.familyCookie })).json).toEqual(billingBefore);
      expect((await send(t, "GET", "/api/earnings/csv?year=2024", { cookie: world.teacherCookie })).text).toBe(csvBefore);
      expect(before.totals.totalCents).toBe(22_500);
    } finally {
      await t.deps.db.update(teacherProfiles).set({ hourlyRateMin: 50, hourlyRateMax: 70 }).where(eq(teacherProfiles.id, world.teacher.teacherId));
    }
  });
});
