import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createBooking } from "../../../tests/factories/bookings";
import { createSeries, newYorkTime } from "../../../tests/factories/lessons";
import { signedInFamily, signedInNewYorkTeacher } from "../../../tests/factories/signed-in";
import { send } from "../../../tests/fixtures/http";
import { lastMail } from "../../../tests/fixtures/outbox";
import { testAppForFile } from "../../../tests/fixtures/test-app";
import { tableCounts } from "../../../tests/api/world";
import { localDateTime, localDayOfWeek } from "../../shared/calendar/calendar-views.rules";
import { LESSON_STARTED_MESSAGE } from "../../shared/lessons/cancellation.rules";
import { LATE_RESCHEDULE_MESSAGE } from "../../shared/lessons/lesson-changes.rules";
import type { LessonDTO } from "../../shared/lessons/lessons.schemas";
import { NOT_IN_SERIES_MESSAGE, SERIES_UNCHANGED_MESSAGE, seriesWeeksTakenMessage, SERIES_WEEKDAY_MESSAGE, type SeriesChangePreviewDTO } from "../../shared/lessons/series-change.rules";
import { createWaitlistEntry } from "../../../tests/factories/waitlist";
import { bookings, bookingSlots, calendarEvents, teacherTimeOff, waitlistOffers } from "../db/schema";
import { JOB_KINDS } from "../job-kinds";
import { runDueJobs } from "../jobs/job-runner";
import { changeSeriesFrom } from "./series-change.service";

const t = testAppForFile();
const family = (firstName?: string) => signedInFamily(t, firstName);
const teacherOf = (noticeHours?: number) => signedInNewYorkTeacher(t, noticeHours);
const NY = "America/New_York";
const DAY = 86_400_000;
const WEDNESDAY = 3;

/** Days from today (New York) to the first Thursday at least `min` days ahead. */
function thursdayAhead(min: number): number {
  const today = localDateTime(new Date(), NY).date;
  const dow = localDayOfWeek(today);
  return min + ((4 - ((dow + min) % 7) + 7) % 7);
}

/** `weeks` accepted weekly Thursday lessons at 10:00 New York, the first at least 8 days ahead. */
async function thursdaySeries(teacher: { teacherId: string }, parent: { parentId: string; studentIds: string[] }, weeks: number, firstMin = 8) {
  const first = thursdayAhead(firstMin);
  const starts = Array.from({ length: weeks }, (_, w) => newYorkTime(first + 7 * w, 10));
  const series = await createSeries(t.deps, { teacherId: teacher.teacherId, parentId: parent.parentId, studentId: parent.studentIds[0]!, starts });
  return { ...series, starts, first };
}

const preview = (cookie: string | undefined, bookingId: string, body: Record<string, unknown>) =>
  send(t, "POST", `/api/lessons/${bookingId}/change-series/preview`, { cookie, body });
const change = (cookie: string | undefined, bookingId: string, body: Record<string, unknown>) =>
  send(t, "POST", `/api/lessons/${bookingId}/change-series`, { cookie, body });

async function lessonsState(ids: string[]) {
  const rows = await t.deps.db
    .select({ id: bookings.id, status: bookings.status, priceCents: bookings.priceCents, format: bookings.format, startsAt: bookingSlots.startsAt, slotStatus: bookingSlots.status })
    .from(bookings)
    .innerJoin(bookingSlots, eq(bookingSlots.id, bookings.slotId))
    .where(inArray(bookings.id, ids));
  return ids.map((id) => rows.find((r) => r.id === id)!);
}

describe("a series changed from its fifth lesson on to another weekday", () => {
  it("moves the 5th and later lessons to Wednesdays 14:00, keeps the price, frees the old times, emails both sides once", async () => {
    const [teacher, parent, other] = await Promise.all([teacherOf(), family(), family()]);
    const { bookingIds, starts, first } = await thursdaySeries(teacher, parent, 7);
    const before = await lessonsState(bookingIds);

    const seen = await preview(parent.cookie, bookingIds[4]!, { weekday: WEDNESDAY, time: "14:00" });
    expect(seen.status, seen.text).toBe(200);
    const weeks = (seen.json.preview as SeriesChangePreviewDTO).weeks;
    const wanted = [4, 5, 6].map((w) => newYorkTime(first + 7 * w - 1, 14));
    expect(weeks.map((w) => [w.bookingId, w.from, w.startsAt, w.problem])).toEqual(
      [4, 5, 6].map((w, i) => [bookingIds[w], starts[w]!.toISOString(), wanted[i]!.toISOString(), null]),
    );
    expect((seen.json.preview as SeriesChangePreviewDTO).timeZone).toBe(NY);

    const res = await change(parent.cookie, bookingIds[4]!, { weekday: WEDNESDAY, time: "14:00" });
    expect(res.status, res.text).toBe(200);
    expect((res.json.lessons as LessonDTO[]).map((l) => l.startsAt)).toEqual(wanted.map((d) => d.toISOString()));
    const after = await lessonsState(bookingIds);
    // The first four are untouched; the rest moved, still accepted, at the price agreed.
    expect(after.slice(0, 4)).toEqual(before.slice(0, 4));
    expect(after.slice(4).map((l) => l.startsAt)).toEqual(wanted);
    expect(after.map((l) => [l.status, l.priceCents, l.slotStatus])).toEqual(before.map((l) => [l.status, l.priceCents, "booked"]));
    const events = await t.deps.db
      .select({ startsAt: calendarEvents.startsAt })
      .from(calendarEvents)
      .where(and(inArray(calendarEvents.bookingId, bookingIds.slice(4)), eq(calendarEvents.eventType, "lesson")));
    expect(events.map((e) => e.startsAt).sort((a, b) => a.getTime() - b.getTime())).toEqual(wanted);
    // The old slots are released ...
    const old = await t.deps.db
      .select({ status: bookingSlots.status })
      .from(bookingSlots)
      .where(and(eq(bookingSlots.teacherId, teacher.teacherId), inArray(bookingSlots.startsAt, starts.slice(4))));
    expect(old.map((s) => s.status)).toEqual(["released", "released", "released"]);
    // ... and bookable again by another family.
    const again = await send(t, "POST", "/api/bookings", {
      cookie: other.cookie,
      body: { teacherId: teacher.teacherId, studentId: other.studentIds[0], bookingType: "full", format: "in_person", startTimes: [starts[4]!.toISOString()] },
    });
    expect(again.status, again.text).toBe(201);
    // One email to each side, listing the three new dates (on each reader's clock) and the old ones.
    for (const email of [teacher.email, parent.email]) {
      const { mail } = await lastMail(t, email, "series-changed");
      expect(mail.subject).toContain("3 lessons with");
      expect(mail.textBody.match(/^ {2}- .* \(was .*\)$/gm)?.length).toBe(3);
      expect(mail.textBody).toContain("Wednesday");
    }
    expect((await lastMail(t, parent.email, "series-changed")).mail.textBody).toContain("You changed the weekly lessons");
  });

  it("checks every week: one taken week and a day off refuse the whole change with the list, and nothing changes", async () => {
    const [teacher, parent, other] = await Promise.all([teacherOf(), family(), family()]);
    const { bookingIds, first } = await thursdaySeries(teacher, parent, 7);
    // Another family's lesson on the 6th week's new time, and the teacher away on the 7th week's Wednesday.
    const takenAt = newYorkTime(first + 7 * 5 - 1, 14);
    await createBooking(t.deps, { teacherId: teacher.teacherId, parentId: other.parentId, studentId: other.studentIds[0]!, status: "accepted", startsAt: takenAt });
    const awayDate = localDateTime(newYorkTime(first + 7 * 6 - 1, 14), NY).date;
    await t.deps.db.insert(teacherTimeOff).values({ teacherId: teacher.teacherId, startDate: awayDate, endDate: awayDate });

    const seen = await preview(teacher.cookie, bookingIds[4]!, { weekday: WEDNESDAY, time: "14:00" });
    expect(seen.status, seen.text).toBe(200);
    expect((seen.json.preview as SeriesChangePreviewDTO).weeks.map((w) => w.problem)).toEqual([null, "taken", "time_off"]);

    const before = await tableCounts(t);
    const state = await lessonsState(bookingIds);
    const res = await change(teacher.cookie, bookingIds[4]!, { weekday: WEDNESDAY, time: "14:00" });
    expect(res.status).toBe(409);
    expect(res.json.error.reason).toBe("times_unavailable");
    expect(res.json.error.message).toBe(seriesWeeksTakenMessage(2, 3));
    const listed = res.json.error.details.unavailable as { startsAt: string; reason: string }[];
    expect(listed.map((u) => u.reason)).toEqual(["taken", "time_off"]);
    expect(listed[0]!.startsAt).toBe(takenAt.toISOString());
    expect(await tableCounts(t)).toEqual(before);
    expect(await lessonsState(bookingIds)).toEqual(state);
  });

  it("returns the freed intervals for the waitlist; a same-time change is refused; another format is a change", async () => {
    const [teacher, parent] = await Promise.all([teacherOf(), family()]);
    const { bookingIds, starts } = await thursdaySeries(teacher, parent, 3);
    const unchanged = await change(teacher.cookie, bookingIds[1]!, { weekday: 4, time: "10:00" });
    expect(unchanged.status).toBe(400);
    expect(unchanged.json.error.message).toBe(SERIES_UNCHANGED_MESSAGE);
    const result = await changeSeriesFrom(t.deps, teacher.userId, bookingIds[1]!, { weekday: 4, time: "11:00" });
    expect(result.teacherId).toBe(teacher.teacherId);
    expect(result.freed).toEqual(starts.slice(1).map((s) => ({ startsAt: s, endsAt: new Date(s.getTime() + 3_600_000) })));
    // The lessons were online (the factory's); the teacher's hours offer both, so in person is a change of its own.
    const inPerson = await change(teacher.cookie, bookingIds[1]!, { weekday: 4, time: "11:00", format: "in_person" });
    expect(inPerson.status, inPerson.text).toBe(200);
    expect((await lessonsState(bookingIds)).map((l) => l.format)).toEqual(["online", "in_person", "in_person"]);
  });
});

describe("the old times of a changed series", () => {
  it("are offered to a family waiting for them", async () => {
    const [teacher, parent, waiting] = await Promise.all([teacherOf(), family(), family()]);
    const { bookingIds, starts } = await thursdaySeries(teacher, parent, 3);
    // Thursdays 09:00-12:00 on the waiting family's clock (New York, as the teacher's).
    await createWaitlistEntry(t.deps, {
      teacherId: teacher.teacherId,
      parentId: waiting.parentId,
      studentId: waiting.studentIds[0]!,
      windows: [{ dayOfWeek: 4, startTime: "09:00", endTime: "12:00" }],
      timeZone: NY,
    });
    const moved = await change(teacher.cookie, bookingIds[1]!, { weekday: WEDNESDAY, time: "14:00" });
    expect(moved.status, moved.text).toBe(200);
    await runDueJobs(t.deps, { kinds: JOB_KINDS, sweeps: [], now: new Date() });
    const offers = await t.deps.db.select({ startsAt: waitlistOffers.startsAt, status: waitlistOffers.status }).from(waitlistOffers).where(eq(waitlistOffers.parentId, waiting.parentId));
    // The family is offered the first freed Thursday (one offer at a time), not the unmoved first lesson's.
    expect(offers).toEqual([{ startsAt: starts[1], status: "open" }]);
  });
});

describe("who may change a series, and when", () => {
  it("strangers get 404, a signed-out caller 401, bad input 400, and nothing changes", async () => {
    const [teacher, parent, otherParent, otherTeacher] = await Promise.all([teacherOf(), family(), family(), teacherOf()]);
    const { bookingIds } = await thursdaySeries(teacher, parent, 3);
    const body = { weekday: WEDNESDAY, time: "14:00" };
    const before = await tableCounts(t);
    for (const call of [preview, change]) {
      expect((await call(otherParent.cookie, bookingIds[0]!, body)).status).toBe(404);
      expect((await call(otherTeacher.cookie, bookingIds[0]!, body)).status).toBe(404);
      expect((await call(undefined, bookingIds[0]!, body)).status).toBe(401);
      expect((await call(parent.cookie, "not-a-uuid", body)).status).toBe(404);
      const bad = await call(parent.cookie, bookingIds[0]!, { weekday: 9, time: "14:00" });
      expect(bad.status).toBe(400);
      expect(bad.json.error.message).toBe(SERIES_WEEKDAY_MESSAGE);
      expect((await call(parent.cookie, bookingIds[0]!, { weekday: 3, time: "2pm" })).status).toBe(400);
      expect((await call(parent.cookie, bookingIds[0]!, { weekday: 3, time: "14:00", format: "flexible" })).status).toBe(400);
    }
    expect(await tableCounts(t)).toEqual(before);
  });

  it("a lesson not in a series, a started lesson and a parent inside the notice window are refused (409)", async () => {
    const [teacher, parent] = await Promise.all([teacherOf(), family()]);
    const single = await createBooking(t.deps, { teacherId: teacher.teacherId, parentId: parent.parentId, studentId: parent.studentIds[0]!, status: "accepted", startsAt: newYorkTime(9, 10) });
    const alone = await change(parent.cookie, single.bookingId, { weekday: WEDNESDAY, time: "14:00" });
    expect(alone.status).toBe(409);
    expect(alone.json.error.message).toBe(NOT_IN_SERIES_MESSAGE);

    // A series whose lesson started an hour ago (past), and one starting in 3 hours (inside 24 h notice).
    const startedAt = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 - 3_600_000);
    const started = await createSeries(t.deps, { teacherId: teacher.teacherId, parentId: parent.parentId, studentId: parent.studentIds[0]!, starts: [startedAt, new Date(startedAt.getTime() + 7 * DAY)] });
    const past = await change(teacher.cookie, started.bookingIds[0]!, { weekday: WEDNESDAY, time: "14:00" });
    expect(past.status).toBe(409);
    expect(past.json.error.message).toBe(LESSON_STARTED_MESSAGE);
    const soonAt = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 3 * 3_600_000);
    const soon = await createSeries(t.deps, { teacherId: teacher.teacherId, parentId: parent.parentId, studentId: parent.studentIds[0]!, starts: [soonAt, new Date(soonAt.getTime() + 7 * DAY)] });
    const late = await preview(parent.cookie, soon.bookingIds[0]!, { weekday: WEDNESDAY, time: "14:00" });
    expect(late.status).toBe(409);
    expect(late.json.error.message).toBe(LATE_RESCHEDULE_MESSAGE);
    // The parent may still change from the next week on.
    expect((await preview(parent.cookie, soon.bookingIds[1]!, { weekday: WEDNESDAY, time: "14:00" })).status).toBe(200);
  });
});

describe("races", () => {
  it("a series change and another family's request for one of its new times: one wins, no overlap, never a 500", async () => {
    const [teacher, parent, other] = await Promise.all([teacherOf(), family(), family()]);
    const { bookingIds, first } = await thursdaySeries(teacher, parent, 4);
    const contested = newYorkTime(first + 7 * 2 - 1, 14);
    const [moved, booked] = await Promise.all([
      change(parent.cookie, bookingIds[1]!, { weekday: WEDNESDAY, time: "14:00" }),
      send(t, "POST", "/api/bookings", {
        cookie: other.cookie,
        body: { teacherId: teacher.teacherId, studentId: other.studentIds[0], bookingType: "full", format: "in_person", startTimes: [contested.toISOString()] },
      }),
    ]);
    expect([moved.status, booked.status].sort()).toEqual(moved.status === 200 ? [200, 409] : [201, 409]);
    const live = await t.deps.db
      .select({ startsAt: bookingSlots.startsAt })
      .from(bookingSlots)
      .where(and(eq(bookingSlots.teacherId, teacher.teacherId), eq(bookingSlots.status, "booked"), eq(bookingSlots.startsAt, contested)));
    expect(live.length).toBe(1);
  });

  it("both sides changing the same series at once: applied one after the other, every lesson on one booked slot, never a 500", async () => {
    const [teacher, parent] = await Promise.all([teacherOf(), family()]);
    const { bookingIds } = await thursdaySeries(teacher, parent, 4);
    const results = await Promise.all([
      change(parent.cookie, bookingIds[1]!, { weekday: WEDNESDAY, time: "14:00" }),
      change(teacher.cookie, bookingIds[1]!, { weekday: 2, time: "13:00" }),
    ]);
    for (const res of results) expect([200, 409], res.text).toContain(res.status);
    expect(results.some((r) => r.status === 200)).toBe(true);
    const state = await lessonsState(bookingIds);
    expect(state.map((l) => l.slotStatus)).toEqual(["booked", "booked", "booked", "booked"]);
    // The last three all moved by the same change: one weekday and clock for all of them.
    const moved = state.slice(1).map((l) => localDateTime(l.startsAt, NY).time + " " + localDayOfWeek(localDateTime(l.startsAt, NY).date));
    expect(new Set(moved).size).toBe(1);
    expect(["14:00 3", "13:00 2"]).toContain(moved[0]);
    const booked = await t.deps.db
      .select({ id: bookingSlots.id })
      .from(bookingSlots)
      .where(and(eq(bookingSlots.teacherId, teacher.teacherId), eq(bookingSlots.status, "booked")));
    expect(booked.length).toBe(4);
  });
});
