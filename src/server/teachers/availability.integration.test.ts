import { count, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { teacherAvailability } from "../db/schema";
import { lockTeacher } from "./teacher-profile.repo";
import { createParent, createTeacher } from "../../../tests/factories/accounts";
import { send, signIn } from "../../../tests/fixtures/http";
import { testAppForFile } from "../../../tests/fixtures/test-app";

const t = testAppForFile();

type Teacher = Awaited<ReturnType<typeof createTeacher>>;

/** Two teachers (each with the factory's Monday 09:00-17:00) and a parent, fresh for every test. */
let teacher: Teacher;
let other: Teacher;
let teacherCookie: string;
let otherCookie: string;
let parentCookie: string;

beforeEach(async () => {
  const [a, b, parent] = await Promise.all([
    createTeacher(t.deps, { timeZone: "America/New_York" }),
    createTeacher(t.deps),
    createParent(t.deps),
  ]);
  teacher = a;
  other = b;
  teacherCookie = await signIn(t, "teacher", teacher.email, teacher.password);
  otherCookie = await signIn(t, "teacher", other.email, other.password);
  parentCookie = await signIn(t, "parent", parent.email, parent.password);
});

async function windowsOf(teacherId: string) {
  return t.deps.db
    .select({
      id: teacherAvailability.id,
      dayOfWeek: teacherAvailability.dayOfWeek,
      startTime: teacherAvailability.startTime,
      endTime: teacherAvailability.endTime,
      format: teacherAvailability.format,
    })
    .from(teacherAvailability)
    .where(eq(teacherAvailability.teacherId, teacherId))
    .orderBy(teacherAvailability.dayOfWeek, teacherAvailability.startTime);
}

type ApiWindow = { id: string; dayOfWeek: number; startTime: string; endTime: string; format: string };
const windowsIn = (json: Record<string, any>) => json.windows as ApiWindow[];

async function windowCount() {
  const [row] = await t.deps.db.select({ n: count() }).from(teacherAvailability);
  return row!.n;
}

const add = (cookie: string, body: Record<string, unknown>) =>
  send(t, "POST", "/api/teachers/me/availability", { cookie, body });

describe("who may call the availability routes", () => {
  it.each([
    ["GET", "/api/teachers/me/availability", undefined],
    ["POST", "/api/teachers/me/availability", { dayOfWeek: 0, startTime: "18:00", endTime: "19:00" }],
    ["DELETE", "/api/teachers/me/availability/00000000-0000-4000-8000-000000000000", undefined],
  ] as const)("%s %s: anonymous → 401, parent → 403, nothing changes", async (method, path, body) => {
    const before = await windowCount();
    expect((await send(t, method, path, body ? { body } : {})).status).toBe(401);
    expect((await send(t, method, path, { cookie: parentCookie, ...(body ? { body } : {}) })).status).toBe(403);
    expect(await windowCount()).toBe(before);
  });
});

describe("GET /api/teachers/me/availability", () => {
  it("lists only the teacher's own windows by day then start time, as HH:mm, with the teacher's time zone", async () => {
    await t.deps.db.insert(teacherAvailability).values([
      { teacherId: teacher.teacherId, dayOfWeek: 6, startTime: "10:00", endTime: "12:00", format: "online" },
      { teacherId: teacher.teacherId, dayOfWeek: 0, startTime: "13:00", endTime: "15:00", format: "in_person" },
      { teacherId: teacher.teacherId, dayOfWeek: 0, startTime: "08:00", endTime: "09:30" },
      { teacherId: other.teacherId, dayOfWeek: 3, startTime: "08:00", endTime: "09:00" },
    ]);
    const res = await send(t, "GET", "/api/teachers/me/availability", { cookie: teacherCookie });
    expect(res.status).toBe(200);
    expect(res.json.timeZone).toBe("America/New_York");
    expect(windowsIn(res.json).map((w) => [w.dayOfWeek, w.startTime, w.endTime, w.format])).toEqual([
      [0, "08:00", "09:30", "both"],
      [0, "13:00", "15:00", "in_person"],
      [1, "09:00", "17:00", "both"],
      [6, "10:00", "12:00", "online"],
    ]);
    expect(Object.keys(res.json.windows[0]).sort()).toEqual(["dayOfWeek", "endTime", "format", "id", "startTime"]);

    const others = await send(t, "GET", "/api/teachers/me/availability", { cookie: otherCookie });
    expect(others.json.timeZone).toBe("America/Chicago");
    expect(windowsIn(others.json).map((w) => w.dayOfWeek)).toEqual([1, 3]);
  });
});

describe("POST /api/teachers/me/availability", () => {
  it("adds a window to the signed-in teacher, whatever teacher the body names", async () => {
    const res = await add(teacherCookie, { dayOfWeek: 0, startTime: "18:00", endTime: "19:00", format: "both", teacherId: other.teacherId });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ id: expect.any(String), dayOfWeek: 0, startTime: "18:00", endTime: "19:00", format: "both" });
    expect(await windowsOf(teacher.teacherId)).toContainEqual({
      id: res.json.id,
      dayOfWeek: 0,
      startTime: "18:00:00",
      endTime: "19:00:00",
      format: "both",
    });
    expect(await windowsOf(other.teacherId)).toHaveLength(1);
  });

  it("accepts windows that only touch another, and the same hours on another day or of another teacher", async () => {
    expect((await add(teacherCookie, { dayOfWeek: 1, startTime: "17:00", endTime: "18:00", format: "online" })).status).toBe(201);
    expect((await add(teacherCookie, { dayOfWeek: 1, startTime: "07:00", endTime: "09:00", format: "both" })).status).toBe(201);
    expect((await add(teacherCookie, { dayOfWeek: 2, startTime: "09:00", endTime: "17:00", format: "in_person" })).status).toBe(201);
    expect((await add(otherCookie, { dayOfWeek: 2, startTime: "09:00", endTime: "17:00", format: "in_person" })).status).toBe(201);
    expect((await windowsOf(teacher.teacherId)).map((w) => `${w.dayOfWeek} ${w.startTime}-${w.endTime}`)).toEqual([
      "1 07:00:00-09:00:00",
      "1 09:00:00-17:00:00",
      "1 17:00:00-18:00:00",
      "2 09:00:00-17:00:00",
    ]);
  });

  it.each([
    ["inside", "10:00", "11:00"],
    ["across the start", "08:00", "09:01"],
    ["across the end", "16:59", "18:00"],
    ["around", "08:00", "18:00"],
    ["identical", "09:00", "17:00"],
  ])("refuses a window %s an existing one of the same day with 409 and the day named", async (_label, startTime, endTime) => {
    const before = await windowsOf(teacher.teacherId);
    const res = await add(teacherCookie, { dayOfWeek: 1, startTime, endTime, format: "both" });
    expect(res.status).toBe(409);
    expect(res.json.error.message).toBe("This time overlaps another window on Monday.");
    expect(await windowsOf(teacher.teacherId)).toEqual(before);
  });

  it("lets only one of two simultaneous overlapping adds through", async () => {
    const [a, b] = await Promise.all([
      add(teacherCookie, { dayOfWeek: 4, startTime: "10:00", endTime: "12:00", format: "both" }),
      add(teacherCookie, { dayOfWeek: 4, startTime: "11:00", endTime: "13:00", format: "online" }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect((await windowsOf(teacher.teacherId)).filter((w) => w.dayOfWeek === 4)).toHaveLength(1);
  });

  // PGlite has one connection, so only PostgreSQL can hold a second transaction open meanwhile.
  it.skipIf(process.env.TEST_DB !== "postgres")(
    "waits for another add of the same teacher still in flight, then sees its window (no race past the check)",
    async () => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let inserted!: () => void;
      const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
      // An add that has passed its check and inserted, but not committed yet.
      const first = t.deps.db.transaction(async (tx) => {
        await lockTeacher(tx, teacher.teacherId);
        await tx.insert(teacherAvailability).values({ teacherId: teacher.teacherId, dayOfWeek: 5, startTime: "10:00", endTime: "12:00" });
        inserted();
        await held;
      });
      await insertedYet;
      const second = add(teacherCookie, { dayOfWeek: 5, startTime: "11:00", endTime: "13:00", format: "both" });
      const early = await Promise.race([second.then(() => "answered"), new Promise((r) => setTimeout(() => r("waiting"), 700))]);
      expect(early).toBe("waiting");
      release();
      await first;
      const res = await second;
      expect(res.status).toBe(409);
      expect((await windowsOf(teacher.teacherId)).filter((w) => w.dayOfWeek === 5)).toHaveLength(1);
    },
  );

  it.each([
    ["endTime", "End time must be after start time", { dayOfWeek: 0, startTime: "18:00", endTime: "18:00", format: "both" }],
    ["endTime", "End time must be after start time", { dayOfWeek: 0, startTime: "18:00", endTime: "08:00", format: "online" }],
    ["startTime", "Start time is required", { dayOfWeek: 0, endTime: "08:00" }],
    ["startTime", "Start time must be a time like 09:00", { dayOfWeek: 0, startTime: "6pm", endTime: "19:00" }],
    ["endTime", "End time must be a time like 09:00", { dayOfWeek: 0, startTime: "18:00", endTime: "24:00" }],
    ["dayOfWeek", "Choose a day of the week", { dayOfWeek: 7, startTime: "18:00", endTime: "19:00" }],
    ["dayOfWeek", "Choose a day of the week", { startTime: "18:00", endTime: "19:00" }],
    ["format", "Choose a lesson format: both, in person or online", { dayOfWeek: 0, startTime: "18:00", endTime: "19:00", format: "flexible" }],
    ["format", "Choose a lesson format: both, in person or online", { dayOfWeek: 0, startTime: "18:00", endTime: "19:00" }],
  ])("refuses bad input: %s → %s", async (field, message, body) => {
    const before = await windowCount();
    const res = await add(teacherCookie, body);
    expect(res.status).toBe(400);
    expect(res.json.error.fields[field]).toBe(message);
    expect(await windowCount()).toBe(before);
  });
});

describe("DELETE /api/teachers/me/availability/:availabilityId", () => {
  it("deletes the teacher's own window", async () => {
    const [own] = await windowsOf(teacher.teacherId);
    const res = await send(t, "DELETE", `/api/teachers/me/availability/${own!.id}`, { cookie: teacherCookie });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ deleted: true });
    expect(await windowsOf(teacher.teacherId)).toEqual([]);
    expect(await windowsOf(other.teacherId)).toHaveLength(1);
  });

  it("answers 404 for another teacher's window and leaves it in place", async () => {
    const [theirs] = await windowsOf(other.teacherId);
    const res = await send(t, "DELETE", `/api/teachers/me/availability/${theirs!.id}`, { cookie: teacherCookie });
    expect(res.status).toBe(404);
    expect(res.json.error.message).toBe("Availability window not found");
    expect(await windowsOf(other.teacherId)).toEqual([theirs]);
  });

  it.each([["00000000-0000-4000-8000-000000000000"], ["not-a-uuid"], ["1"]])("answers 404 for %s", async (id) => {
    const before = await windowCount();
    const res = await send(t, "DELETE", `/api/teachers/me/availability/${id}`, { cookie: teacherCookie });
    expect(res.status).toBe(404);
    expect(res.json.error.message).toBe("Availability window not found");
    expect(await windowCount()).toBe(before);
  });

  it("answers 404 the second time", async () => {
    const [own] = await windowsOf(teacher.teacherId);
    await send(t, "DELETE", `/api/teachers/me/availability/${own!.id}`, { cookie: teacherCookie });
    const again = await send(t, "DELETE", `/api/teachers/me/availability/${own!.id}`, { cookie: teacherCookie });
    expect(again.status).toBe(404);
  });
});
