import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { createParent, createTeacher } from "../../../tests/factories/accounts";
import { createBooking, type BookingStatus } from "../../../tests/factories/bookings";
import { send, signIn } from "../../../tests/fixtures/http";
import { testAppForFile } from "../../../tests/fixtures/test-app";
import {
  REVIEW_EXISTS_MESSAGE,
  REVIEW_NOT_ALLOWED_MESSAGE,
  type Review,
  type ReviewEligibility,
  type TeacherReviews,
} from "../../shared/reviews/reviews.schemas";
import { parentProfiles, reviews } from "../db/schema";

const t = testAppForFile();

type Teacher = Awaited<ReturnType<typeof createTeacher>>;

const BODY = "Patient, clear and fun: my daughter practises every day now.";

const reviewsPath = (teacherId: string) => `/api/teachers/${teacherId}/reviews`;
const eligibilityPath = (teacherId: string) => `/api/teachers/${teacherId}/reviews/eligibility`;
const reviewPath = (reviewId: string) => `/api/reviews/${reviewId}`;

/** A parent with one student, signed in, with a booking of the given status with the teacher (none when null). */
async function parentWith(teacher: Teacher, status: BookingStatus | null, firstName = "Pat") {
  const parent = await createParent(t.deps, { firstName });
  if (status) {
    await createBooking(t.deps, { teacherId: teacher.teacherId, parentId: parent.parentId, studentId: parent.studentIds[0]!, status });
  }
  const cookie = await signIn(t, "parent", parent.email, parent.password);
  return { ...parent, cookie };
}

async function post(teacherId: string, cookie: string | undefined, body: Record<string, unknown> = { rating: 5, body: BODY }) {
  return send(t, "POST", reviewsPath(teacherId), { cookie, body });
}

async function list(teacherId: string, cookie?: string): Promise<TeacherReviews> {
  const res = await send(t, "GET", reviewsPath(teacherId), { cookie });
  expect(res.status, res.text).toBe(200);
  return res.json as TeacherReviews;
}

let teacher: Teacher;
let teacherCookie: string;
beforeEach(async () => {
  teacher = await createTeacher(t.deps);
  teacherCookie = await signIn(t, "teacher", teacher.email, teacher.password);
});

describe("who may review a teacher", () => {
  it("a parent whose booking with the teacher was accepted posts a review (201)", async () => {
    const parent = await parentWith(teacher, "accepted", "Jordan");
    await t.deps.db.update(parentProfiles).set({ lastName: "rivera" }).where(eq(parentProfiles.id, parent.parentId));
    const res = await post(teacher.teacherId, parent.cookie, { rating: 4, body: `  ${BODY}  ` });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toEqual({
      id: expect.any(String),
      rating: 4,
      body: BODY,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      author: "Jordan R.",
      mine: true,
    } satisfies Review);
  });

  it.each([
    ["no booking", null],
    ["a pending booking", "pending"],
    ["a declined booking", "declined"],
  ] as const)("a parent with %s is refused (403) and nothing is stored", async (_label, status) => {
    const parent = await parentWith(teacher, status);
    const res = await post(teacher.teacherId, parent.cookie);
    expect(res.status, res.text).toBe(403);
    expect(res.json.error.message).toBe(REVIEW_NOT_ALLOWED_MESSAGE);
    expect(await t.deps.db.select().from(reviews).where(eq(reviews.teacherId, teacher.teacherId))).toEqual([]);
  });

  it("an accepted booking with another teacher does not count", async () => {
    const elsewhere = await createTeacher(t.deps);
    const parent = await parentWith(elsewhere, "accepted");
    const res = await post(teacher.teacherId, parent.cookie);
    expect(res.status).toBe(403);
  });

  it("teachers cannot post (403), not even about themselves; anonymous visitors must sign in (401)", async () => {
    const own = await post(teacher.teacherId, teacherCookie);
    expect(own.status).toBe(403);
    const anonymous = await post(teacher.teacherId, undefined);
    expect(anonymous.status).toBe(401);
  });

  it("one review per teacher: a second one is a 409 that says to edit instead", async () => {
    const parent = await parentWith(teacher, "accepted");
    expect((await post(teacher.teacherId, parent.cookie)).status).toBe(201);
    const again = await post(teacher.teacherId, parent.cookie, { rating: 1, body: "Changed my mind completely." });
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe(REVIEW_EXISTS_MESSAGE);
    expect((await list(teacher.teacherId)).reviews.map((r) => r.rating)).toEqual([5]);
  });

  it("two posts at the same instant store one review", async () => {
    const parent = await parentWith(teacher, "accepted");
    const results = await Promise.all([post(teacher.teacherId, parent.cookie), post(teacher.teacherId, parent.cookie)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect((await list(teacher.teacherId)).reviewCount).toBe(1);
  });

  it("an unknown teacher or an id that is not a UUID is a 404", async () => {
    const parent = await parentWith(teacher, "accepted");
    for (const id of [randomUUID(), "nope"]) {
      expect((await post(id, parent.cookie)).status, id).toBe(404);
      expect((await send(t, "GET", reviewsPath(id))).status, id).toBe(404);
      expect((await send(t, "GET", eligibilityPath(id), { cookie: parent.cookie })).status, id).toBe(404);
    }
  });
});

describe("eligibility", () => {
  it("tells a parent whether they may write a review, and which review is theirs", async () => {
    const stranger = await parentWith(teacher, null);
    const pending = await parentWith(teacher, "pending");
    const accepted = await parentWith(teacher, "accepted");
    const get = async (cookie: string) => {
      const res = await send(t, "GET", eligibilityPath(teacher.teacherId), { cookie });
      expect(res.status, res.text).toBe(200);
      return res.json as ReviewEligibility;
    };
    expect(await get(stranger.cookie)).toEqual({ canReview: false, existingReviewId: null });
    expect(await get(pending.cookie)).toEqual({ canReview: false, existingReviewId: null });
    expect(await get(accepted.cookie)).toEqual({ canReview: true, existingReviewId: null });
    const created = await post(teacher.teacherId, accepted.cookie);
    expect(await get(accepted.cookie)).toEqual({ canReview: false, existingReviewId: created.json.id });
  });

  it("is for parents: teachers get 403, anonymous visitors 401", async () => {
    expect((await send(t, "GET", eligibilityPath(teacher.teacherId), { cookie: teacherCookie })).status).toBe(403);
    expect((await send(t, "GET", eligibilityPath(teacher.teacherId))).status).toBe(401);
  });
});

describe("the public list", () => {
  it("shows every review newest first, marks only the caller's own as mine", async () => {
    const first = await parentWith(teacher, "accepted", "Ana");
    const second = await parentWith(teacher, "accepted", "Ben");
    const a = await post(teacher.teacherId, first.cookie, { rating: 3, body: "Good, but lessons often ran late." });
    const b = await post(teacher.teacherId, second.cookie, { rating: 5, body: BODY });
    // Make the order certain whatever the clock's resolution.
    await t.deps.db.execute(sql`update reviews set created_at = now() - interval '1 day' where id = ${a.json.id}`);

    const anonymous = await list(teacher.teacherId);
    expect(anonymous.reviews.map((r) => [r.id, r.author, r.mine])).toEqual([
      [b.json.id, "Ben P.", false],
      [a.json.id, "Ana P.", false],
    ]);
    expect(anonymous).toMatchObject({ rating: 4, reviewCount: 2 });
    expect((await list(teacher.teacherId, first.cookie)).reviews.map((r) => r.mine)).toEqual([false, true]);
    expect((await list(teacher.teacherId, teacherCookie)).reviews.map((r) => r.mine)).toEqual([false, false]);
    // A stale cookie reads as anonymous, not as an error.
    expect((await list(teacher.teacherId, "better-auth.session_token=stale")).reviews).toHaveLength(2);
  });

  it("is empty for a teacher nobody reviewed, and hidden with a teacher who is not public", async () => {
    expect(await list(teacher.teacherId)).toEqual({ reviews: [], rating: null, reviewCount: 0 });
    const hidden = await createTeacher(t.deps, { discoverable: false });
    const res = await send(t, "GET", reviewsPath(hidden.teacherId));
    expect(res.status).toBe(404);
    expect(res.json.error.message).toBe("Teacher not found");
  });
});

describe("editing and deleting", () => {
  let author: Awaited<ReturnType<typeof parentWith>>;
  let reviewId: string;
  beforeEach(async () => {
    author = await parentWith(teacher, "accepted");
    reviewId = (await post(teacher.teacherId, author.cookie, { rating: 2, body: "Not a good fit for us." })).json.id as string;
  });

  it("the author edits their review; it keeps its place and shows the new text", async () => {
    const before = (await list(teacher.teacherId)).reviews[0]!;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const res = await send(t, "PATCH", reviewPath(reviewId), { cookie: author.cookie, body: { rating: 4, body: "Much better after a few weeks." } });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ id: reviewId, rating: 4, body: "Much better after a few weeks.", mine: true, createdAt: before.createdAt });
    expect(Date.parse(res.json.updatedAt as string)).toBeGreaterThan(Date.parse(before.updatedAt));
    expect(await list(teacher.teacherId)).toMatchObject({ rating: 4, reviewCount: 1 });
  });

  it("another parent cannot edit or delete it (404, as if it did not exist); a teacher gets 403, anonymous 401", async () => {
    const other = await parentWith(teacher, "accepted");
    const edit = { rating: 1, body: "Someone else's words here." };
    expect((await send(t, "PATCH", reviewPath(reviewId), { cookie: other.cookie, body: edit })).status).toBe(404);
    expect((await send(t, "DELETE", reviewPath(reviewId), { cookie: other.cookie })).status).toBe(404);
    expect((await send(t, "PATCH", reviewPath(reviewId), { cookie: teacherCookie, body: edit })).status).toBe(403);
    expect((await send(t, "DELETE", reviewPath(reviewId), { cookie: teacherCookie })).status).toBe(403);
    expect((await send(t, "PATCH", reviewPath(reviewId), { body: edit })).status).toBe(401);
    expect((await send(t, "DELETE", reviewPath(reviewId))).status).toBe(401);
    expect((await list(teacher.teacherId)).reviews).toMatchObject([{ id: reviewId, rating: 2, body: "Not a good fit for us." }]);
  });

  it("the author deletes it; then it is gone, a second delete is a 404, and they may write a new one", async () => {
    const res = await send(t, "DELETE", reviewPath(reviewId), { cookie: author.cookie });
    expect(res.status, res.text).toBe(200);
    expect(await list(teacher.teacherId)).toEqual({ reviews: [], rating: null, reviewCount: 0 });
    expect((await send(t, "DELETE", reviewPath(reviewId), { cookie: author.cookie })).status).toBe(404);
    expect((await post(teacher.teacherId, author.cookie)).status).toBe(201);
  });

  it("an unknown or malformed review id is a 404", async () => {
    for (const id of [randomUUID(), "12"]) {
      expect((await send(t, "PATCH", reviewPath(id), { cookie: author.cookie, body: { rating: 3, body: BODY } })).status).toBe(404);
      expect((await send(t, "DELETE", reviewPath(id), { cookie: author.cookie })).status).toBe(404);
    }
  });
});

describe("validation", () => {
  it.each([
    ["rating 0", { rating: 0, body: BODY }, "rating", "Choose a rating from 1 to 5 stars"],
    ["rating 6", { rating: 6, body: BODY }, "rating", "Choose a rating from 1 to 5 stars"],
    ["rating 2.5", { rating: 2.5, body: BODY }, "rating", "Choose a rating from 1 to 5 stars"],
    ["rating as text", { rating: "5", body: BODY }, "rating", "Choose a rating from 1 to 5 stars"],
    ["no rating", { body: BODY }, "rating", "Choose a rating from 1 to 5 stars"],
    ["text of 9 characters", { rating: 4, body: "123456789" }, "body", "Your review must be at least 10 characters"],
    ["9 characters once trimmed", { rating: 4, body: "   123456789   " }, "body", "Your review must be at least 10 characters"],
    ["text of 2001 characters", { rating: 4, body: "x".repeat(2001) }, "body", "Your review must be at most 2000 characters"],
    ["blank text", { rating: 4, body: "   " }, "body", "Write a few words about the lessons"],
  ])("%s → 400 with the message beside the field, on create and on edit", async (_label, body, field, message) => {
    const parent = await parentWith(teacher, "accepted");
    const created = await post(teacher.teacherId, parent.cookie, body);
    expect(created.status, created.text).toBe(400);
    expect(created.json.error.fields[field]).toBe(message);

    const reviewId = (await post(teacher.teacherId, parent.cookie)).json.id as string;
    const edited = await send(t, "PATCH", reviewPath(reviewId), { cookie: parent.cookie, body });
    expect(edited.status, edited.text).toBe(400);
    expect(edited.json.error.fields[field]).toBe(message);
  });

  it("accepts exactly 10 and exactly 2000 characters", async () => {
    const ten = await parentWith(teacher, "accepted");
    expect((await post(teacher.teacherId, ten.cookie, { rating: 1, body: "1234567890" })).status).toBe(201);
    const long = await parentWith(teacher, "accepted");
    expect((await post(teacher.teacherId, long.cookie, { rating: 1, body: "x".repeat(2000) })).status).toBe(201);
  });
});

describe("rating", () => {
  it("is the average to one decimal with the count, kept through posts, edits and deletes", async () => {
    const parents = await Promise.all([1, 2, 3].map(() => parentWith(teacher, "accepted")));
    const ids: string[] = [];
    for (const [index, rating] of [5, 4, 4].entries()) {
      ids.push((await post(teacher.teacherId, parents[index]!.cookie, { rating, body: BODY })).json.id as string);
    }
    expect(await list(teacher.teacherId)).toMatchObject({ rating: 4.3, reviewCount: 3 }); // 13 / 3
    await send(t, "PATCH", reviewPath(ids[1]!), { cookie: parents[1]!.cookie, body: { rating: 5, body: BODY } });
    expect(await list(teacher.teacherId)).toMatchObject({ rating: 4.7, reviewCount: 3 }); // 14 / 3
    await send(t, "DELETE", reviewPath(ids[0]!), { cookie: parents[0]!.cookie });
    expect(await list(teacher.teacherId)).toMatchObject({ rating: 4.5, reviewCount: 2 }); // 9 / 2
    const profile = await send(t, "GET", `/api/teachers/${teacher.teacherId}/public`);
    expect(profile.json).toMatchObject({ rating: 4.5, reviewCount: 2 });
  });
});
