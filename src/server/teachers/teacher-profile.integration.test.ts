import { randomInt } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { JOIN_CODE_ALPHABET } from "../../shared/classes/classes.constants";
import { RATE_ORDER_MESSAGE } from "../../shared/teachers/profile.schemas";
import { bookings, bookingSlots, calendarEvents, classes, lessonSeries, teacherInstruments, teacherProfiles } from "../db/schema";
import { createParent, createTeacher } from "../../../tests/factories/accounts";
import { send, signIn } from "../../../tests/fixtures/http";
import { testAppForFile } from "../../../tests/fixtures/test-app";

const t = testAppForFile();

type Teacher = Awaited<ReturnType<typeof createTeacher>>;
type Parent = Awaited<ReturnType<typeof createParent>>;

/** Two teachers and a parent (with three students), fresh for every test. */
let teacher: Teacher;
let other: Teacher;
let parent: Parent;
let teacherCookie: string;
let otherCookie: string;
let parentCookie: string;

beforeEach(async () => {
  [teacher, other, parent] = await Promise.all([
    createTeacher(t.deps, { instruments: ["piano", "voice"] }),
    createTeacher(t.deps, { discoverable: false, instruments: ["guitar"] }),
    createParent(t.deps, { students: 3 }),
  ]);
  teacherCookie = await signIn(t, "teacher", teacher.email, teacher.password);
  otherCookie = await signIn(t, "teacher", other.email, other.password);
  parentCookie = await signIn(t, "parent", parent.email, parent.password);
});

async function profileRow(teacherId: string) {
  const [row] = await t.deps.db.select().from(teacherProfiles).where(eq(teacherProfiles.id, teacherId));
  return row!;
}

async function instrumentRows(teacherId: string) {
  return t.deps.db
    .select({ instrument: teacherInstruments.instrument, years: teacherInstruments.yearsTeaching })
    .from(teacherInstruments)
    .where(eq(teacherInstruments.teacherId, teacherId))
    .orderBy(teacherInstruments.instrument);
}

const ROUTES = [
  ["GET", "/api/teachers/me", undefined],
  ["PATCH", "/api/teachers/me", { bio: "Hello" }],
  ["GET", "/api/teachers/me/dashboard", undefined],
  ["PUT", "/api/teachers/me/discovery", { enabled: false }],
] as const;

describe("who may call the teacher profile routes", () => {
  it.each(ROUTES)("%s %s: anonymous → 401, parent → 403, and nothing changes", async (method, path, body) => {
    const before = await profileRow(teacher.teacherId);
    const anonymous = await send(t, method, path, body ? { body } : {});
    expect(anonymous.status).toBe(401);
    const asParent = await send(t, method, path, { cookie: parentCookie, ...(body ? { body } : {}) });
    expect(asParent.status).toBe(403);
    expect(asParent.json.error.message).toBe("This is only available to teacher accounts.");
    expect(await profileRow(teacher.teacherId)).toEqual(before);
  });
});

describe("GET /api/teachers/me", () => {
  it("returns the signed-in teacher's own profile, with instruments; each teacher sees their own", async () => {
    const res = await send(t, "GET", "/api/teachers/me", { cookie: teacherCookie });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      id: teacher.teacherId,
      firstName: "Terry",
      lastName: "Teacher",
      email: teacher.email,
      phone: "(555) 555-0100",
      city: "Austin",
      state: "TX",
      bio: "",
      educationBackground: "Degree",
      teachingExperienceYears: "3-5",
      teachingMethods: [],
      ageGroupsTaught: [],
      teachingStyleDescription: "Patient and structured.",
      lessonFormat: "both",
      hourlyRateMin: 40,
      hourlyRateMax: 60,
      timeZone: "America/Chicago",
      instruments: ["piano", "voice"],
      meetingUrl: null,
      inPersonPlace: "studio",
      studioAddress: null,
      introVideoUrl: null,
      isDiscoverable: true,
      discoveryEnabledAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const others = await send(t, "GET", "/api/teachers/me", { cookie: otherCookie });
    expect(others.json.id).toBe(other.teacherId);
    expect(others.json.instruments).toEqual(["guitar"]);
  });
});

describe("PATCH /api/teachers/me", () => {
  const edit = {
    firstName: " Tess ",
    lastName: "Tutor",
    phone: "+1 (212) 555-0199",
    city: "Brooklyn",
    state: "NY",
    bio: "  I teach piano.  ",
    educationBackground: "Conservatory",
    teachingExperienceYears: "5+",
    teachingMethods: ["Suzuki", "Own Method"],
    ageGroupsTaught: ["Kids 5-10", "Adults"],
    teachingStyleDescription: "Playful.",
    lessonFormat: "online",
    hourlyRateMin: 55,
    hourlyRateMax: 95,
    timeZone: "America/New_York",
    instruments: ["piano", "cello"],
  };

  it("saves every editable field of the signed-in teacher only, trimmed, and answers the saved profile", async () => {
    const otherBefore = await profileRow(other.teacherId);
    const res = await send(t, "PATCH", "/api/teachers/me", { cookie: teacherCookie, body: edit });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ ...edit, firstName: "Tess", bio: "I teach piano.", instruments: ["cello", "piano"] });
    const row = await profileRow(teacher.teacherId);
    expect(row).toMatchObject({ firstName: "Tess", city: "Brooklyn", hourlyRateMin: 55, hourlyRateMax: 95, timeZone: "America/New_York" });
    expect(await profileRow(other.teacherId)).toEqual(otherBefore);
    expect(await instrumentRows(other.teacherId)).toEqual([{ instrument: "guitar", years: 0 }]);
  });

  it("keeps the row of an instrument still taught, removes the dropped one, adds the new one", async () => {
    await t.deps.db
      .update(teacherInstruments)
      .set({ yearsTeaching: 7 })
      .where(eq(teacherInstruments.teacherId, teacher.teacherId));
    const res = await send(t, "PATCH", "/api/teachers/me", { cookie: teacherCookie, body: { instruments: ["piano", "flute"] } });
    expect(res.status).toBe(200);
    expect(await instrumentRows(teacher.teacherId)).toEqual([
      { instrument: "flute", years: 0 },
      { instrument: "piano", years: 7 },
    ]);
  });

  it("never changes the email, the discovery state or another teacher, whatever the body says", async () => {
    const res = await send(t, "PATCH", "/api/teachers/me", {
      cookie: teacherCookie,
      body: { bio: "Mine", email: "new@example.test", isDiscoverable: false, id: other.teacherId, userId: other.userId },
    });
    expect(res.status).toBe(200);
    const row = await profileRow(teacher.teacherId);
    expect(row).toMatchObject({ bio: "Mine", email: teacher.email, isDiscoverable: true });
    expect((await profileRow(other.teacherId)).bio).toBe("");
  });

  it("clears the intro video with null, and refuses to point it at any URL", async () => {
    await t.deps.db
      .update(teacherProfiles)
      .set({ introVideoUrl: "/api/teachers/videos/x/intro-video.mp4" })
      .where(eq(teacherProfiles.id, teacher.teacherId));
    const refused = await send(t, "PATCH", "/api/teachers/me", {
      cookie: teacherCookie,
      body: { introVideoUrl: "https://evil.example/video.mp4" },
    });
    expect(refused.status).toBe(400);
    expect(refused.json.error.fields.introVideoUrl).toEqual(expect.any(String));
    expect((await profileRow(teacher.teacherId)).introVideoUrl).toBe("/api/teachers/videos/x/intro-video.mp4");

    const cleared = await send(t, "PATCH", "/api/teachers/me", { cookie: teacherCookie, body: { introVideoUrl: null } });
    expect(cleared.status).toBe(200);
    expect(cleared.json.introVideoUrl).toBeNull();
    expect((await profileRow(teacher.teacherId)).introVideoUrl).toBeNull();
  });

  it.each([
    ["both rates", { hourlyRateMin: 80, hourlyRateMax: 70 }, "hourlyRateMin"],
    ["a minimum above the stored maximum (60)", { hourlyRateMin: 61 }, "hourlyRateMin"],
    ["a maximum below the stored minimum (40)", { hourlyRateMax: 39 }, "hourlyRateMax"],
  ])("refuses %s with the min ≤ max message", async (_label, body, field) => {
    const before = await profileRow(teacher.teacherId);
    const res = await send(t, "PATCH", "/api/teachers/me", { cookie: teacherCookie, body });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe(RATE_ORDER_MESSAGE);
    expect(res.json.error.fields[field]).toBe(RATE_ORDER_MESSAGE);
    expect(await profileRow(teacher.teacherId)).toEqual(before);
  });

  it("accepts one rate that keeps the order with the stored other", async () => {
    const res = await send(t, "PATCH", "/api/teachers/me", { cookie: teacherCookie, body: { hourlyRateMin: 60 } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ hourlyRateMin: 60, hourlyRateMax: 60 });
  });

  it.each([
    ["_", "Nothing to update", {}],
    ["_", "Nothing to update", { email: "new@example.test" }],
    ["firstName", "First name is required", { firstName: "  " }],
    ["phone", "Phone is required", { phone: "" }],
    ["city", "City must be at most 100 characters", { city: "x".repeat(101) }],
    ["state", "Choose your state", { state: "Texas" }],
    ["state", "Choose your state", { state: "" }],
    ["hourlyRateMin", "Minimum hourly rate must be a whole number from 0 to 10000", { hourlyRateMin: -5 }],
    ["hourlyRateMax", "Maximum hourly rate must be a whole number from 0 to 10000", { hourlyRateMax: "90" }],
    ["timeZone", "Choose a valid time zone", { timeZone: "Atlantis/Capital" }],
    ["timeZone", "Choose a valid time zone", { timeZone: "" }],
    ["instruments", "Choose at least one instrument", { instruments: [] }],
    ["instruments.0", "Choose instruments from the list", { instruments: ["kazoo"] }],
    ["lessonFormat", "Choose a lesson format: in person, online or both", { lessonFormat: "flexible" }],
    ["teachingMethods.0", "Choose teaching methods from the list", { teachingMethods: ["Montessori"] }],
    ["teachingStyleDescription", "Teaching style description is required", { teachingStyleDescription: "" }],
  ])("refuses bad input: %s → %s, and changes nothing", async (field, message, body) => {
    const before = await profileRow(teacher.teacherId);
    const instrumentsBefore = await instrumentRows(teacher.teacherId);
    const res = await send(t, "PATCH", "/api/teachers/me", { cookie: teacherCookie, body });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe("validation");
    expect(res.json.error.fields[field]).toBe(message);
    expect(await profileRow(teacher.teacherId)).toEqual(before);
    expect(await instrumentRows(teacher.teacherId)).toEqual(instrumentsBefore);
  });
});

describe("PUT /api/teachers/me/discovery", () => {
  it("disabling clears the stamp; enabling stamps now; enabling again keeps the first stamp", async () => {
    const off = await send(t, "PUT", "/api/teachers/me/discovery", { cookie: teacherCookie, body: { enabled: false } });
    expect(off.status).toBe(200);
    expect(off.json).toEqual({ isDiscoverable: false, discoveryEnabledAt: null });
    expect(await profileRow(teacher.teacherId)).toMatchObject({ isDiscoverable: false, discoveryEnabledAt: null });

    const before = Date.now();
    const on = await send(t, "PUT", "/api/teachers/me/discovery", { cookie: teacherCookie, body: { enabled: true } });
    expect(on.status).toBe(200);
    expect(on.json.isDiscoverable).toBe(true);
    const stamp = new Date(on.json.discoveryEnabledAt as string).getTime();
    // The database clock stamps it; allow for a little skew against this process's clock.
    expect(stamp).toBeGreaterThanOrEqual(before - 5_000);
    expect(stamp).toBeLessThanOrEqual(Date.now() + 5_000);

    const again = await send(t, "PUT", "/api/teachers/me/discovery", { cookie: teacherCookie, body: { enabled: true } });
    expect(again.json.discoveryEnabledAt).toBe(on.json.discoveryEnabledAt);
    const row = await profileRow(teacher.teacherId);
    expect(row.discoveryEnabledAt?.toISOString()).toBe(on.json.discoveryEnabledAt);
  });

  it("changes only the signed-in teacher", async () => {
    await send(t, "PUT", "/api/teachers/me/discovery", { cookie: otherCookie, body: { enabled: true } });
    expect((await profileRow(other.teacherId)).isDiscoverable).toBe(true);
    await send(t, "PUT", "/api/teachers/me/discovery", { cookie: teacherCookie, body: { enabled: false } });
    expect((await profileRow(other.teacherId)).isDiscoverable).toBe(true);
    expect((await profileRow(teacher.teacherId)).isDiscoverable).toBe(false);
  });

  it.each([[{}], [{ enabled: "true" }], [{ enabled: 1 }], [{ enabled: null }]])("refuses %j with 400", async (body) => {
    const before = await profileRow(teacher.teacherId);
    const res = await send(t, "PUT", "/api/teachers/me/discovery", { cookie: teacherCookie, body });
    expect(res.status).toBe(400);
    expect(res.json.error.fields.enabled).toEqual(expect.any(String));
    expect(await profileRow(teacher.teacherId)).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------------
// Dashboard figures come from real rows.

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
let slotOffset = 0;

/** A booking of `teacherId` for one of the parent's students, its slot starting `inMs` from now. */
async function addBooking(teacherId: string, studentId: string, status: "pending" | "accepted" | "declined", inMs: number) {
  // Slots of one teacher must not overlap (exclusion constraint): shift each by a few minutes.
  const startsAt = new Date(Date.now() + inMs + (slotOffset++ % 50) * 2 * 60_000);
  const [slot] = await t.deps.db
    .insert(bookingSlots)
    .values({
      teacherId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 60_000),
      format: "online",
      status: status === "declined" ? "released" : "booked",
    })
    .returning({ id: bookingSlots.id });
  const [booking] = await t.deps.db
    .insert(bookings)
    .values({
      slotId: slot!.id,
      teacherId,
      studentId,
      parentId: parent.parentId,
      bookingType: "full",
      format: "online",
      status,
      decidedAt: status === "pending" ? null : new Date(),
    })
    .returning({ id: bookings.id });
  const bookingId = booking!.id;
  // Accepting writes the lesson event, which the dashboard's "this week" counts.
  if (status === "accepted") {
    const [owner] = await t.deps.db.select({ userId: teacherProfiles.userId }).from(teacherProfiles).where(eq(teacherProfiles.id, teacherId));
    await t.deps.db.insert(calendarEvents).values({
      ownerUserId: owner!.userId,
      teacherId,
      studentId,
      bookingId: booking!.id,
      title: "Lesson with Kid",
      eventType: "lesson",
      startsAt,
      endsAt: new Date(startsAt.getTime() + 60_000),
    });
  }
  return bookingId;
}

function joinCode(): string {
  return Array.from({ length: 6 }, () => JOIN_CODE_ALPHABET[randomInt(JOIN_CODE_ALPHABET.length)]).join("");
}

async function addClass(teacherId: string, studentId: string | null, status: "active" | "archived") {
  await t.deps.db.insert(classes).values({
    name: "Piano basics",
    joinCode: joinCode(),
    teacherId,
    parentId: studentId ? parent.parentId : null,
    studentId,
    status,
    progressMetrics: { format: "xp" },
  });
}

describe("GET /api/teachers/me/dashboard", () => {
  it("shows the teacher's name, discovery state and zero figures when nothing has happened yet", async () => {
    const res = await send(t, "GET", "/api/teachers/me/dashboard", { cookie: otherCookie });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      firstName: "Terry",
      lastName: "Teacher",
      reviewStatus: "approved",
      reviewMessage: null,
      supportEmail: t.deps.env.SUPPORT_EMAIL,
      isDiscoverable: false,
      discoveryEnabledAt: null,
      pendingRequests: 0,
      stats: { pendingRequests: 0, upcomingLessonsThisWeek: 0, activeStudents: 0, activeClasses: 0 },
    });
  });

  it("counts only this teacher's pending requests, lessons of the next 7 days, distinct students and active classes", async () => {
    const [s1, s2, s3] = parent.studentIds as [string, string, string];
    // Pending: two for this teacher, one for the other.
    await addBooking(teacher.teacherId, s1, "pending", 2 * DAY);
    await addBooking(teacher.teacherId, s2, "pending", 3 * DAY);
    await addBooking(other.teacherId, s1, "pending", 2 * DAY);
    // Accepted: two within the week (s1), one in 8 days (s2), one last week (s1); declined ones count nowhere.
    await addBooking(teacher.teacherId, s1, "accepted", 1 * HOUR);
    await addBooking(teacher.teacherId, s1, "accepted", 6 * DAY);
    await addBooking(teacher.teacherId, s2, "accepted", 8 * DAY);
    await addBooking(teacher.teacherId, s1, "accepted", -7 * DAY);
    await addBooking(teacher.teacherId, s3, "declined", 2 * DAY);
    await addBooking(other.teacherId, s3, "accepted", 1 * DAY);
    // Classes: two active (one with s3, one not joined yet), one archived with s3 again; the other teacher's one.
    await addClass(teacher.teacherId, s3, "active");
    await addClass(teacher.teacherId, null, "active");
    await addClass(teacher.teacherId, s3, "archived");
    await addClass(other.teacherId, s1, "active");

    const res = await send(t, "GET", "/api/teachers/me/dashboard", { cookie: teacherCookie });
    expect(res.status).toBe(200);
    expect(res.json.pendingRequests).toBe(2);
    expect(res.json.stats).toEqual({
      pendingRequests: 2,
      upcomingLessonsThisWeek: 2,
      // s1 and s2 through accepted bookings, s3 through the active class.
      activeStudents: 3,
      activeClasses: 2,
    });

    const others = await send(t, "GET", "/api/teachers/me/dashboard", { cookie: otherCookie });
    expect(others.json.stats).toEqual({ pendingRequests: 1, upcomingLessonsThisWeek: 1, activeStudents: 2, activeClasses: 1 });
  });

  it("counts pending requests as the Requests panel shows them: a weekly series is one, an expired request none", async () => {
    const [s1, s2, s3] = parent.studentIds as [string, string, string];
    // A weekly series of three lessons: one request.
    const weekly = [];
    for (const week of [0, 1, 2]) weekly.push(await addBooking(teacher.teacherId, s1, "pending", 2 * DAY + week * 7 * DAY));
    const [series] = await t.deps.db
      .insert(lessonSeries)
      .values({ teacherId: teacher.teacherId, studentId: s1, parentId: parent.parentId, lessonCount: 3 })
      .returning({ id: lessonSeries.id });
    await t.deps.db.update(bookings).set({ seriesId: series!.id }).where(inArray(bookings.id, weekly));
    // Two single lessons asked for in one request: two requests, as the panel lists them.
    await addBooking(teacher.teacherId, s2, "pending", 3 * DAY);
    await addBooking(teacher.teacherId, s2, "pending", 4 * DAY);
    // Expired: left 73 hours unanswered, or its time has come.
    const unanswered = await addBooking(teacher.teacherId, s3, "pending", 5 * DAY);
    await t.deps.db.update(bookings).set({ createdAt: new Date(Date.now() - 73 * HOUR) }).where(eq(bookings.id, unanswered));
    await addBooking(teacher.teacherId, s3, "pending", -HOUR);

    const res = await send(t, "GET", "/api/teachers/me/dashboard", { cookie: teacherCookie });
    expect(res.json.pendingRequests).toBe(3);
    expect(res.json.stats.pendingRequests).toBe(3);
    const listed = await send(t, "GET", "/api/bookings/requests", { cookie: teacherCookie });
    const waiting = (listed.json.bookings as { seriesId: string | null; expired: boolean; id: string }[]).filter((b) => !b.expired);
    expect(new Set(waiting.map((b) => b.seriesId ?? b.id)).size).toBe(3);
  });

  it("follows the discovery switch", async () => {
    await send(t, "PUT", "/api/teachers/me/discovery", { cookie: teacherCookie, body: { enabled: false } });
    const res = await send(t, "GET", "/api/teachers/me/dashboard", { cookie: teacherCookie });
    expect(res.json).toMatchObject({ isDiscoverable: false, discoveryEnabledAt: null });
  });
});
