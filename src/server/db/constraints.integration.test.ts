import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createParent, createTeacher } from "../../../tests/factories/accounts";
import { testAppForFile } from "../../../tests/fixtures/test-app";
import { pgErrorCode } from "../http/errors";
import { bookingSlots, classEnrolments, classes, classGrades, studentProfiles, teacherAvailability, teacherProfiles } from "./schema";

const t = testAppForFile();

/** The SQLSTATE a failed statement raised (23P01 exclusion, 23514 check, 23505 unique). */
async function sqlState(run: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await run();
    return undefined;
  } catch (error) {
    return pgErrorCode(error);
  }
}

const at = (iso: string) => new Date(iso);

describe("no two booked slots of one teacher overlap (exclusion constraint)", () => {
  it("refuses an overlapping booked slot, allows it once the first is released", async () => {
    const { teacherId } = await createTeacher(t.deps);
    const [first] = await t.deps.db
      .insert(bookingSlots)
      .values({ teacherId, startsAt: at("2030-03-04T15:00:00Z"), endsAt: at("2030-03-04T16:00:00Z"), format: "online" })
      .returning();
    const overlapping = () =>
      t.deps.db.insert(bookingSlots).values({
        teacherId,
        startsAt: at("2030-03-04T15:45:00Z"),
        endsAt: at("2030-03-04T16:00:00Z"),
        format: "online",
      });
    expect(await sqlState(overlapping)).toBe("23P01");

    await t.deps.db.update(bookingSlots).set({ status: "released" }).where(eq(bookingSlots.id, first!.id));
    expect(await sqlState(overlapping)).toBeUndefined();
  });

  it("allows back-to-back slots and the same time with another teacher", async () => {
    const a = await createTeacher(t.deps);
    const b = await createTeacher(t.deps);
    const slot = (teacherId: string, start: string, end: string) =>
      t.deps.db.insert(bookingSlots).values({ teacherId, startsAt: at(start), endsAt: at(end), format: "flexible" });
    expect(await sqlState(() => slot(a.teacherId, "2030-03-05T15:00:00Z", "2030-03-05T16:00:00Z"))).toBeUndefined();
    expect(await sqlState(() => slot(a.teacherId, "2030-03-05T16:00:00Z", "2030-03-05T16:15:00Z"))).toBeUndefined();
    expect(await sqlState(() => slot(b.teacherId, "2030-03-05T15:00:00Z", "2030-03-05T16:00:00Z"))).toBeUndefined();
  });
});

describe("CHECK and UNIQUE constraints", () => {
  it("keeps rates ordered and discovery stamped", async () => {
    const { teacherId } = await createTeacher(t.deps);
    const update = (values: Partial<typeof teacherProfiles.$inferInsert>) =>
      t.deps.db.update(teacherProfiles).set(values).where(eq(teacherProfiles.id, teacherId));
    expect(await sqlState(() => update({ hourlyRateMin: 90, hourlyRateMax: 50 }))).toBe("23514");
    expect(await sqlState(() => update({ hourlyRateMin: -1 }))).toBe("23514");
    expect(await sqlState(() => update({ isDiscoverable: true, discoveryEnabledAt: null }))).toBe("23514");
    expect(await sqlState(() => update({ lessonFormat: "carrier-pigeon" }))).toBe("23514");
    expect(await sqlState(() => update({ isDiscoverable: false, discoveryEnabledAt: null }))).toBeUndefined();
  });

  it("keeps availability days 0-6 and end after start", async () => {
    const { teacherId } = await createTeacher(t.deps);
    const add = (dayOfWeek: number, startTime: string, endTime: string) =>
      t.deps.db.insert(teacherAvailability).values({ teacherId, dayOfWeek, startTime, endTime });
    expect(await sqlState(() => add(7, "09:00", "10:00"))).toBe("23514");
    expect(await sqlState(() => add(2, "10:00", "10:00"))).toBe("23514");
    expect(await sqlState(() => add(0, "09:00", "10:00"))).toBeUndefined();
  });

  it("keeps student ages 0-99", async () => {
    const { parentId } = await createParent(t.deps, { students: 0 });
    const add = (age: number) =>
      t.deps.db.insert(studentProfiles).values({ parentId, firstName: "A", lastName: "B", age });
    expect(await sqlState(() => add(100))).toBe("23514");
    expect(await sqlState(() => add(-1))).toBe("23514");
    expect(await sqlState(() => add(0))).toBeUndefined();
  });

  it("keeps join codes unique and in the alphabet, and scores 0-100", async () => {
    const { teacherId } = await createTeacher(t.deps);
    const add = (joinCode: string) =>
      t.deps.db.insert(classes).values({ name: "Piano", joinCode, teacherId, progressMetrics: {} }).returning();
    expect(await sqlState(() => add("abc234"))).toBe("23514");
    expect(await sqlState(() => add("ABC10O"))).toBe("23514");
    const [created] = await add("ABC234");
    expect(await sqlState(() => add("ABC234"))).toBe("23505");

    const [enrolment] = await t.deps.db.insert(classEnrolments).values({ classId: created!.id }).returning();
    const grade = (score: number) =>
      t.deps.db.insert(classGrades).values({ classId: created!.id, enrolmentId: enrolment!.id, title: "Scales", score, category: "Technique" });
    expect(await sqlState(() => grade(101))).toBe("23514");
    expect(await sqlState(() => grade(100))).toBeUndefined();
  });

  it("keeps one current enrolment per class, and a grade in an enrolment of its own class", async () => {
    const { teacherId } = await createTeacher(t.deps);
    const newClass = async (joinCode: string) =>
      (await t.deps.db.insert(classes).values({ name: "Piano", joinCode, teacherId, progressMetrics: {} }).returning())[0]!.id;
    const [first, second] = [await newClass("BCD234"), await newClass("BCD235")];
    const enrol = (classId: string) => t.deps.db.insert(classEnrolments).values({ classId }).returning();
    const [current] = await enrol(first);
    // Two families in one class at once, even if two joins slipped past the class's lock.
    expect(await sqlState(() => enrol(first))).toBe("23505");
    // An ended enrolment keeps its child's progress; the next one may begin.
    expect(await sqlState(() => t.deps.db.update(classEnrolments).set({ leftAt: new Date() }).where(eq(classEnrolments.id, current!.id)))).toBe("23514");
    await t.deps.db.update(classEnrolments).set({ leftAt: new Date(), finalProgress: {} }).where(eq(classEnrolments.id, current!.id));
    expect(await sqlState(() => enrol(first))).toBeUndefined();
    // A grade of one class filed under an enrolment of another.
    const foreign = () =>
      t.deps.db.insert(classGrades).values({ classId: second, enrolmentId: current!.id, title: "Scales", score: 80, category: "Technique" });
    expect(await sqlState(foreign)).toBe("23503");
  });
});
