import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { calendarEvents, parentProfiles, studentProfiles, user } from "../db/schema";
import { createParent, createTeacher } from "../../../tests/factories/accounts";
import { createClass } from "../../../tests/factories/classes";
import { send, signIn } from "../../../tests/fixtures/http";
import { testAppForFile } from "../../../tests/fixtures/test-app";

const t = testAppForFile();

type Parent = Awaited<ReturnType<typeof createParent>>;
type Teacher = Awaited<ReturnType<typeof createTeacher>>;

/** Two parents with one student each, and a teacher; fresh for every test. */
let parent: Parent;
let other: Parent;
let teacher: Teacher;
let parentCookie: string;
let otherCookie: string;
let teacherCookie: string;

beforeEach(async () => {
  [parent, other, teacher] = await Promise.all([
    createParent(t.deps, { firstName: "Pat" }),
    createParent(t.deps, { firstName: "Olive" }),
    createTeacher(t.deps),
  ]);
  parentCookie = await signIn(t, "parent", parent.email, parent.password);
  otherCookie = await signIn(t, "parent", other.email, other.password);
  teacherCookie = await signIn(t, "teacher", teacher.email, teacher.password);
});

async function profileRow(parentId: string) {
  const [row] = await t.deps.db.select().from(parentProfiles).where(eq(parentProfiles.id, parentId));
  return row!;
}

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

async function addEvent(values: Partial<typeof calendarEvents.$inferInsert> & { ownerUserId: string; startsAt: Date }) {
  const [row] = await t.deps.db
    .insert(calendarEvents)
    .values({ title: "Event", endsAt: new Date(values.startsAt.getTime() + HOUR), ...values })
    .returning({ id: calendarEvents.id });
  return row!.id;
}

describe("GET /api/parents/me", () => {
  it("answers the signed-in parent's own settings, with the defaults of a new profile", async () => {
    const res = await send(t, "GET", "/api/parents/me", { cookie: parentCookie });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      firstName: "Pat",
      lastName: "Parent",
      email: parent.email,
      phone: null,
      location: null,
      address: null,
      notifications: { email: true, sms: false },
      preferredCommunication: "email",
      wantsNotifications: true,
      allowStudentMessages: true,
      timeZone: null,
      reportedTimeZone: null,
    });
    const others = await send(t, "GET", "/api/parents/me", { cookie: otherCookie });
    expect(others.json).toMatchObject({ firstName: "Olive", email: other.email });
  });

  it("is refused to teachers (403) and to anonymous visitors (401)", async () => {
    expect((await send(t, "GET", "/api/parents/me", { cookie: teacherCookie })).status).toBe(403);
    expect((await send(t, "GET", "/api/parents/me")).status).toBe(401);
  });
});

describe("PATCH /api/parents/me", () => {
  it("saves the profile, the notification switches and the student-messages toggle; they survive a reload", async () => {
    const res = await send(t, "PATCH", "/api/parents/me", {
      cookie: parentCookie,
      body: {
        firstName: "  Patricia ",
        lastName: "Jones",
        phone: " (555) 010-2030 ",
        location: "Austin, TX",
        notifications: { email: true, sms: true },
        allowStudentMessages: false,
        timeZone: "America/Denver",
      },
    });
    expect(res.status).toBe(200);
    const saved = {
      firstName: "Patricia",
      lastName: "Jones",
      email: parent.email,
      phone: "(555) 010-2030",
      location: "Austin, TX",
      address: null,
      notifications: { email: true, sms: true },
      preferredCommunication: "sms",
      wantsNotifications: true,
      allowStudentMessages: false,
      timeZone: "America/Denver",
      reportedTimeZone: null,
    };
    expect(res.json).toEqual(saved);
    expect((await send(t, "GET", "/api/parents/me", { cookie: parentCookie })).json).toEqual(saved);
    // The other parent is untouched.
    expect((await send(t, "GET", "/api/parents/me", { cookie: otherCookie })).json).toMatchObject({
      firstName: "Olive",
      phone: null,
      allowStudentMessages: true,
    });
  });

  it.each([
    [{ email: false, sms: false }, "app", false],
    [{ email: true, sms: false }, "email", true],
    [{ email: false, sms: true }, "sms", true],
    [{ email: true, sms: true }, "sms", true],
  ])("notifications %j are stored as %s / wants %s (spec section 4)", async (notifications, channel, wants) => {
    const res = await send(t, "PATCH", "/api/parents/me", { cookie: parentCookie, body: { notifications } });
    expect(res.status).toBe(200);
    const row = await profileRow(parent.parentId);
    expect(row.preferredCommunication).toBe(channel);
    expect(row.wantsNotifications).toBe(wants);
  });

  it("changes only the fields sent: stored preferences the switches cannot show survive a name change", async () => {
    await t.deps.db
      .update(parentProfiles)
      .set({ preferredCommunication: "app", wantsNotifications: true, phone: "555", location: "Here" })
      .where(eq(parentProfiles.id, parent.parentId));
    const res = await send(t, "PATCH", "/api/parents/me", { cookie: parentCookie, body: { firstName: "Sam" } });
    expect(res.status).toBe(200);
    const row = await profileRow(parent.parentId);
    expect(row).toMatchObject({
      firstName: "Sam",
      lastName: "Parent",
      phone: "555",
      location: "Here",
      preferredCommunication: "app",
      wantsNotifications: true,
      allowStudentMessages: true,
    });
  });

  it("clears phone and location when they are blank or null", async () => {
    await send(t, "PATCH", "/api/parents/me", { cookie: parentCookie, body: { phone: "555", location: "Here" } });
    const res = await send(t, "PATCH", "/api/parents/me", { cookie: parentCookie, body: { phone: "   ", location: null } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ phone: null, location: null });
  });

  it("never changes the email, even when the body carries one", async () => {
    const res = await send(t, "PATCH", "/api/parents/me", {
      cookie: parentCookie,
      body: { firstName: "Pat", email: "hijack@example.test" },
    });
    expect(res.status).toBe(200);
    expect(res.json.email).toBe(parent.email);
    const [row] = await t.deps.db.select({ email: user.email }).from(user).where(eq(user.id, parent.userId));
    expect(row!.email).toBe(parent.email);
    // An email alone is nothing this route changes.
    const alone = await send(t, "PATCH", "/api/parents/me", { cookie: parentCookie, body: { email: "hijack@example.test" } });
    expect(alone.status).toBe(400);
    expect(alone.json.error.message).toBe("Nothing to update");
  });

  it.each([
    [{ firstName: "   " }, "firstName", "First name is required"],
    [{ lastName: "" }, "lastName", "Last name is required"],
    [{ firstName: "x".repeat(81) }, "firstName", "First name must be at most 80 characters"],
    [{ lastName: null }, "lastName", "Last name must be text"],
    [{ phone: "1".repeat(31) }, "phone", "Phone must be at most 30 characters"],
    [{ location: "x".repeat(121) }, "location", "Location must be at most 120 characters"],
    [{ location: 12 }, "location", "Location must be text"],
    [{ notifications: { email: true } }, "notifications.sms", "SMS notifications must be on or off"],
    [{ notifications: "sms" }, "notifications", "Notification preferences must say whether email and SMS are on"],
    [{ allowStudentMessages: "yes" }, "allowStudentMessages", "Message teachers from student and class pages must be on or off"],
    [{}, "_", "Nothing to update"],
  ])("refuses %j with 400 and a message beside the field", async (body, field, message) => {
    const before = await profileRow(parent.parentId);
    const res = await send(t, "PATCH", "/api/parents/me", { cookie: parentCookie, body });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe(message);
    expect(res.json.error.fields[field]).toBe(message);
    expect(await profileRow(parent.parentId)).toEqual(before);
  });

  it("accepts names and texts at their limits", async () => {
    const body = { firstName: "F".repeat(80), lastName: "L".repeat(80), phone: "1".repeat(30), location: "x".repeat(120) };
    const res = await send(t, "PATCH", "/api/parents/me", { cookie: parentCookie, body });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject(body);
  });

  it("is refused to teachers (403) and to anonymous visitors (401), and changes nothing", async () => {
    const before = await profileRow(parent.parentId);
    expect((await send(t, "PATCH", "/api/parents/me", { cookie: teacherCookie, body: { firstName: "T" } })).status).toBe(403);
    expect((await send(t, "PATCH", "/api/parents/me", { body: { firstName: "T" } })).status).toBe(401);
    expect(await profileRow(parent.parentId)).toEqual(before);
  });
});

describe("GET /api/parents/me/dashboard", () => {
  it("shows the parent's own name, email, relationship, real counts and the next 7 days only", async () => {
    const now = Date.now();
    const [second] = await t.deps.db
      .insert(studentProfiles)
      .values({ parentId: parent.parentId, firstName: "Mia", lastName: "Parent", age: 9 })
      .returning({ id: studentProfiles.id });
    // Active classes: one counts; not the teacher's archived one, nor one the family archived, nor another family's.
    await createClass(t.deps, { teacherId: teacher.teacherId, parentId: parent.parentId, studentId: second!.id });
    await createClass(t.deps, { teacherId: teacher.teacherId, parentId: parent.parentId, studentId: second!.id, status: "archived" });
    const familyArchived = await createClass(t.deps, { teacherId: teacher.teacherId, parentId: parent.parentId, studentId: parent.studentIds[0]! });
    expect((await send(t, "POST", `/api/classes/${familyArchived.classId}/archive`, { cookie: parentCookie })).status).toBe(200);
    await createClass(t.deps, { teacherId: teacher.teacherId, parentId: other.parentId, studentId: other.studentIds[0]! });

    const lesson = await addEvent({
      ownerUserId: teacher.userId,
      teacherId: teacher.teacherId,
      studentId: second!.id,
      title: "Piano lesson",
      eventType: "lesson",
      startsAt: new Date(now + 2 * DAY),
    });
    const practice = await addEvent({
      ownerUserId: parent.userId,
      title: "Practice scales",
      eventType: "practice",
      startsAt: new Date(now + 3 * HOUR),
    });
    await addEvent({ ownerUserId: parent.userId, title: "Too late", startsAt: new Date(now + 8 * DAY) });
    await addEvent({ ownerUserId: parent.userId, title: "Already past", startsAt: new Date(now - HOUR) });
    await addEvent({ ownerUserId: other.userId, title: "Not mine", startsAt: new Date(now + DAY) });
    await addEvent({ ownerUserId: other.userId, studentId: other.studentIds[0], title: "Not my child", startsAt: new Date(now + DAY) });

    const res = await send(t, "GET", "/api/parents/me/dashboard", { cookie: parentCookie });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      firstName: "Pat",
      lastName: "Parent",
      email: parent.email,
      relationship: "mother",
      relationshipLabel: "Mother",
      counts: { students: 2, activeClasses: 1 },
      upcoming: [
        {
          id: practice,
          title: "Practice scales",
          eventType: "practice",
          startsAt: new Date(now + 3 * HOUR).toISOString(),
          endsAt: new Date(now + 4 * HOUR).toISOString(),
          status: "upcoming",
          student: null,
        },
        {
          id: lesson,
          // A lesson the teacher owns is named for the family by its teacher, then the child.
          title: "Lesson with Terry Teacher (Mia)",
          eventType: "lesson",
          startsAt: new Date(now + 2 * DAY).toISOString(),
          endsAt: new Date(now + 2 * DAY + HOUR).toISOString(),
          status: "upcoming",
          student: { firstName: "Mia", lastName: "Parent" },
        },
      ],
    });

    const others = await send(t, "GET", "/api/parents/me/dashboard", { cookie: otherCookie });
    expect(others.json).toMatchObject({ firstName: "Olive", email: other.email, counts: { students: 1, activeClasses: 1 } });
    // Same start: their order is by id, so compare as a set.
    expect((others.json.upcoming as { title: string }[]).map((e) => e.title).sort()).toEqual(["Not mine", "Not my child"]);
  });

  it("has zero counts and no events for a parent without any", async () => {
    await t.deps.db.delete(studentProfiles).where(eq(studentProfiles.parentId, parent.parentId));
    const res = await send(t, "GET", "/api/parents/me/dashboard", { cookie: parentCookie });
    expect(res.json).toMatchObject({ counts: { students: 0, activeClasses: 0 }, upcoming: [] });
  });

  it.each([
    ["mother", "Mother", null],
    ["father", "Father", null],
    ["guardian", "Guardian", null],
    ["other", "Guardian", "Grandmother"],
  ])("labels relationship %s as %s", async (relationship, label, relationshipOther) => {
    await t.deps.db
      .update(parentProfiles)
      .set({ relationshipToChild: relationship, relationshipOther })
      .where(eq(parentProfiles.id, parent.parentId));
    const res = await send(t, "GET", "/api/parents/me/dashboard", { cookie: parentCookie });
    expect(res.json).toMatchObject({ relationship, relationshipLabel: label });
  });

  it("shows a saved name change", async () => {
    await send(t, "PATCH", "/api/parents/me", { cookie: parentCookie, body: { firstName: "Patricia" } });
    const res = await send(t, "GET", "/api/parents/me/dashboard", { cookie: parentCookie });
    expect(res.json.firstName).toBe("Patricia");
  });

  it("is refused to teachers (403) and to anonymous visitors (401)", async () => {
    const teacherRes = await send(t, "GET", "/api/parents/me/dashboard", { cookie: teacherCookie });
    expect(teacherRes.status).toBe(403);
    expect(teacherRes.json.error.message).toBe("This is only available to parent accounts.");
    expect((await send(t, "GET", "/api/parents/me/dashboard")).status).toBe(401);
  });
});

describe("the parent's time zone (issue 26)", () => {
  it("PUT /api/parents/me/time-zone stores the zone the browser reports, only when it changed", async () => {
    const report = (timeZone: unknown, cookie = parentCookie) => send(t, "PUT", "/api/parents/me/time-zone", { cookie, body: { timeZone } });
    expect((await report("America/New_York")).status).toBe(204);
    const first = await profileRow(parent.parentId);
    expect(first.reportedTimeZone).toBe("America/New_York");
    // A report is not an edit by the parent: the profile's updated_at stays.
    expect((await report("America/New_York")).status).toBe(204);
    expect((await report("America/Los_Angeles")).status).toBe(204);
    const moved = await profileRow(parent.parentId);
    expect(moved.reportedTimeZone).toBe("America/Los_Angeles");
    expect(moved.updatedAt).toEqual(first.updatedAt);
    // The settings zone is the parent's own choice and is left alone.
    expect(moved.timeZone).toBeNull();
    expect((await profileRow(other.parentId)).reportedTimeZone).toBeNull();
    expect((await send(t, "GET", "/api/parents/me", { cookie: parentCookie })).json).toMatchObject({ timeZone: null, reportedTimeZone: "America/Los_Angeles" });
  });

  it("is only for parents, and refuses a zone that does not exist (400, nothing stored)", async () => {
    const body = { timeZone: "America/New_York" };
    expect((await send(t, "PUT", "/api/parents/me/time-zone", { cookie: teacherCookie, body })).status).toBe(403);
    expect((await send(t, "PUT", "/api/parents/me/time-zone", { body })).status).toBe(401);
    for (const timeZone of ["Mars/Olympus_Mons", "", 5, null]) {
      const res = await send(t, "PUT", "/api/parents/me/time-zone", { cookie: parentCookie, body: { timeZone } });
      expect(res.status, String(timeZone)).toBe(400);
      expect(res.json.error.fields.timeZone).toEqual(expect.any(String));
    }
    expect((await profileRow(parent.parentId)).reportedTimeZone).toBeNull();
  });

  it("settings choose a zone, and blank or null goes back to the device's zone", async () => {
    const patch = (timeZone: unknown) => send(t, "PATCH", "/api/parents/me", { cookie: parentCookie, body: { timeZone } });
    expect((await patch("America/Chicago")).json.timeZone).toBe("America/Chicago");
    expect((await profileRow(parent.parentId)).timeZone).toBe("America/Chicago");
    expect((await patch("")).json.timeZone).toBeNull();
    await patch("America/Chicago");
    expect((await patch(null)).json.timeZone).toBeNull();
    const bad = await patch("Atlantis/Capital");
    expect(bad.status).toBe(400);
    expect(bad.json.error.fields.timeZone).toBe("Choose a time zone from the list");
  });
});
