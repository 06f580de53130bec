import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTeacher } from "../../../tests/factories/accounts";
import { createClass } from "../../../tests/factories/classes";
import { send } from "../../../tests/fixtures/http";
import { lastMail } from "../../../tests/fixtures/outbox";
import { type TestApp, testAppForFile } from "../../../tests/fixtures/test-app";
import * as fixtures from "../../../tests/fixtures/booking";
import { monthFromNow } from "../../../tests/fixtures/booking";
import { tableCounts } from "../../../tests/api/world";
import { BOOKING_HORIZON_MESSAGE, bookingHorizonEnd, lastBookableMonth, MONTH_IN_PAST_MESSAGE } from "../../shared/booking/booking-horizon.rules";
import {
  EXPIRED_REQUEST_MESSAGE,
  PAST_REQUEST_MESSAGE,
  SLOT_TAKEN_MESSAGE,
  someUnavailableMessage,
  type BookingRequestDTO,
  type SlotsResponse,
} from "../../shared/booking/booking.schemas";
import { bookings, bookingSlots, calendarEvents, classes, liveEvents, teacherProfiles } from "../db/schema";
import { createBooking } from "../../../tests/factories/bookings";
import { setParentZone } from "../../../tests/factories/practice";
import { formatLessonTime } from "../../shared/booking/booking.rules";
import { pendingExpiresAt } from "../../shared/lessons/pending-expiry.rules";

const t = testAppForFile();

const nextMonth = monthFromNow;
const newYorkTeacher = () => fixtures.newYorkTeacher(t);
const newParent = () => fixtures.newParent(t);
const slotsOf = (...args: Parameters<typeof fixtures.slotsOf> extends [TestApp, ...infer R] ? R : never) => fixtures.slotsOf(t, ...args);
const book = (...args: Parameters<typeof fixtures.book> extends [TestApp, ...infer R] ? R : never) => fixtures.book(t, ...args);

describe("GET /api/teachers/:teacherId/slots", () => {
  it("lists a month of open slots by the viewer's day, in steps of the lesson's length", async () => {
    const teacher = await newYorkTeacher();
    const full = await slotsOf(teacher.teacherId, "full");
    expect(full.teacherTimeZone).toBe("America/New_York");
    const days = Object.keys(full.days);
    expect(days.length).toBeGreaterThanOrEqual(28);
    expect(full.days[days[0]!]).toHaveLength(8);
    const intro = await slotsOf(teacher.teacherId, "intro");
    expect(intro.days[days[0]!]).toHaveLength(32);
  });

  it("shows a New York teacher's day on the viewer's clock", async () => {
    const teacher = await newYorkTeacher();
    const tokyo = await slotsOf(teacher.teacherId, "full", nextMonth(), "Asia/Tokyo");
    const first = Object.values(tokyo.days)[1]![0]!;
    // 09:00 in New York is 23:00 (winter) or 22:00 (summer) in Tokyo.
    const hour = new Intl.DateTimeFormat("en-US", { timeZone: "Asia/Tokyo", hour: "numeric", hourCycle: "h23" }).format(new Date(first.startsAt));
    expect(["00", "22", "23"]).toContain(hour);
  });

  it("answers 404 for unknown, non-uuid and hidden teachers, and 400 for a bad query", async () => {
    const hidden = await createTeacher(t.deps, { discoverable: false });
    expect((await send(t, "GET", `/api/teachers/${hidden.teacherId}/slots?month=${nextMonth()}&timeZone=UTC&type=full`)).status).toBe(404);
    expect((await send(t, "GET", `/api/teachers/not-a-uuid/slots?month=${nextMonth()}&timeZone=UTC&type=full`)).status).toBe(404);
    const teacher = await newYorkTeacher();
    const bad = await send(t, "GET", `/api/teachers/${teacher.teacherId}/slots?month=2026-13&timeZone=Mars%2FBase&type=long`);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.error.fields).sort()).toEqual(["month", "timeZone", "type"]);
  });
});

describe("the booking horizon (12 months ahead)", () => {
  it.each([
    ["9999-12", BOOKING_HORIZON_MESSAGE],
    ["0000-01", MONTH_IN_PAST_MESSAGE],
    ["1969-12", MONTH_IN_PAST_MESSAGE],
    ["2000-01", MONTH_IN_PAST_MESSAGE],
  ])("refuses the month %s with a 400 and a message", async (month, message) => {
    const teacher = await newYorkTeacher();
    const res = await send(t, "GET", `/api/teachers/${teacher.teacherId}/slots?month=${month}&timeZone=UTC&type=full`);
    expect(res.status).toBe(400);
    expect(res.json.error.fields.month).toContain(message);
  });

  it("refuses the month after the horizon's month, and shows the horizon's month only up to the horizon", async () => {
    const teacher = await newYorkTeacher();
    const last = lastBookableMonth(new Date());
    const [y, m] = last.split("-").map(Number) as [number, number];
    const beyond = new Date(Date.UTC(y, m + 1, 1)).toISOString().slice(0, 7);
    expect((await send(t, "GET", `/api/teachers/${teacher.teacherId}/slots?month=${beyond}&timeZone=UTC&type=full`)).status).toBe(400);
    const lastSlots = await slotsOf(teacher.teacherId, "full", last, "UTC");
    const starts = Object.values(lastSlots.days).flat().map((s) => new Date(s.startsAt).getTime());
    expect(starts.length).toBeGreaterThan(0);
    expect(Math.max(...starts)).toBeLessThanOrEqual(bookingHorizonEnd(new Date()).getTime());
  });

  it.each([
    // Years no lesson of this product can have are refused by the schema, before any date maths.
    ["9999-12-31T10:00:00Z", "Each time must be a real date between 2000 and 2999"],
    ["9999-12-31T23:59:59Z", "Each time must be a real date between 2000 and 2999"],
    ["0000-01-01T10:00:00Z", "Each time must be a real date between 2000 and 2999"],
    ["2999-12-31T10:00:00Z", BOOKING_HORIZON_MESSAGE],
    ["2001-01-01T10:00:00Z", "That time has already passed. Please choose another time."],
  ])("refuses a booking at %s with a 400, storing nothing", async (time, message) => {
    const teacher = await newYorkTeacher();
    const parent = await newParent();
    const before = await tableCounts(t);
    const res = await book(parent, teacher.teacherId, [time]);
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe(message);
    expect(await tableCounts(t)).toEqual(before);
  });

  it("refuses a time just past the horizon, and a request mixing it with a good time", async () => {
    const teacher = await newYorkTeacher();
    const parent = await newParent();
    const good = Object.values((await slotsOf(teacher.teacherId, "full")).days)[2]![0]!.startsAt;
    const tooLate = new Date(bookingHorizonEnd(new Date()).getTime() + 24 * 3600_000);
    tooLate.setUTCMinutes(0, 0, 0);
    const res = await book(parent, teacher.teacherId, [good, tooLate.toISOString()]);
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe(BOOKING_HORIZON_MESSAGE);
  });
});

describe("POST /api/bookings", () => {
  it("creates every selected slot with a pending booking, emails the teacher, and removes the times", async () => {
    const teacher = await newYorkTeacher();
    const parent = await newParent();
    const day = Object.values((await slotsOf(teacher.teacherId, "full")).days)[2]!;
    const picks = [day[0]!.startsAt, day[3]!.startsAt];
    const res = await book(parent, teacher.teacherId, picks);
    expect(res.status).toBe(201);
    const created = res.json.bookings as { status: string }[];
    expect(created.map((b) => b.status)).toEqual(["pending", "pending"]);
    const { mail } = await lastMail(t, teacher.email, "booking-requested");
    expect(mail.subject).toMatch(/^New Full Lesson request for /);
    // The teacher's live stream hears of each request (GET /api/live).
    const events = await t.deps.db.select().from(liveEvents).where(eq(liveEvents.userId, teacher.userId));
    expect(events.map((e) => [e.type, e.payload])).toEqual((res.json.bookings as { id: string }[]).map((b) => ["booking_request", { bookingId: b.id }]));

    const after = Object.values((await slotsOf(teacher.teacherId, "full")).days)[2]!.map((s) => s.startsAt);
    expect(after).not.toContain(picks[0]);
    expect(after).not.toContain(picks[1]);
    // An intro call cannot start inside the booked hour either.
    const intro = Object.values((await slotsOf(teacher.teacherId, "intro")).days)[2]!.map((s) => s.startsAt);
    expect(intro).not.toContain(new Date(new Date(picks[0]!).getTime() + 15 * 60_000).toISOString());
  });

  it("is all or nothing: one taken time refuses the whole request", async () => {
    const teacher = await newYorkTeacher();
    const first = await newParent();
    const second = await newParent();
    const day = Object.values((await slotsOf(teacher.teacherId, "full")).days)[3]!;
    expect((await book(first, teacher.teacherId, [day[1]!.startsAt])).status).toBe(201);
    const before = await tableCounts(t);
    const res = await book(second, teacher.teacherId, [day[0]!.startsAt, day[1]!.startsAt]);
    expect(res.status).toBe(409);
    expect(res.json.error.message).toBe(someUnavailableMessage(1, 2));
    expect(res.json.error.details).toEqual({ unavailable: [{ startsAt: new Date(day[1]!.startsAt).toISOString(), reason: "taken" }] });
    expect(await tableCounts(t)).toEqual(before);
  });

  it("refuses times in the past, outside availability, of the wrong step, or overlapping each other", async () => {
    const teacher = await newYorkTeacher();
    const parent = await newParent();
    const day = Object.values((await slotsOf(teacher.teacherId, "full")).days)[4]!;
    const first = new Date(day[0]!.startsAt);
    const cases: [string[], number][] = [
      [["2020-01-06T15:00:00.000Z"], 400],
      [[new Date(first.getTime() - 3 * 3600_000).toISOString()], 409], // 06:00 in New York
      [[new Date(first.getTime() + 15 * 60_000).toISOString()], 409], // 09:15 is not a full-lesson step
    ];
    for (const [times, status] of cases) {
      const res = await book(parent, teacher.teacherId, times);
      expect(res.status, times.join()).toBe(status);
    }
    const introDay = Object.values((await slotsOf(teacher.teacherId, "intro")).days)[4]!;
    const overlapping = await book(parent, teacher.teacherId, [day[0]!.startsAt, introDay[1]!.startsAt], "full");
    expect(overlapping.status).toBe(400);
    expect(overlapping.json.error.message).toBe("The selected times overlap each other.");
  });

  it("lets a parent book only for their own student, and never with themself", async () => {
    const teacher = await newYorkTeacher();
    const owner = await newParent();
    const stranger = await newParent();
    const slot = Object.values((await slotsOf(teacher.teacherId, "full")).days)[5]![0]!.startsAt;
    const res = await send(t, "POST", "/api/bookings", {
      cookie: stranger.cookie,
      body: { teacherId: teacher.teacherId, studentId: owner.studentIds[0], bookingType: "full", startTimes: [slot] },
    });
    expect(res.status).toBe(404);
    expect(res.json.error.message).toBe("Student not found");

    // The same account as parent and teacher.
    await t.deps.db.update(teacherProfiles).set({ userId: owner.userId }).where(eq(teacherProfiles.id, teacher.teacherId));
    const self = await book(owner, teacher.teacherId, [slot]);
    expect(self.status).toBe(403);
    expect(self.json.error.message).toBe("You cannot book a lesson with yourself.");
  });

  it("needs a signed-in parent", async () => {
    const teacher = await newYorkTeacher();
    const body = { teacherId: teacher.teacherId, studentId: teacher.teacherId, bookingType: "full", startTimes: [new Date().toISOString()] };
    expect((await send(t, "POST", "/api/bookings", { body })).status).toBe(401);
    expect((await send(t, "POST", "/api/bookings", { body, cookie: teacher.cookie })).status).toBe(403);
  });
});

describe("the parent's confirmation of a request (issue 41)", () => {
  it("emails the parent, on the parent's clock, what was asked, by when the teacher answers and where to follow it", async () => {
    const teacher = await newYorkTeacher();
    const parent = await newParent();
    await setParentZone(t.deps, parent.parentId, "America/Los_Angeles");
    const full = await slotsOf(teacher.teacherId, "full");
    const startsAt = Object.values(full.days)[0]![0]!.startsAt;
    const res = await book(parent, teacher.teacherId, [startsAt]);
    expect(res.status, res.text).toBe(201);
    const created = (res.json.bookings as BookingRequestDTO[])[0]!;
    const { mail, link } = await lastMail(t, parent.email, "booking-request-sent");
    expect(link?.pathname).toBe("/dashboard");
    expect(mail.subject).toMatch(/^Request sent to \S+ \S+: Full Lesson for /);
    expect(mail.textBody).toContain(`  - ${formatLessonTime(new Date(startsAt), "America/Los_Angeles")}`);
    // 72 hours after the request, or the lesson's start when that is sooner.
    const answerBy = pendingExpiresAt(new Date(created.createdAt), new Date(startsAt));
    expect(mail.textBody).toContain(`answers by ${formatLessonTime(answerBy, "America/Los_Angeles")} (within 72 hours, or before the lesson if that is sooner)`);
    expect(mail.textBody).toContain("Follow it under Requests on your dashboard:\nhttp://localhost:3000/dashboard");
  });
});

describe("accept and decline", () => {
  async function pendingRequest() {
    const teacher = await newYorkTeacher();
    const parent = await newParent();
    const slot = Object.values((await slotsOf(teacher.teacherId, "intro")).days)[6]![0]!;
    const res = await book(parent, teacher.teacherId, [slot.startsAt], "intro");
    expect(res.status).toBe(201);
    return { teacher, parent, slot, bookingId: res.json.bookings[0].id as string };
  }

  it("lists pending requests soonest first (the one to answer first on top), for the teacher only", async () => {
    const { teacher, bookingId } = await pendingRequest();
    // Asked later, for a later day: listed after the sooner one, not on top as the newest (issue 41).
    const laterDay = Object.values((await slotsOf(teacher.teacherId, "intro")).days)[9]![0]!;
    const later = await book(await newParent(), teacher.teacherId, [laterDay.startsAt], "intro");
    expect(later.status).toBe(201);
    const list = await send(t, "GET", "/api/bookings/requests", { cookie: teacher.cookie });
    expect((list.json.bookings as { id: string }[]).map((b) => b.id)).toEqual([bookingId, later.json.bookings[0].id]);
    const other = await newYorkTeacher();
    expect((await send(t, "GET", "/api/bookings/requests", { cookie: other.cookie })).json.bookings).toEqual([]);
  });

  it("accepting creates the lesson event the parent also sees, and a second accept is a conflict", async () => {
    const { teacher, parent, bookingId } = await pendingRequest();
    const other = await newYorkTeacher();
    expect((await send(t, "POST", `/api/bookings/${bookingId}/accept`, { cookie: other.cookie })).status).toBe(404);
    expect((await send(t, "POST", `/api/bookings/${bookingId}/accept`, { cookie: parent.cookie })).status).toBe(403);

    const res = await send(t, "POST", `/api/bookings/${bookingId}/accept`, { cookie: teacher.cookie });
    expect(res.status).toBe(200);
    expect(res.json.booking.status).toBe("accepted");
    const events = await t.deps.db.select().from(calendarEvents).where(eq(calendarEvents.bookingId, bookingId));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ title: "Intro Call with Kid1", eventType: "lesson", studentId: parent.studentIds[0] });
    expect((await lastMail(t, parent.email, "booking-accepted")).mail.subject).toMatch(/Intro Call with Terry Teacher accepted/);

    const again = await send(t, "POST", `/api/bookings/${bookingId}/accept`, { cookie: teacher.cookie });
    expect(again.status).toBe(409);
    expect((await send(t, "POST", `/api/bookings/${bookingId}/decline`, { cookie: teacher.cookie })).status).toBe(409);
    const mine = await send(t, "GET", "/api/bookings/mine", { cookie: parent.cookie });
    expect(mine.json.bookings[0].status).toBe("accepted");
  });

  it("declining releases the time so it can be booked again", async () => {
    const { teacher, parent, slot, bookingId } = await pendingRequest();
    const res = await send(t, "POST", `/api/bookings/${bookingId}/decline`, { cookie: teacher.cookie });
    expect(res.status).toBe(200);
    const [row] = await t.deps.db
      .select({ status: bookingSlots.status })
      .from(bookingSlots)
      .innerJoin(bookings, eq(bookings.slotId, bookingSlots.id))
      .where(eq(bookings.id, bookingId));
    expect(row?.status).toBe("released");
    expect((await lastMail(t, parent.email, "booking-declined")).mail.subject).toMatch(/declined$/);
    const again = await book(parent, teacher.teacherId, [slot.startsAt], "intro");
    expect(again.status).toBe(201);
  });

  it("a request whose time has passed is expired: shown so in both lists and cannot be accepted, only declined", async () => {
    const { teacher, parent, bookingId } = await pendingRequest();
    const [booking] = await t.deps.db.select({ slotId: bookings.slotId }).from(bookings).where(eq(bookings.id, bookingId));
    const past = Date.now() - 2 * 3600_000;
    await t.deps.db
      .update(bookingSlots)
      .set({ startsAt: new Date(past), endsAt: new Date(past + 15 * 60_000) })
      .where(eq(bookingSlots.id, booking!.slotId));

    const requests = (await send(t, "GET", "/api/bookings/requests", { cookie: teacher.cookie })).json.bookings as BookingRequestDTO[];
    expect(requests.map((b) => [b.id, b.expired])).toEqual([[bookingId, true]]);
    const mine = (await send(t, "GET", "/api/bookings/mine", { cookie: parent.cookie })).json.bookings as BookingRequestDTO[];
    expect(mine.map((b) => [b.id, b.status, b.expired])).toEqual([[bookingId, "pending", true]]);

    const before = await tableCounts(t);
    const accept = await send(t, "POST", `/api/bookings/${bookingId}/accept`, { cookie: teacher.cookie });
    expect(accept.status).toBe(409);
    expect(accept.json.error.message).toBe(PAST_REQUEST_MESSAGE);
    expect(await tableCounts(t)).toEqual(before);
    expect((await send(t, "POST", `/api/bookings/${bookingId}/decline`, { cookie: teacher.cookie })).status).toBe(200);
  });

  it("a request left unanswered for 72 hours is expired and cannot be accepted", async () => {
    const { teacher, bookingId } = await pendingRequest();
    const fresh = (await send(t, "GET", "/api/bookings/requests", { cookie: teacher.cookie })).json.bookings as BookingRequestDTO[];
    expect(fresh[0]!.expired).toBe(false);
    await t.deps.db
      .update(bookings)
      .set({ createdAt: new Date(Date.now() - 72 * 3600_000 - 1000) })
      .where(eq(bookings.id, bookingId));
    const listed = (await send(t, "GET", "/api/bookings/requests", { cookie: teacher.cookie })).json.bookings as BookingRequestDTO[];
    expect(listed[0]!.expired).toBe(true);
    const accept = await send(t, "POST", `/api/bookings/${bookingId}/accept`, { cookie: teacher.cookie });
    expect(accept.status).toBe(409);
    expect(accept.json.error.message).toBe(EXPIRED_REQUEST_MESSAGE);
    const [row] = await t.deps.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, bookingId));
    expect(row!.status).toBe("pending");
  });

  it("refuses unknown and malformed ids", async () => {
    const teacher = await newYorkTeacher();
    expect((await send(t, "POST", "/api/bookings/not-a-uuid/accept", { cookie: teacher.cookie })).status).toBe(404);
    expect((await send(t, "POST", `/api/bookings/${teacher.teacherId}/accept`, { cookie: teacher.cookie })).status).toBe(404);
  });
});

describe("concurrency: never a double booking", () => {
  it("50 parents asking for the same time at once: exactly one 201, 49 × 409, no 5xx, one booking", async () => {
    const teacher = await newYorkTeacher();
    const parents = [];
    for (let i = 0; i < 50; i++) parents.push(await newParent());
    const slot = Object.values((await slotsOf(teacher.teacherId, "full")).days)[7]![2]!.startsAt;

    const results = await Promise.all(parents.map((p) => book(p, teacher.teacherId, [slot])));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(results.filter((r) => r.status === 409).every((r) => r.json.error.message === SLOT_TAKEN_MESSAGE)).toBe(true);
    const [booked] = await t.deps.db
      .select({ n: count() })
      .from(bookings)
      .where(and(eq(bookings.teacherId, teacher.teacherId)));
    expect(booked!.n).toBe(1);

    // Decline it: the time can be booked again.
    const winner = results.find((r) => r.status === 201)!;
    const decline = await send(t, "POST", `/api/bookings/${winner.json.bookings[0].id}/decline`, { cookie: teacher.cookie });
    expect(decline.status).toBe(200);
    expect((await book(parents[0]!, teacher.teacherId, [slot])).status).toBe(201);
  }, 120_000);
});

describe("booking from a class page (the booking carries the class id)", () => {
  it("is accepted for the family's own class with that teacher and student, and refused (404, nothing stored) for any other class", async () => {
    const teacher = await newYorkTeacher();
    const parent = await newParent();
    const stranger = await newParent();
    const own = await createClass(t.deps, { teacherId: teacher.teacherId, parentId: parent.parentId, studentId: parent.studentIds[0]! });
    const theirs = await createClass(t.deps, { teacherId: teacher.teacherId, parentId: stranger.parentId, studentId: stranger.studentIds[0]! });
    const otherTeacher = await newYorkTeacher();
    const elsewhere = await createClass(t.deps, { teacherId: otherTeacher.teacherId, parentId: parent.parentId, studentId: parent.studentIds[0]! });
    const day = Object.values((await slotsOf(teacher.teacherId, "full")).days)[3]!;
    const request = (classId: string, startsAt: string) =>
      send(t, "POST", "/api/bookings", {
        cookie: parent.cookie,
        body: { teacherId: teacher.teacherId, studentId: parent.studentIds[0]!, bookingType: "full", format: "in_person", startTimes: [startsAt], classId },
      });

    const before = await tableCounts(t);
    for (const classId of [theirs.classId, elsewhere.classId, "00000000-0000-4000-8000-000000000000"]) {
      const refused = await request(classId, day[0]!.startsAt);
      expect(refused.status).toBe(404);
      expect(refused.json.error.message).toBe("Class not found");
    }
    expect(await tableCounts(t)).toEqual(before);

    const booked = await request(own.classId, day[1]!.startsAt);
    expect(booked.status).toBe(201);
    const [row] = await t.deps.db.select({ classId: bookings.classId }).from(bookings).where(eq(bookings.studentId, parent.studentIds[0]!));
    expect(row?.classId).toBe(own.classId);
  });
});

describe("a teacher who turned discovery off keeps the families already with them", () => {
  /** A New York teacher with discovery off, and a family with a booked lesson (or a class) with them. */
  async function hiddenTeacherAndFamilies() {
    const teacher = await newYorkTeacher();
    // Discovery off as the switch leaves it (a CHECK keeps the flag and the stamp together).
    await t.deps.db.update(teacherProfiles).set({ isDiscoverable: false, discoveryEnabledAt: null }).where(eq(teacherProfiles.id, teacher.teacherId));
    const [withLesson, withClass, stranger, onlyPending, declined] = await Promise.all([newParent(), newParent(), newParent(), newParent(), newParent()]);
    await createBooking(t.deps, { teacherId: teacher.teacherId, parentId: withLesson.parentId, studentId: withLesson.studentIds[0]!, status: "accepted" });
    await createClass(t.deps, { teacherId: teacher.teacherId, parentId: withClass.parentId, studentId: withClass.studentIds[0]! });
    // A request never accepted makes nobody a family of the teacher.
    await createBooking(t.deps, { teacherId: teacher.teacherId, parentId: onlyPending.parentId, studentId: onlyPending.studentIds[0]!, status: "pending" });
    await createBooking(t.deps, { teacherId: teacher.teacherId, parentId: declined.parentId, studentId: declined.studentIds[0]!, status: "declined" });
    return { teacher, withLesson, withClass, strangers: [stranger, onlyPending, declined] };
  }

  const slotsPath = (teacherId: string) => `/api/teachers/${teacherId}/slots?month=${nextMonth()}&timeZone=America%2FNew_York&type=full`;

  it("a family with a lesson or a class still sees the profile and the open times, and books (Book Another Lesson)", async () => {
    const { teacher, withLesson, withClass } = await hiddenTeacherAndFamilies();
    for (const family of [withLesson, withClass]) {
      const profile = await send(t, "GET", `/api/teachers/${teacher.teacherId}/public`, { cookie: family.cookie });
      expect(profile.status, profile.text).toBe(200);
      expect(profile.json).toMatchObject({ id: teacher.teacherId, firstName: "Terry" });
      expect((await send(t, "GET", `/api/teachers/${teacher.teacherId}/reviews`, { cookie: family.cookie })).status).toBe(200);
      const slots = await send(t, "GET", slotsPath(teacher.teacherId), { cookie: family.cookie });
      expect(slots.status, slots.text).toBe(200);
      expect(Object.keys((slots.json as SlotsResponse).days).length).toBeGreaterThanOrEqual(28);
    }
    const day = Object.values((await send(t, "GET", slotsPath(teacher.teacherId), { cookie: withLesson.cookie })).json.days as SlotsResponse["days"])[2]!;
    const booked = await book(withLesson, teacher.teacherId, [day[0]!.startsAt]);
    expect(booked.status, booked.text).toBe(201);
    // The class's family books from the class page (the booking carries the class id).
    const [own] = await t.deps.db.select({ id: classes.id }).from(classes).where(eq(classes.parentId, withClass.parentId));
    const fromClass = await book(withClass, teacher.teacherId, [day[1]!.startsAt], "full", { classId: own!.id });
    expect(fromClass.status, fromClass.text).toBe(201);
  });

  it("anyone else gets the same 404 as for no teacher: visitors, other parents, a family with only a pending or declined request, the teacher", async () => {
    const { teacher, withLesson, strangers } = await hiddenTeacherAndFamilies();
    const startsAt = Object.values((await send(t, "GET", slotsPath(teacher.teacherId), { cookie: withLesson.cookie })).json.days as SlotsResponse["days"])[2]![0]!.startsAt;
    const before = await tableCounts(t);
    for (const cookie of [undefined, teacher.cookie, ...strangers.map((s) => s.cookie)]) {
      expect((await send(t, "GET", `/api/teachers/${teacher.teacherId}/public`, { cookie })).status).toBe(404);
      expect((await send(t, "GET", `/api/teachers/${teacher.teacherId}/reviews`, { cookie })).status).toBe(404);
      expect((await send(t, "GET", slotsPath(teacher.teacherId), { cookie })).status).toBe(404);
    }
    for (const stranger of strangers) {
      const refused = await book(stranger, teacher.teacherId, [startsAt]);
      expect(refused.status).toBe(404);
      expect(refused.json.error.message).toBe("Teacher not found");
    }
    expect(await tableCounts(t)).toEqual(before);
  });
});
