import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createParent, createTeacher } from "../../../tests/factories/accounts";
import { createBooking } from "../../../tests/factories/bookings";
import { cancelLesson } from "../../../tests/factories/lesson-history";
import { testAppForFile } from "../../../tests/fixtures/test-app";
import { bookings, teacherInstruments, teacherProfiles } from "./schema";

/** The figures search cards read from teacher_profiles, kept by the triggers of migration 0009. */
const t = testAppForFile();

async function card(teacherId: string) {
  const [row] = await t.deps.db
    .select({ instruments: teacherProfiles.searchInstruments, students: teacherProfiles.totalStudents })
    .from(teacherProfiles)
    .where(eq(teacherProfiles.id, teacherId));
  return row!;
}

describe("a search card's instruments", () => {
  it("follow teacher_instruments: most years first, ties in the instrument list's order, gone when removed", async () => {
    const teacher = await createTeacher(t.deps, { instruments: ["voice", "guitar"] });
    // Equal years (0): the list's order, guitar before voice.
    expect((await card(teacher.teacherId)).instruments).toEqual(["guitar", "voice"]);

    await t.deps.db
      .update(teacherInstruments)
      .set({ yearsTeaching: 12 })
      .where(and(eq(teacherInstruments.teacherId, teacher.teacherId), eq(teacherInstruments.instrument, "voice")));
    expect((await card(teacher.teacherId)).instruments).toEqual(["voice", "guitar"]);

    await t.deps.db.insert(teacherInstruments).values([
      { teacherId: teacher.teacherId, instrument: "piano", yearsTeaching: 3 },
      { teacherId: teacher.teacherId, instrument: "cello", yearsTeaching: 3 },
    ]);
    expect((await card(teacher.teacherId)).instruments).toEqual(["voice", "piano", "cello", "guitar"]);

    await t.deps.db.delete(teacherInstruments).where(eq(teacherInstruments.teacherId, teacher.teacherId));
    expect((await card(teacher.teacherId)).instruments).toEqual([]);
  });

  it("leave other teachers alone", async () => {
    const one = await createTeacher(t.deps, { instruments: ["drums"] });
    const other = await createTeacher(t.deps, { instruments: ["flute"] });
    await t.deps.db.delete(teacherInstruments).where(eq(teacherInstruments.teacherId, one.teacherId));
    expect((await card(other.teacherId)).instruments).toEqual(["flute"]);
  });
});

describe("a search card's students", () => {
  it("count distinct students with an accepted booking, and follow status changes", async () => {
    const teacher = await createTeacher(t.deps);
    const family = await createParent(t.deps, { students: 2 });
    const [first, second] = family.studentIds as [string, string];
    const booking = (studentId: string, status: "pending" | "accepted") =>
      createBooking(t.deps, { teacherId: teacher.teacherId, parentId: family.parentId, studentId, status });

    await booking(first, "pending");
    expect((await card(teacher.teacherId)).students).toBe(0);
    await booking(first, "accepted");
    await booking(first, "accepted");
    // Two lessons of one student: one student.
    expect((await card(teacher.teacherId)).students).toBe(1);
    const pending = await booking(second, "pending");
    await t.deps.db.update(bookings).set({ status: "accepted", decidedAt: new Date() }).where(eq(bookings.id, pending.bookingId));
    expect((await card(teacher.teacherId)).students).toBe(2);

    await cancelLesson(t.deps, pending.bookingId);
    expect((await card(teacher.teacherId)).students).toBe(1);
  });
});

describe("search", () => {
  it("shows the kept figures on the card", async () => {
    const teacher = await createTeacher(t.deps, { instruments: ["ukulele", "bass"] });
    const family = await createParent(t.deps);
    await createBooking(t.deps, { teacherId: teacher.teacherId, parentId: family.parentId, studentId: family.studentIds[0]!, status: "accepted" });
    const res = await t.app.request("/api/search/teachers?instrument=ukulele&minRating=any");
    const body = (await res.json()) as { teachers: { teacherId: string; instruments: string[]; totalStudents: number }[] };
    const found = body.teachers.find((row) => row.teacherId === teacher.teacherId);
    expect(found).toMatchObject({ instruments: ["bass", "ukulele"], totalStudents: 1 });
  });
});
