import { NOTHING_CHANGED_MESSAGE } from "../../shared/operator/application-changes.rules";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountSuspensions, operatorActions, teacherProfiles } from "../db/schema";
import { createOperator, createTeacher } from "../../../tests/factories/accounts";
import { createClass } from "../../../tests/factories/classes";
import { addIntroVideo, teacherApplicationBody } from "../../../tests/factories/teacher-application";
import { book, monthFromNow, newParent, slotsOf } from "../../../tests/fixtures/booking";
import { send, signIn, signInOperator } from "../../../tests/fixtures/http";
import { lastMail } from "../../../tests/fixtures/outbox";
import { createTestApp, type TestApp } from "../../../tests/fixtures/test-app";

let t: TestApp;
let operatorCookie: string;
beforeAll(async () => {
  t = await createTestApp();
  const operator = await createOperator(t.deps);
  operatorCookie = await signInOperator(t, operator.email, operator.password);
});
afterAll(() => t.close());

// A place few other tests use, so a search there finds only this file's teachers.
const PLACE = { city: "Marfa", state: "TX" } as const;

/** Applies through the real Become a Teacher route and signs the new teacher in. */
async function applyAsTeacher(screening: NonNullable<Parameters<typeof teacherApplicationBody>[0]>["screening"] = {}) {
  const body = teacherApplicationBody({
    personal: PLACE,
    availability: [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, startTime: "09:00", endTime: "17:00" })),
    screening,
  });
  const res = await send(t, "POST", "/api/teachers", { body: body as unknown as Record<string, unknown> });
  expect(res.status, res.text).toBe(201);
  const [row] = await t.deps.db
    .select({ id: teacherProfiles.id, userId: teacherProfiles.userId })
    .from(teacherProfiles)
    .where(eq(teacherProfiles.email, body.personal.email));
  const cookie = await signIn(t, "teacher", body.personal.email, body.personal.password);
  return { teacherId: row!.id, userId: row!.userId, email: body.personal.email, cookie };
}

const decide = (teacherId: string, decision: "approve" | "ask-for-changes" | "reject", reason: string) =>
  send(t, "POST", `/api/operator/applications/${teacherId}/${decision}`, { cookie: operatorCookie, body: { reason } });

const auditRows = (teacherId: string) =>
  t.deps.db
    .select({ action: operatorActions.action, reason: operatorActions.reason, subject: operatorActions.subjectUserId })
    .from(operatorActions)
    .where(and(eq(operatorActions.targetKind, "teacher"), eq(operatorActions.targetId, teacherId)));

async function searchIds() {
  const res = await send(t, "GET", `/api/search/teachers?${new URLSearchParams({ location: `${PLACE.city}, ${PLACE.state}`, distance: "5" })}`);
  expect(res.status, res.text.slice(0, 300)).toBe(200);
  return (res.json.teachers as { teacherId: string }[]).map((teacher) => teacher.teacherId);
}

describe("teacher review before listing (issue 27)", () => {
  it("keeps a new teacher out of search, profile, slots and booking until approved, then lists them once discovery is on", async () => {
    const teacher = await applyAsTeacher();
    const parent = await newParent(t);

    // Waiting: the dashboard says so, and discovery cannot be switched on.
    const dashboard = await send(t, "GET", "/api/teachers/me/dashboard", { cookie: teacher.cookie });
    expect(dashboard.json).toMatchObject({ reviewStatus: "pending", reviewMessage: null, isDiscoverable: false });
    const refused = await send(t, "PUT", "/api/teachers/me/discovery", { cookie: teacher.cookie, body: { enabled: true } });
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toBe("Your application is being reviewed: families can find you once it is approved.");
    // Switching off is always allowed.
    expect((await send(t, "PUT", "/api/teachers/me/discovery", { cookie: teacher.cookie, body: { enabled: false } })).status).toBe(200);

    expect(await searchIds()).not.toContain(teacher.teacherId);
    expect((await send(t, "GET", `/api/teachers/${teacher.teacherId}/public`, { cookie: parent.cookie })).status).toBe(404);
    const hiddenSlots = await send(t, "GET", `/api/teachers/${teacher.teacherId}/slots?month=${monthFromNow()}&timeZone=America%2FChicago&type=intro`);
    expect(hiddenSlots.status).toBe(404);
    const hiddenBooking = await book(t, parent, teacher.teacherId, [new Date(Date.now() + 10 * 86_400_000).toISOString()], "intro");
    expect(hiddenBooking.status).toBe(404);

    // The operator approves; the teacher is emailed and may now switch discovery on.
    const approved = await decide(teacher.teacherId, "approve", "Complete profile, video checked.");
    expect(approved.status, approved.text).toBe(200);
    expect(approved.json).toMatchObject({ teacherId: teacher.teacherId, reviewStatus: "approved" });
    const { mail } = await lastMail(t, teacher.email, "application-approved");
    expect(mail.textBody).toContain("Discoverable in search");
    expect(await searchIds()).not.toContain(teacher.teacherId);

    expect((await send(t, "PUT", "/api/teachers/me/discovery", { cookie: teacher.cookie, body: { enabled: true } })).status).toBe(200);
    expect(await searchIds()).toContain(teacher.teacherId);
    expect((await send(t, "GET", `/api/teachers/${teacher.teacherId}/public`, { cookie: parent.cookie })).status).toBe(200);
    const slots = await slotsOf(t, teacher.teacherId, "intro", monthFromNow(), "America/Chicago");
    const firstSlot = Object.values(slots.days).flat()[0]!;
    const booked = await book(t, parent, teacher.teacherId, [firstSlot.startsAt], "intro");
    expect(booked.status, booked.text).toBe(201);
  });

  it("lists waiting applications oldest first with how long each waited, and shows everything the teacher submitted", async () => {
    const older = await applyAsTeacher({ priorComplaints: true, complaintExplanation: "A scheduling dispute in 2019, resolved." });
    const newer = await applyAsTeacher();
    await t.deps.db
      .update(teacherProfiles)
      .set({ submittedForReviewAt: sql`now() - interval '50 hours'` })
      .where(eq(teacherProfiles.id, older.teacherId));
    const videoUrl = await addIntroVideo(t.deps, older.teacherId);

    const list = await send(t, "GET", "/api/operator/applications", { cookie: operatorCookie });
    expect(list.status).toBe(200);
    const waiting = list.json.applications as { teacherId: string; waitedHours: number; instruments: string[] }[];
    const ids = waiting.map((a) => a.teacherId);
    expect(ids.indexOf(older.teacherId)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(older.teacherId)).toBeLessThan(ids.indexOf(newer.teacherId));
    expect(waiting.find((a) => a.teacherId === older.teacherId)).toMatchObject({ waitedHours: 50, instruments: ["piano", "voice"] });
    expect(list.json.total).toBeGreaterThanOrEqual(2);

    const detail = await send(t, "GET", `/api/operator/applications/${older.teacherId}`, { cookie: operatorCookie });
    expect(detail.status).toBe(200);
    expect(detail.json).toMatchObject({
      id: older.teacherId,
      accountEmail: older.email,
      // A first application: no decision yet, so nothing to compare with.
      changesSinceReview: null,
      instruments: ["piano", "voice"],
      teachingMethods: ["Traditional", "Suzuki"],
      ageGroupsTaught: ["Kids 5-10", "Adults"],
      lessonFormat: "both",
      hourlyRateMin: 40,
      hourlyRateMax: 70,
      bio: "Concert pianist who loves teaching beginners.",
      educationBackground: "Conservatory",
      teachingExperienceYears: "5+",
      platformExperience: "Zoom, Google Meet",
      videoConferenceExperience: true,
      hasTransportation: true,
      backgroundCheckConsent: true,
      priorComplaints: true,
      complaintExplanation: "A scheduling dispute in 2019, resolved.",
      canProvideReferences: true,
      reviewStatus: "pending",
      introVideoUrl: videoUrl,
    });
    expect(detail.json.availability).toHaveLength(7);
    expect(detail.json.availability[0]).toEqual({ dayOfWeek: 0, startTime: "09:00", endTime: "17:00" });

    // The unlisted teacher's video plays through the same range-served URL.
    const video = await t.app.request(videoUrl, { headers: { cookie: operatorCookie, range: "bytes=0-99" } });
    expect(video.status).toBe(206);
    expect(video.headers.get("content-range")).toMatch(/^bytes 0-99\//);

    expect((await send(t, "GET", `/api/operator/applications/${crypto.randomUUID()}`, { cookie: operatorCookie })).status).toBe(404);
  });

  it("asks for changes: the teacher sees the message, resubmits once, and goes back to the queue", async () => {
    const teacher = await applyAsTeacher();
    const message = "Please add a short video introducing yourself.";
    const asked = await decide(teacher.teacherId, "ask-for-changes", `  ${message}  `);
    expect(asked.status, asked.text).toBe(200);
    expect((await lastMail(t, teacher.email, "application-changes-requested")).mail.textBody).toContain(message);
    const dashboard = await send(t, "GET", "/api/teachers/me/dashboard", { cookie: teacher.cookie });
    expect(dashboard.json).toMatchObject({ reviewStatus: "changes_requested", reviewMessage: message });
    const discovery = await send(t, "PUT", "/api/teachers/me/discovery", { cookie: teacher.cookie, body: { enabled: true } });
    expect(discovery.status).toBe(409);
    expect(discovery.json.error.message).toMatch(/asked for changes/);
    // Not waiting any more: the queue does not show it, and a second decision is refused.
    const queue = await send(t, "GET", "/api/operator/applications", { cookie: operatorCookie });
    expect((queue.json.applications as { teacherId: string }[]).map((a) => a.teacherId)).not.toContain(teacher.teacherId);
    expect((await decide(teacher.teacherId, "approve", "ok")).status).toBe(409);

    // Issue 41: a resubmission must change something; the operator then reads what, field by field.
    const unchanged = await send(t, "POST", "/api/teachers/me/application/resubmit", { cookie: teacher.cookie });
    expect(unchanged.status).toBe(409);
    expect(unchanged.json.error).toMatchObject({ reason: "nothing_changed", message: NOTHING_CHANGED_MESSAGE });
    expect((await send(t, "GET", "/api/teachers/me/dashboard", { cookie: teacher.cookie })).json.reviewStatus).toBe("changes_requested");
    const edited = await send(t, "PATCH", "/api/teachers/me", { cookie: teacher.cookie, body: { teachingStyleDescription: "Warm, patient and structured, with a recital each term." } });
    expect(edited.status, edited.text).toBe(200);

    const resubmitted = await send(t, "POST", "/api/teachers/me/application/resubmit", { cookie: teacher.cookie });
    expect(resubmitted.status, resubmitted.text).toBe(200);
    expect(resubmitted.json.reviewStatus).toBe("pending");
    const detail = await send(t, "GET", `/api/operator/applications/${teacher.teacherId}`, { cookie: operatorCookie });
    expect(detail.json.changesSinceReview).toEqual([
      { field: "Teaching style", before: expect.any(String), after: "Warm, patient and structured, with a recital each term." },
    ]);
    expect(detail.json.reviewMessage).toBe(message);
    const again = await send(t, "POST", "/api/teachers/me/application/resubmit", { cookie: teacher.cookie });
    expect(again.status).toBe(409);
    expect(again.json.error.message).toMatch(/nothing to resubmit/);
    const requeued = await send(t, "GET", "/api/operator/applications", { cookie: operatorCookie });
    expect((requeued.json.applications as { teacherId: string }[]).map((a) => a.teacherId)).toContain(teacher.teacherId);
    expect((await auditRows(teacher.teacherId)).map((r) => r.action)).toEqual(["ask_for_changes"]);
  });

  it("rejects with a required reason: emailed, shown on the dashboard, and the teacher stays unlisted", async () => {
    const teacher = await applyAsTeacher();
    const blank = await decide(teacher.teacherId, "reject", "   ");
    expect(blank.status).toBe(400);
    expect(blank.json.error.fields.reason).toBe("Please give a short reason.");
    const missing = await send(t, "POST", `/api/operator/applications/${teacher.teacherId}/reject`, { cookie: operatorCookie, body: {} });
    expect(missing.status).toBe(400);

    const reason = "The references could not be confirmed.";
    expect((await decide(teacher.teacherId, "reject", reason)).status).toBe(200);
    const { mail } = await lastMail(t, teacher.email, "application-rejected");
    expect(mail.textBody).toContain(reason);
    expect(mail.textBody).toContain(t.deps.env.SUPPORT_EMAIL);
    const dashboard = await send(t, "GET", "/api/teachers/me/dashboard", { cookie: teacher.cookie });
    expect(dashboard.json).toMatchObject({ reviewStatus: "rejected", reviewMessage: reason });
    expect((await send(t, "PUT", "/api/teachers/me/discovery", { cookie: teacher.cookie, body: { enabled: true } })).status).toBe(409);
    expect(await auditRows(teacher.teacherId)).toEqual([{ action: "reject", reason, subject: teacher.userId }]);
  });

  it("records one action when two operators approve at once; the other is told it was already approved", async () => {
    const teacher = await applyAsTeacher();
    const second = await createOperator(t.deps);
    const secondCookie = await signInOperator(t, second.email, second.password);
    const [a, b] = await Promise.all([
      decide(teacher.teacherId, "approve", "Looks good."),
      send(t, "POST", `/api/operator/applications/${teacher.teacherId}/approve`, { cookie: secondCookie, body: { reason: "Looks good too." } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(loser.json.error.message).toBe("This application has already been approved.");
    expect(await auditRows(teacher.teacherId)).toHaveLength(1);
  });
});

describe("the family exception of the discovery rule (issue 27)", () => {
  async function familyWithHiddenTeacher() {
    const teacher = await createTeacher(t.deps, { timeZone: "America/New_York" });
    const parent = await newParent(t);
    await createClass(t.deps, { teacherId: teacher.teacherId, parentId: parent.parentId, studentId: parent.studentIds[0]! });
    await t.deps.db
      .update(teacherProfiles)
      .set({ isDiscoverable: false, discoveryEnabledAt: null })
      .where(eq(teacherProfiles.id, teacher.teacherId));
    const profile = () => send(t, "GET", `/api/teachers/${teacher.teacherId}/public`, { cookie: parent.cookie });
    expect((await profile()).status).toBe(200);
    return { teacher, profile };
  }

  it("does not keep a teacher the desk has not approved for the families already with them", async () => {
    const { teacher, profile } = await familyWithHiddenTeacher();
    await t.deps.db.update(teacherProfiles).set({ reviewStatus: "rejected" }).where(eq(teacherProfiles.id, teacher.teacherId));
    expect((await profile()).status).toBe(404);
  });

  it("does not keep a suspended teacher for the families already with them", async () => {
    const { teacher, profile } = await familyWithHiddenTeacher();
    await t.deps.db.insert(accountSuspensions).values({ userId: teacher.userId, reason: "Test suspension" });
    expect((await profile()).status).toBe(404);
  });
});
