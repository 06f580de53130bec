import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createParent, createTeacher } from "../../../tests/factories/accounts";
import { createBooking } from "../../../tests/factories/bookings";
import { createEntry, createHomework, setParentZone } from "../../../tests/factories/practice";
import { testAppForFile } from "../../../tests/fixtures/test-app";
import { bookings, homework } from "../db/schema";
import type { Deps } from "../deps";
import { parentDigests, weeklyEmails } from "./weekly-digest.service";

/**
 * Issue 41, item 6: a digest worth opening. "This week" and "next week" are Monday to Sunday on
 * the reader's calendar (New York here, where Sunday evening is already Monday in UTC); the week's
 * goal against the minutes done, the lessons attended with their notes, the teacher's reviews of
 * the week; every figure with its unit; the batch is read with the same number of queries whatever
 * its number of parents.
 */
const t = testAppForFile();

const NY = "America/New_York";
const WEEK = "2026-11-16"; // Monday; the digest goes out on Sunday the 22nd at 18:00 in New York.
const SUNDAY_18_NY = new Date("2026-11-22T23:00:00Z");

/** A New York family with a week on both sides of each boundary. */
async function familyWithAWeek() {
  const [teacher, parent] = await Promise.all([createTeacher(t.deps, { timeZone: NY }), createParent(t.deps, { firstName: "Dana" })]);
  const studentId = parent.studentIds[0]!;
  await setParentZone(t.deps, parent.parentId, NY);
  const lesson = async (startsAt: string, after?: { attendance: "attended" | "missed"; note?: string }) => {
    const { bookingId } = await createBooking(t.deps, { teacherId: teacher.teacherId, parentId: parent.parentId, studentId, startsAt: new Date(startsAt) });
    if (after) {
      await t.deps.db
        .update(bookings)
        .set({ attendance: after.attendance, attendanceAt: new Date(new Date(startsAt).getTime() + 3_600_000), lessonNote: after.note ?? null })
        .where(eq(bookings.id, bookingId));
    }
  };
  // Sunday the 15th, 21:00 in New York (Monday 02:00 UTC): last week's.
  await lesson("2026-11-16T02:00:00Z", { attendance: "attended", note: "Last week's note" });
  // Tuesday the 17th, 16:00: this week's, attended, with a note.
  await lesson("2026-11-17T21:00:00Z", { attendance: "attended", note: "Worked on bars 1-16, slowly." });
  // Thursday the 19th: missed, not listed as attended.
  await lesson("2026-11-19T21:00:00Z", { attendance: "missed" });
  // Sunday the 22nd, 20:00 (Monday 01:00 UTC): still this week, after the digest.
  await lesson("2026-11-23T01:00:00Z");
  // Monday the 23rd, 16:00 and Sunday the 29th, 20:00 (Monday the 30th in UTC): next week.
  await lesson("2026-11-23T21:00:00Z");
  await lesson("2026-11-30T01:00:00Z");
  // Monday the 30th, 00:30 in New York: the week after next.
  await lesson("2026-11-30T05:30:00Z");

  const review = async (reviewedAt: string, items: string[], comment: string | null) => {
    const { homeworkId } = await createHomework(t.deps, { teacherId: teacher.teacherId, studentId, dueOn: "2026-11-20", items, createdAt: new Date("2026-11-10T12:00:00Z") });
    await t.deps.db.update(homework).set({ status: "reviewed", reviewedAt: new Date(reviewedAt), reviewComment: comment }).where(eq(homework.id, homeworkId));
  };
  // Reviewed on Sunday the 15th, 23:30 in New York (Monday in UTC): last week's.
  await review("2026-11-16T04:30:00Z", ["Arpeggios"], "Last week's review");
  await review("2026-11-21T15:00:00Z", ["C major scale"], "Even and steady.");
  await createHomework(t.deps, { teacherId: teacher.teacherId, studentId, dueOn: "2026-11-24", goalMinutesPerDay: 15, goalDaysPerWeek: 5, items: ["Minuet in G"], createdAt: new Date("2026-11-16T15:00:00Z") });

  await createEntry(t.deps, { studentId, parentId: parent.parentId, practicedOn: "2026-11-15", minutes: 30 });
  await createEntry(t.deps, { studentId, parentId: parent.parentId, practicedOn: "2026-11-17", minutes: 1, source: "timed" });
  await createEntry(t.deps, { studentId, parentId: parent.parentId, practicedOn: "2026-11-22", minutes: 20 });
  return { teacher, parent, studentId };
}

describe("the weekly digest's week (issue 41)", () => {
  it("this week and next week are the reader's Monday to Sunday, where Sunday evening in New York is Monday in UTC", async () => {
    const family = await familyWithAWeek();
    const [digest] = await parentDigests(t.deps, [family.parent.userId], WEEK, SUNDAY_18_NY);
    const child = digest!.children[0]!;
    expect(child.attended.map((l) => [l.startsAt, l.note])).toEqual([["2026-11-17T21:00:00.000Z", "Worked on bars 1-16, slowly."]]);
    expect(child.laterThisWeek.map((l) => l.startsAt)).toEqual(["2026-11-23T01:00:00.000Z"]);
    expect(child.lessons.map((l) => l.startsAt)).toEqual(["2026-11-23T21:00:00.000Z", "2026-11-30T01:00:00.000Z"]);
    expect(child.reviews).toEqual([{ teacherName: "Terry Teacher", items: ["C major scale"], comment: "Even and steady.", reviewedAt: "2026-11-21T15:00:00.000Z" }]);
    // Practice of the 15th is last week's; the goal is 15 minutes a day, 5 days a week.
    expect(child.week).toMatchObject({ weekStart: WEEK, minutes: 21, timedMinutes: 1, selfReportedMinutes: 20, days: 2, goalDays: 1 });
    expect(child.goal).toEqual({ minutesPerDay: 15, daysPerWeek: 5 });
  });

  it("a run after the reader's Sunday has ended still speaks of its own week", async () => {
    const family = await familyWithAWeek();
    // Monday 00:30 in New York: the round's job ran late.
    const [digest] = await parentDigests(t.deps, [family.parent.userId], WEEK, new Date("2026-11-23T05:30:00Z"));
    const child = digest!.children[0]!;
    expect(child.week).toMatchObject({ weekStart: WEEK, minutes: 21 });
    expect(child.attended).toHaveLength(1);
    expect(child.laterThisWeek).toEqual([]);
    expect(child.lessons).toHaveLength(2);
  });

  it("the email says the goal against the minutes done, the lessons attended with their notes and the reviews, every figure with its unit", async () => {
    const family = await familyWithAWeek();
    const [mail] = await weeklyEmails(t.deps, "parent", [family.parent.userId], WEEK, SUNDAY_18_NY);
    const { text, html, subject } = mail!.message;
    expect(subject).toBe("Your week in music: November 16-22");
    expect(text).toContain("Practice this week: 21 of 75 minutes (goal: 15 minutes a day, 5 days a week)");
    expect(text).toContain("21 minutes on 2 days (1 minute timed, 20 minutes self-reported); daily goal reached on 1 of 5 days");
    expect(text).toContain(
      "Lessons this week:\n    - Tuesday, November 17, 2026 at 4:00 PM EST: Full Lesson with Terry Teacher (attended)\n      Terry Teacher's note:\n        Worked on bars 1-16, slowly.",
    );
    expect(text).toContain('Homework reviewed this week:\n    - C major scale: reviewed by Terry Teacher on Sat, Nov 21\n      "Even and steady."');
    expect(text).toContain("Still to come this week:\n    - Sunday, November 22, 2026 at 8:00 PM EST: Full Lesson with Terry Teacher");
    expect(text).toContain(
      "Next week's lessons (November 23-29):\n    - Monday, November 23, 2026 at 4:00 PM EST: Full Lesson with Terry Teacher\n    - Sunday, November 29, 2026 at 8:00 PM EST: Full Lesson with Terry Teacher\n",
    );
    expect(text).toContain("Homework to do:\n    - Minuet in G (due Tue, Nov 24)");
    for (const gone of ["Last week's note", "Last week's review", "Arpeggios", "Monday, November 30", "timed, 20 self"]) expect(text).not.toContain(gone);
    for (const words of ["21 of 75 minutes", "Worked on bars 1-16, slowly.", "Even and steady.", "Still to come this week", "Lessons this week"]) expect(html).toContain(words);
  });

  it("builds a batch of parents with the same number of queries as one parent", async () => {
    const families = await Promise.all([familyWithAWeek(), familyWithAWeek(), familyWithAWeek()]);
    const one = counting(t.deps.db);
    await parentDigests({ db: one.db }, [families[0].parent.userId], WEEK, SUNDAY_18_NY);
    const three = counting(t.deps.db);
    const digests = await parentDigests(
      { db: three.db },
      families.map((f) => f.parent.userId),
      WEEK,
      SUNDAY_18_NY,
    );
    expect(digests.map((d) => d.children[0]!.attended.length)).toEqual([1, 1, 1]);
    expect(three.count()).toBe(one.count());
    expect(one.count()).toBeGreaterThanOrEqual(5);
    expect(one.count()).toBeLessThanOrEqual(10);
  });
});

/** The database with its statements counted (each select, execute or write started through it). */
function counting(db: Deps["db"]): { db: Deps["db"]; count: () => number } {
  let count = 0;
  const STATEMENTS = new Set(["execute", "select", "selectDistinct", "insert", "update", "delete"]);
  const proxy = new Proxy(db, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        if (typeof property === "string" && STATEMENTS.has(property)) count++;
        return Reflect.apply(value, target, args) as unknown;
      };
    },
  });
  return { db: proxy, count: () => count };
}
