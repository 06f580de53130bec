import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createParent, createTeacher } from "../../../tests/factories/accounts";
import { createBooking } from "../../../tests/factories/bookings";
import { send, signIn } from "../../../tests/fixtures/http";
import { testAppForFile } from "../../../tests/fixtures/test-app";
import type { TeacherSearchResponse } from "../../shared/search/search.schemas";
import type { PublicTeacherProfile } from "../../shared/teachers/public-profile.schemas";

const t = testAppForFile();

const profilePath = (teacherId: string) => `/api/teachers/${teacherId}/public`;

/** A parent with an accepted lesson who reviews the teacher through the API. */
async function review(teacherId: string, rating: number) {
  const parent = await createParent(t.deps);
  await createBooking(t.deps, { teacherId, parentId: parent.parentId, studentId: parent.studentIds[0]!, status: "accepted" });
  const cookie = await signIn(t, "parent", parent.email, parent.password);
  const res = await send(t, "POST", `/api/teachers/${teacherId}/reviews`, {
    cookie,
    body: { rating, body: "Clear explanations and a lot of patience." },
  });
  expect(res.status, res.text).toBe(201);
}

describe("GET /api/teachers/:teacherId/public", () => {
  it("shows a discoverable teacher's public fields, primary instrument first, to anyone", async () => {
    const teacher = await createTeacher(t.deps, { instruments: ["piano", "voice"] });
    // Voice has more years of teaching, so it is the primary instrument (as on the search cards).
    await t.deps.db.execute(
      sql`update teacher_instruments set years_teaching = 7 where teacher_id = ${teacher.teacherId} and instrument = 'voice'`,
    );
    await t.deps.db.execute(sql`
      update teacher_profiles set
        bio = 'Twenty years on stage.', teaching_methods = '{Suzuki,Traditional}', age_groups_taught = '{"Kids 5-10",Adults}',
        lesson_format = 'online', intro_video_url = ${`/api/files/teacher-videos/${teacher.teacherId}/intro-video.mp4?v=1`}
      where id = ${teacher.teacherId}`);

    const res = await send(t, "GET", profilePath(teacher.teacherId));
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({
      id: teacher.teacherId,
      firstName: "Terry",
      lastName: "Teacher",
      instruments: ["voice", "piano"],
      city: "Austin",
      state: "TX",
      lessonFormat: "online",
      inPersonPlace: "studio",
      hourlyRateMin: 40,
      hourlyRateMax: 60,
      teachingExperienceYears: "3-5",
      educationBackground: "Degree",
      teachingMethods: ["Suzuki", "Traditional"],
      ageGroupsTaught: ["Kids 5-10", "Adults"],
      teachingStyleDescription: "Patient and structured.",
      bio: "Twenty years on stage.",
      introVideoUrl: `/api/files/teacher-videos/${teacher.teacherId}/intro-video.mp4?v=1`,
      timeZone: "America/Chicago",
      rating: null,
      reviewCount: 0,
    } satisfies PublicTeacherProfile);
    // Contact details stay private: messages and bookings go through the app.
    expect(res.json).not.toHaveProperty("email");
    expect(res.json).not.toHaveProperty("phone");
    // Where and how stay with the lesson's two sides (issue 26): no link, no address here.
    for (const key of ["meetingUrl", "studioAddress"]) expect(res.json).not.toHaveProperty(key);

    const signedIn = await createParent(t.deps);
    const cookie = await signIn(t, "parent", signedIn.email, signedIn.password);
    expect((await send(t, "GET", profilePath(teacher.teacherId), { cookie })).status).toBe(200);
  });

  it("answers 404 Teacher not found for an unknown id and for an id that is not a UUID", async () => {
    for (const id of [randomUUID(), "00000000-0000-0000-0000-000000000000", "not-a-uuid", "1", "'; drop table reviews; --"]) {
      const res = await send(t, "GET", profilePath(encodeURIComponent(id)));
      expect(res.status, id).toBe(404);
      expect(res.json.error.message).toBe("Teacher not found");
    }
  });

  it("does not show a teacher who switched discovery off, not even to that teacher", async () => {
    const hidden = await createTeacher(t.deps, { discoverable: false });
    const anonymous = await send(t, "GET", profilePath(hidden.teacherId));
    expect(anonymous.status).toBe(404);
    expect(anonymous.json.error.message).toBe("Teacher not found");
    const cookie = await signIn(t, "teacher", hidden.email, hidden.password);
    expect((await send(t, "GET", profilePath(hidden.teacherId), { cookie })).status).toBe(404);
  });

  it("shows the real rating, the same figures as the search card", async () => {
    const teacher = await createTeacher(t.deps);
    const town = `Profileville ${randomUUID().slice(0, 8)}`;
    await t.deps.db.execute(sql`update teacher_profiles set city = ${town} where id = ${teacher.teacherId}`);
    for (const rating of [5, 4, 4]) await review(teacher.teacherId, rating);

    const profile = (await send(t, "GET", profilePath(teacher.teacherId))).json as PublicTeacherProfile;
    expect(profile).toMatchObject({ rating: 4.3, reviewCount: 3 });

    const search = await send(t, "GET", `/api/search/teachers?${new URLSearchParams({ location: town, minRating: "any" }).toString()}`);
    expect(search.status, search.text).toBe(200);
    const card = (search.json as TeacherSearchResponse).teachers.find((c) => c.teacherId === teacher.teacherId);
    expect(card).toMatchObject({ rating: profile.rating, reviewCount: profile.reviewCount });
  });
});
