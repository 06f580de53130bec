import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { book, newParent, slotsOf } from "../../../tests/fixtures/booking";
import { createTeacher } from "../../../tests/factories/accounts";
import { createBooking } from "../../../tests/factories/bookings";
import { send, signIn } from "../../../tests/fixtures/http";
import { testAppForFile } from "../../../tests/fixtures/test-app";
import { tableCounts } from "../../../tests/api/world";
import { someUnavailableMessage, unavailableDetailsSchema, type SlotDTO } from "../../shared/booking/booking.schemas";
import { tooSoonMessage } from "../../shared/booking/lead-time.rules";
import { localDateTime } from "../../shared/calendar/calendar-views.rules";
import { teacherAvailability } from "../db/schema";

const t = testAppForFile();

const H = 3_600_000;
const NY = "America/New_York";

/**
 * A New York teacher open all day every day, signed in, with the given lead time (set through the
 * settings route, as the teacher would): whatever the hour the test runs, there are open times
 * within the next few hours.
 */
async function allDayTeacher(leadHours: number) {
  const teacher = await createTeacher(t.deps, { timeZone: NY });
  await t.deps.db.delete(teacherAvailability).where(eq(teacherAvailability.teacherId, teacher.teacherId));
  await t.deps.db
    .insert(teacherAvailability)
    .values([0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ teacherId: teacher.teacherId, dayOfWeek, startTime: "00:00", endTime: "24:00" })));
  const cookie = await signIn(t, "teacher", teacher.email, teacher.password);
  const saved = await send(t, "PUT", "/api/teachers/me/lesson-settings", { cookie, body: { noticeHours: 24, bufferMinutes: 0, leadHours } });
  expect(saved.status, saved.text).toBe(200);
  return { ...teacher, cookie };
}

/** "yyyy-MM" of New York's month, `offset` months from the current one there. */
function newYorkMonth(offset: number): string {
  const [y, m] = localDateTime(new Date(), NY).date.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + offset, 1)).toISOString().slice(0, 7);
}

/** The open full-lesson starts of this month and the next (in New York), earliest first. */
async function openStarts(teacherId: string): Promise<{ starts: Date[]; leadHours: number[] }> {
  const months = [await slotsOf(t, teacherId, "full", newYorkMonth(0)), await slotsOf(t, teacherId, "full", newYorkMonth(1))];
  const slots: SlotDTO[] = months.flatMap((m) => Object.values(m.days).flat());
  return { starts: slots.map((s) => new Date(s.startsAt)), leadHours: months.map((m) => m.leadHours) };
}

/** The first whole hour at least `hours` from now (a full lesson's start for the all-day teacher). */
const wholeHourIn = (hours: number) => new Date(Math.ceil((Date.now() + hours * H) / H) * H);

describe("lead time in the open slots", () => {
  it("by default (12 h) no time sooner than 12 hours from now is offered, and the answer says 12", async () => {
    const teacher = await allDayTeacher(12);
    const before = Date.now();
    const { starts, leadHours } = await openStarts(teacher.teacherId);
    expect(leadHours).toEqual([12, 12]);
    expect(starts.length).toBeGreaterThan(0);
    expect(starts.every((s) => s.getTime() >= before + 12 * H)).toBe(true);
    // The first open time is the first whole hour from 12 hours on (the teacher is open all day).
    expect(starts[0]!.getTime()).toBeLessThanOrEqual(Date.now() + 13 * H);
  });

  it("a 72-hour lead hides three days", async () => {
    const teacher = await allDayTeacher(72);
    const before = Date.now();
    const { starts, leadHours } = await openStarts(teacher.teacherId);
    expect(leadHours).toEqual([72, 72]);
    expect(starts[0]!.getTime()).toBeGreaterThanOrEqual(before + 72 * H);
    expect(starts[0]!.getTime()).toBeLessThanOrEqual(Date.now() + 73 * H);
  });

  it("with no lead, the next whole hour is offered", async () => {
    const teacher = await allDayTeacher(0);
    const { starts, leadHours } = await openStarts(teacher.teacherId);
    expect(leadHours).toEqual([0, 0]);
    expect(starts[0]!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(starts[0]!.getTime()).toBeLessThanOrEqual(Date.now() + H);
  });
});

describe("lead time in the booking route", () => {
  it("refuses one time sooner than the lead with a 409 naming it, and stores nothing", async () => {
    const teacher = await allDayTeacher(12);
    const parent = await newParent(t);
    const soon = wholeHourIn(2).toISOString();
    const before = await tableCounts(t);
    const res = await book(t, parent, teacher.teacherId, [soon]);
    expect([res.status, res.json.error.message]).toEqual([409, tooSoonMessage(12)]);
    expect(res.json.error.message).toBe("The teacher takes requests at least 12 hours ahead. Please choose a later time.");
    expect(res.json.error.details).toEqual({ unavailable: [{ startsAt: soon, reason: "too_soon" }], leadHours: 12 });
    expect(await tableCounts(t)).toEqual(before);
  });

  it("lists the too-soon one of several chosen times; without it the rest are booked", async () => {
    const teacher = await allDayTeacher(12);
    const parent = await newParent(t);
    const soon = wholeHourIn(3).toISOString();
    const later = wholeHourIn(30).toISOString();
    const res = await book(t, parent, teacher.teacherId, [soon, later]);
    expect([res.status, res.json.error.message]).toEqual([409, someUnavailableMessage(1, 2)]);
    expect(unavailableDetailsSchema.parse(res.json.error.details)).toEqual({ unavailable: [{ startsAt: soon, reason: "too_soon" }], leadHours: 12 });
    expect((await book(t, parent, teacher.teacherId, [later])).status).toBe(201);
  });

  it("a time just past the lead is taken", async () => {
    const teacher = await allDayTeacher(1);
    const parent = await newParent(t);
    // The first whole hour at least 1 h 2 min from now: past the lead, whatever the test's pace.
    const res = await book(t, parent, teacher.teacherId, [new Date(Math.ceil((Date.now() + H + 2 * 60_000) / H) * H).toISOString()]);
    expect(res.status, res.text).toBe(201);
  });

  it("refuses a weekly series whose first lesson is too soon, listing that week", async () => {
    const teacher = await allDayTeacher(24);
    const parent = await newParent(t);
    const first = wholeHourIn(5).toISOString();
    const res = await book(t, parent, teacher.teacherId, [first], "full", { repeat: { weeks: 3 } });
    expect([res.status, res.json.error.message]).toEqual([409, someUnavailableMessage(1, 3)]);
    expect(res.json.error.details.unavailable).toEqual([{ startsAt: first, reason: "too_soon" }]);
  });

  it("with no lead, a time two hours away is booked", async () => {
    const teacher = await allDayTeacher(0);
    const parent = await newParent(t);
    const res = await book(t, parent, teacher.teacherId, [wholeHourIn(2).toISOString()]);
    expect(res.status, res.text).toBe(201);
  });
});

describe("lead time when moving a lesson", () => {
  const move = (cookie: string, bookingId: string, startsAt: Date) =>
    send(t, "POST", `/api/lessons/${bookingId}/reschedule`, { cookie, body: { startsAt: startsAt.toISOString() } });

  it("refuses a new time sooner than the lead (either side), changing nothing; with no lead it moves", async () => {
    const teacher = await allDayTeacher(12);
    const parent = await newParent(t);
    const { bookingId } = await createBooking(t.deps, {
      teacherId: teacher.teacherId,
      parentId: parent.parentId,
      studentId: parent.studentIds[0]!,
      status: "accepted",
      startsAt: wholeHourIn(5 * 24),
    });
    const before = await tableCounts(t);
    for (const cookie of [parent.cookie, teacher.cookie]) {
      const res = await move(cookie, bookingId, wholeHourIn(3));
      expect([res.status, res.json.error.message]).toEqual([409, tooSoonMessage(12)]);
      expect(res.json.error.details.unavailable[0].reason).toBe("too_soon");
    }
    expect(await tableCounts(t)).toEqual(before);

    await send(t, "PUT", "/api/teachers/me/lesson-settings", { cookie: teacher.cookie, body: { noticeHours: 24, bufferMinutes: 0, leadHours: 0 } });
    const moved = await move(parent.cookie, bookingId, wholeHourIn(3));
    expect(moved.status, moved.text).toBe(200);
  });
});
