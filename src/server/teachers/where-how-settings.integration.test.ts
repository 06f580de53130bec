import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tableCounts } from "../../../tests/api/world";
import { createParent, createTeacher } from "../../../tests/factories/accounts";
import { createBooking } from "../../../tests/factories/bookings";
import { send, signIn } from "../../../tests/fixtures/http";
import { testAppForFile } from "../../../tests/fixtures/test-app";
import { MEETING_URL_MESSAGE } from "../../shared/booking/lesson-place.schemas";
import { STUDIO_ADDRESS_REQUIRED_MESSAGE, type TeacherProfile } from "../../shared/teachers/profile.schemas";
import type { TeacherStudentsResponse } from "../../shared/teachers/teacher-students.api";
import { teacherProfiles } from "../db/schema";

/**
 * Where and how, as the two sides set it (issue 26): the teacher's default meeting link, where
 * in-person lessons happen (and the studio's address), one student's link from My Students, and
 * the family's home address.
 */

const t = testAppForFile();

async function teacher(lessonFormat: "both" | "online" | "in_person" = "both") {
  const created = await createTeacher(t.deps);
  await t.deps.db.update(teacherProfiles).set({ lessonFormat }).where(eq(teacherProfiles.id, created.teacherId));
  return { ...created, cookie: await signIn(t, "teacher", created.email, created.password) };
}
const patchTeacher = (cookie: string, body: Record<string, unknown>) => send(t, "PATCH", "/api/teachers/me", { cookie, body });
const profileOf = async (cookie: string) => (await send(t, "GET", "/api/teachers/me", { cookie })).json as TeacherProfile;

describe("teacher settings: meeting link and in-person place", () => {
  it("start with no link, the studio and no address, and save all three", async () => {
    const me = await teacher();
    expect(await profileOf(me.cookie)).toMatchObject({ meetingUrl: null, inPersonPlace: "studio", studioAddress: null });
    const saved = await patchTeacher(me.cookie, { meetingUrl: " HTTPS://Zoom.us/j/123?pwd=Ab ", inPersonPlace: "studio", studioAddress: " 1 Studio Way, Chicago, IL " });
    expect(saved.status, saved.text).toBe(200);
    // Trimmed, and the scheme lower-cased (the rest of a link is kept exactly: its path can be case-sensitive).
    expect(saved.json).toMatchObject({ meetingUrl: "https://Zoom.us/j/123?pwd=Ab", inPersonPlace: "studio", studioAddress: "1 Studio Way, Chicago, IL" });
    expect((await patchTeacher(me.cookie, { meetingUrl: "", inPersonPlace: "family_home" })).json).toMatchObject({ meetingUrl: null, inPersonPlace: "family_home" });
  });

  it.each([
    [{ meetingUrl: "javascript:alert(1)" }, "meetingUrl", MEETING_URL_MESSAGE],
    [{ meetingUrl: "zoom.us/j/123" }, "meetingUrl", MEETING_URL_MESSAGE],
    [{ meetingUrl: "https://" }, "meetingUrl", MEETING_URL_MESSAGE],
    [{ meetingUrl: "https://meet.example/a b" }, "meetingUrl", MEETING_URL_MESSAGE],
    [{ meetingUrl: `https://meet.example/${"a".repeat(500)}` }, "meetingUrl", "Meeting link must be at most 500 characters"],
    [{ meetingUrl: 42 }, "meetingUrl", "Meeting link must be text"],
    [{ inPersonPlace: "park" }, "inPersonPlace", "Choose where in-person lessons happen: at your studio or at the family's home"],
    [{ studioAddress: "1 Main St\nEvil: line" }, "studioAddress", "Studio address must be on one line"],
    [{ studioAddress: "x".repeat(301) }, "studioAddress", "Studio address must be at most 300 characters"],
  ])("refuses %j with a message for %s, changing nothing", async (body, field, message) => {
    const me = await teacher();
    const before = await profileOf(me.cookie);
    const res = await patchTeacher(me.cookie, body);
    expect([res.status, res.json.error.fields[field]]).toEqual([400, message]);
    expect(await profileOf(me.cookie)).toEqual(before);
  });

  it("asks for the studio's address when in-person lessons happen there", async () => {
    const me = await teacher("both");
    for (const body of [{ inPersonPlace: "studio" }, { studioAddress: "" }, { lessonFormat: "in_person" }]) {
      const res = await patchTeacher(me.cookie, body);
      expect([res.status, res.json.error.fields.studioAddress], JSON.stringify(body)).toEqual([400, STUDIO_ADDRESS_REQUIRED_MESSAGE]);
    }
    // Travelling to families, or teaching online only, needs none; a profile change elsewhere is not held up.
    expect((await patchTeacher(me.cookie, { bio: "Patient." })).status).toBe(200);
    expect((await patchTeacher(me.cookie, { inPersonPlace: "family_home" })).status).toBe(200);
    expect((await patchTeacher(me.cookie, { inPersonPlace: "studio", lessonFormat: "online" })).status).toBe(200);
    expect((await patchTeacher(me.cookie, { lessonFormat: "both", studioAddress: "1 Studio Way" })).status).toBe(200);
  });
});

describe("one student's meeting link (My Students)", () => {
  async function world() {
    const [me, other, family, stranger] = await Promise.all([teacher(), teacher(), createParent(t.deps, { students: 2 }), createParent(t.deps)]);
    // The teacher teaches Kid1 (a pending request is enough to set a link before accepting); Kid2 is the other teacher's.
    await createBooking(t.deps, { teacherId: me.teacherId, parentId: family.parentId, studentId: family.studentIds[0]!, status: "accepted" });
    await createBooking(t.deps, { teacherId: other.teacherId, parentId: family.parentId, studentId: family.studentIds[1]!, status: "pending", startsAt: new Date(Date.now() + 9 * 86_400_000) });
    return { me, other, family, stranger };
  }
  const path = (studentId: string) => `/api/teachers/me/students/${studentId}/meeting-link`;

  it("sets, lists, changes and removes the link of the teacher's own student", async () => {
    const { me, family } = await world();
    const kid1 = family.studentIds[0]!;
    expect((await send(t, "PUT", path(kid1), { cookie: me.cookie, body: { url: "https://meet.example/kid1" } })).json).toEqual({ studentId: kid1, meetingLink: "https://meet.example/kid1" });
    const listed = (await send(t, "GET", "/api/teachers/me/students", { cookie: me.cookie })).json as TeacherStudentsResponse;
    expect(listed.students.find((s) => s.studentId === kid1)?.meetingLink).toBe("https://meet.example/kid1");
    expect((await send(t, "PUT", path(kid1), { cookie: me.cookie, body: { url: "https://meet.example/kid1-new" } })).json.meetingLink).toBe("https://meet.example/kid1-new");
    expect((await send(t, "DELETE", path(kid1), { cookie: me.cookie })).json).toEqual({ studentId: kid1, meetingLink: null });
    const after = (await send(t, "GET", "/api/teachers/me/students", { cookie: me.cookie })).json as TeacherStudentsResponse;
    expect(after.students.find((s) => s.studentId === kid1)?.meetingLink).toBeNull();
  });

  it("any other student is not found (404), and nothing changes", async () => {
    const { me, other, family, stranger } = await world();
    const parentCookie = await signIn(t, "parent", family.email, family.password);
    const before = await tableCounts(t);
    for (const studentId of [family.studentIds[1]!, stranger.studentIds[0]!, "00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      const put = await send(t, "PUT", path(studentId), { cookie: me.cookie, body: { url: "https://meet.example/x" } });
      expect([put.status, put.json.error.message]).toEqual([404, "Student not found"]);
      expect((await send(t, "DELETE", path(studentId), { cookie: me.cookie })).status).toBe(404);
    }
    // The other teacher has Kid2, not Kid1.
    expect((await send(t, "PUT", path(family.studentIds[0]!), { cookie: other.cookie, body: { url: "https://meet.example/x" } })).status).toBe(404);
    // A parent or a visitor never reaches it.
    expect((await send(t, "PUT", path(family.studentIds[0]!), { cookie: parentCookie, body: { url: "https://meet.example/x" } })).status).toBe(403);
    expect((await send(t, "PUT", path(family.studentIds[0]!), { body: { url: "https://meet.example/x" } })).status).toBe(401);
    expect(await tableCounts(t)).toEqual(before);
  });

  it.each([
    [{}, "Meeting link is required"],
    [{ url: "" }, "Meeting link is required"],
    [{ url: "ftp://meet.example/x" }, MEETING_URL_MESSAGE],
    [{ url: "data:text/html,hi" }, MEETING_URL_MESSAGE],
    [{ url: ["https://meet.example/x"] }, "Meeting link must be text"],
  ])("refuses %j (400) with a message", async (body, message) => {
    const { me, family } = await world();
    const res = await send(t, "PUT", path(family.studentIds[0]!), { cookie: me.cookie, body });
    expect([res.status, res.json.error.fields?.url]).toEqual([400, message]);
  });
});

describe("the family's home address", () => {
  it("is saved, cleared with a blank, and refused when too long or on several lines", async () => {
    const family = await createParent(t.deps);
    const cookie = await signIn(t, "parent", family.email, family.password);
    const patch = (body: Record<string, unknown>) => send(t, "PATCH", "/api/parents/me", { cookie, body });
    expect((await send(t, "GET", "/api/parents/me", { cookie })).json.address).toBeNull();
    expect((await patch({ address: "  12 Elm St, Brooklyn, NY 11201 " })).json.address).toBe("12 Elm St, Brooklyn, NY 11201");
    for (const [address, message] of [
      ["x".repeat(301), "Home address must be at most 300 characters"],
      ["12 Elm St\r\nBrooklyn", "Home address must be on one line"],
      [12, "Home address must be text"],
    ] as const) {
      const res = await patch({ address });
      expect([res.status, res.json.error.fields.address]).toEqual([400, message]);
    }
    expect((await send(t, "GET", "/api/parents/me", { cookie })).json.address).toBe("12 Elm St, Brooklyn, NY 11201");
    expect((await patch({ address: "" })).json.address).toBeNull();
    expect((await patch({ address: null })).status).toBe(200);
  });
});
