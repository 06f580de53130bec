import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createParent, createTeacher } from "../../../tests/factories/accounts";
import { createBooking } from "../../../tests/factories/bookings";
import { createClass } from "../../../tests/factories/classes";
import { cancelLesson, issueCredit } from "../../../tests/factories/lesson-history";
import { testAppForFile } from "../../../tests/fixtures/test-app";
import { queryRows } from "./client";
import { familyOfTeacher, knowsStudent, studentsTaughtBy, teachesStudent } from "./relationships";

const t = testAppForFile();

interface Tie {
  teacherId: string;
  otherTeacherId: string;
  parentId: string;
  studentId: string;
}

/** Each way a family can stand with a teacher, as the flows leave it, and what each relation answers. */
const cases: { state: string; make: (tie: Tie) => Promise<unknown>; teaches: boolean; knows: boolean; family: boolean }[] = [
  { state: "nothing between them", make: async () => {}, teaches: false, knows: false, family: false },
  { state: "a request pending", make: (x) => createBooking(t.deps, { ...x, status: "pending" }), teaches: false, knows: true, family: false },
  { state: "a request declined", make: (x) => createBooking(t.deps, { ...x, status: "declined" }), teaches: false, knows: true, family: false },
  {
    state: "a request withdrawn before it was accepted",
    make: async (x) => cancelLesson(t.deps, (await createBooking(t.deps, { ...x, status: "pending" })).bookingId, { withdrawnRequest: true }),
    teaches: false,
    knows: true,
    family: false,
  },
  { state: "a lesson accepted", make: (x) => createBooking(t.deps, x), teaches: true, knows: true, family: true },
  {
    state: "a lesson cancelled after it was accepted",
    make: async (x) => cancelLesson(t.deps, (await createBooking(t.deps, x)).bookingId, { by: "teacher" }),
    teaches: true,
    knows: true,
    family: true,
  },
  { state: "the student in one of the teacher's classes", make: (x) => createClass(t.deps, x), teaches: true, knows: true, family: true },
  {
    state: "a make-up credit owed (its lesson's record elsewhere)",
    make: async (x) => {
      const { bookingId } = await createBooking(t.deps, { ...x, teacherId: x.otherTeacherId });
      await issueCredit(t.deps, { teacherId: x.teacherId, studentId: x.studentId, forBookingId: bookingId, issuedAt: new Date() });
    },
    teaches: true,
    knows: true,
    family: true,
  },
  {
    state: "a lesson accepted and a class with another teacher only",
    make: async (x) => {
      await createBooking(t.deps, { ...x, teacherId: x.otherTeacherId });
      await createClass(t.deps, { ...x, teacherId: x.otherTeacherId });
    },
    teaches: false,
    knows: false,
    family: false,
  },
];

async function answer(condition: ReturnType<typeof sql>): Promise<boolean> {
  const [row] = await queryRows<{ v: boolean }>(t.deps.db, sql`select ${condition} as v`);
  return row!.v;
}

describe("who is whose (relationships.ts): one rule each, every caller asks it", () => {
  it.each(cases)("$state: teaches $teaches, knows $knows, family $family", async (c) => {
    const [teacher, other, parent] = await Promise.all([createTeacher(t.deps), createTeacher(t.deps), createParent(t.deps)]);
    const tie: Tie = { teacherId: teacher.teacherId, otherTeacherId: other.teacherId, parentId: parent.parentId, studentId: parent.studentIds[0]! };
    await c.make(tie);
    const T = sql`${tie.teacherId}::uuid`;
    const S = sql`${tie.studentId}::uuid`;
    expect({
      teaches: await answer(teachesStudent(T, S)),
      knows: await answer(knowsStudent(T, S)),
      family: await answer(familyOfTeacher(T, sql`${tie.parentId}::uuid`)),
    }).toEqual({ teaches: c.teaches, knows: c.knows, family: c.family });

    // The list form of "teaches" holds exactly the students the test form accepts.
    const listed = await queryRows<{ id: string }>(t.deps.db, sql`select student_id as id from ${studentsTaughtBy(T)} as taught`);
    expect(listed.map((r) => r.id)).toEqual(c.teaches ? [tie.studentId] : []);
  });

  it("asks about the teacher given: another teacher of the same family is not their teacher", async () => {
    const [teacher, other, parent] = await Promise.all([createTeacher(t.deps), createTeacher(t.deps), createParent(t.deps)]);
    await createBooking(t.deps, { teacherId: teacher.teacherId, parentId: parent.parentId, studentId: parent.studentIds[0]! });
    const O = sql`${other.teacherId}::uuid`;
    expect(await answer(teachesStudent(O, sql`${parent.studentIds[0]!}::uuid`))).toBe(false);
    expect(await answer(familyOfTeacher(O, sql`${parent.parentId}::uuid`))).toBe(false);
  });
});
