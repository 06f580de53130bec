import { count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { book, newParent, newYorkTeacher, slotsOf } from "../../../tests/fixtures/booking";
import { send } from "../../../tests/fixtures/http";
import { lastMail } from "../../../tests/fixtures/outbox";
import { createTestApp, type TestApp } from "../../../tests/fixtures/test-app";
import { tableCounts } from "../../../tests/api/world";
import { BROKEN_TEXT, EXTREME_DATES } from "../../../tests/api/extreme-values";
import {
  SERIES_FULL_ONLY_MESSAGE,
  SERIES_ONE_TIME_MESSAGE,
  SERIES_TOO_FEW_LEFT_MESSAGE,
  SKIP_NOT_IN_SERIES_MESSAGE,
  SKIP_WITHOUT_SERIES_MESSAGE,
  someUnavailableMessage,
  type BookingRequestDTO,
} from "../../shared/booking/booking.schemas";
import { localDateTime } from "../../shared/calendar/calendar-views.rules";
import { expandWeeklySeriesFrom, SERIES_TOO_LONG_MESSAGE, SERIES_WEEKS_MESSAGE } from "../../shared/lessons/series.rules";
import { bookings, bookingSlots, calendarEvents, lessonSeries } from "../db/schema";

let t: TestApp;
beforeAll(async () => {
  // On PostgreSQL as many connections as production's pool, so the race below really races.
  t = await createTestApp({}, { poolMax: 10 });
});
afterAll(() => t.close());

const NY = "America/New_York";

/** 10:00 New York time on the third open day of next month: the first lesson of a series. */
async function firstLesson(teacherId: string): Promise<string> {
  const day = Object.values((await slotsOf(t, teacherId, "full")).days)[2]!;
  return day[1]!.startsAt;
}

function weeksFrom(first: string, weeks: number): string[] {
  const series = expandWeeklySeriesFrom({ firstStartsAt: new Date(first), durationMinutes: 60, timeZone: NY, repeat: { weeks } });
  if (!series.ok) throw new Error(series.message);
  return series.occurrences.map((o) => o.startsAt.toISOString());
}

async function seriesRows(seriesId: string) {
  return t.deps.db
    .select({ status: bookings.status, startsAt: bookingSlots.startsAt, slotStatus: bookingSlots.status })
    .from(bookings)
    .innerJoin(bookingSlots, eq(bookingSlots.id, bookings.slotId))
    .where(eq(bookings.seriesId, seriesId))
    .orderBy(bookingSlots.startsAt);
}

describe("weekly series requests", () => {
  it("refuses a 26-week series whole when week 17 is taken, listing it, and stores nothing; skipping it books the other 25", async () => {
    const teacher = await newYorkTeacher(t);
    const [other, parent] = [await newParent(t), await newParent(t)];
    const first = await firstLesson(teacher.teacherId);
    const weeks = weeksFrom(first, 26);
    expect((await book(t, other, teacher.teacherId, [weeks[16]!])).status).toBe(201);

    const before = await tableCounts(t);
    const refused = await book(t, parent, teacher.teacherId, [first], "full", { repeat: { weeks: 26 } });
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toBe(someUnavailableMessage(1, 26));
    expect(refused.json.error.details).toEqual({ unavailable: [{ startsAt: weeks[16], reason: "taken" }] });
    expect(await tableCounts(t)).toEqual(before);

    const res = await book(t, parent, teacher.teacherId, [first], "full", { repeat: { weeks: 26 }, skip: [weeks[16]] });
    expect(res.status).toBe(201);
    const created = res.json.bookings as BookingRequestDTO[];
    expect(created.map((b) => b.startsAt)).toEqual(weeks.filter((_, i) => i !== 16));
    const seriesId = created[0]!.seriesId!;
    expect(created.every((b) => b.seriesId === seriesId && b.status === "pending")).toBe(true);
    const [series] = await t.deps.db.select().from(lessonSeries).where(eq(lessonSeries.id, seriesId));
    expect(series).toMatchObject({ teacherId: teacher.teacherId, parentId: parent.parentId, lessonCount: 25 });
    // Across the March change of clocks every lesson is still at 10:00 in New York.
    expect(new Set(created.map((b) => localDateTime(b.startsAt, NY).time))).toEqual(new Set(["10:00"]));
    expect(new Set(created.map((b) => new Date(b.startsAt).getUTCHours())).size).toBe(2);
    const mail = await lastMail(t, teacher.email, "booking-requested");
    expect(mail.mail.textBody).toContain("25 weekly lessons");
  });

  it("runs until a date, inclusive, and closes the series' times in the slots", async () => {
    const teacher = await newYorkTeacher(t);
    const parent = await newParent(t);
    const first = await firstLesson(teacher.teacherId);
    const weeks = weeksFrom(first, 4);
    const until = localDateTime(weeks[3]!, NY).date;
    const res = await book(t, parent, teacher.teacherId, [first], "full", { repeat: { until } });
    expect(res.status).toBe(201);
    expect((res.json.bookings as BookingRequestDTO[]).map((b) => b.startsAt)).toEqual(weeks);
    const again = await book(t, await newParent(t), teacher.teacherId, [weeks[1]!]);
    expect(again.status).toBe(409);
  });

  it("is accepted as a whole: every lesson accepted with its own calendar event, one email", async () => {
    const teacher = await newYorkTeacher(t);
    const parent = await newParent(t);
    const res = await book(t, parent, teacher.teacherId, [await firstLesson(teacher.teacherId)], "full", { repeat: { weeks: 8 } });
    const created = res.json.bookings as BookingRequestDTO[];
    const listed = (await send(t, "GET", "/api/bookings/requests", { cookie: teacher.cookie })).json.bookings as BookingRequestDTO[];
    expect(listed.filter((b) => b.seriesId === created[0]!.seriesId)).toHaveLength(8);

    // Any lesson of the series decides all of it.
    const accept = await send(t, "POST", `/api/bookings/${created[3]!.id}/accept`, { cookie: teacher.cookie });
    expect(accept.status).toBe(200);
    expect((accept.json.bookings as BookingRequestDTO[]).map((b) => [b.id, b.status])).toEqual(created.map((b) => [b.id, "accepted"]));
    const events = await t.deps.db
      .select({ bookingId: calendarEvents.bookingId, startsAt: calendarEvents.startsAt })
      .from(calendarEvents)
      .where(inArray(calendarEvents.bookingId, created.map((b) => b.id)));
    expect(events.map((e) => e.startsAt.toISOString()).sort()).toEqual(created.map((b) => b.startsAt));
    const mail = await lastMail(t, parent.email, "booking-accepted");
    expect(mail.mail.subject).toContain("8 weekly lessons");
    const twice = await send(t, "POST", `/api/bookings/${created[0]!.id}/decline`, { cookie: teacher.cookie });
    expect(twice.status).toBe(409);
  });

  it("is declined as a whole: every time is free again", async () => {
    const teacher = await newYorkTeacher(t);
    const parent = await newParent(t);
    const first = await firstLesson(teacher.teacherId);
    const res = await book(t, parent, teacher.teacherId, [first], "full", { repeat: { weeks: 3 } });
    const created = res.json.bookings as BookingRequestDTO[];
    expect((await send(t, "POST", `/api/bookings/${created[0]!.id}/decline`, { cookie: teacher.cookie })).status).toBe(200);
    expect((await seriesRows(created[0]!.seriesId!)).map((r) => [r.status, r.slotStatus])).toEqual(Array(3).fill(["declined", "released"]));
    expect((await book(t, await newParent(t), teacher.teacherId, [first], "full", { repeat: { weeks: 3 } })).status).toBe(201);
  });

  it("refuses what a series cannot be, with a message for the field", async () => {
    const teacher = await newYorkTeacher(t);
    const parent = await newParent(t);
    const first = await firstLesson(teacher.teacherId);
    const weeks = weeksFrom(first, 3);
    const cases: [unknown[], Record<string, unknown>, string, string][] = [
      [[first], { repeat: { weeks: 3 } }, "intro", SERIES_FULL_ONLY_MESSAGE],
      [[first, weeks[1]], { repeat: { weeks: 3 } }, "full", SERIES_ONE_TIME_MESSAGE],
      [[first], { skip: [weeks[1]] }, "full", SKIP_WITHOUT_SERIES_MESSAGE],
      [[first], { repeat: { weeks: 27 } }, "full", SERIES_WEEKS_MESSAGE],
      [[first], { repeat: { weeks: 1 } }, "full", SERIES_WEEKS_MESSAGE],
      [[first], { repeat: { until: "2099-01-01" } }, "full", SERIES_TOO_LONG_MESSAGE],
      [[first], { repeat: { weeks: 3 }, skip: [new Date(new Date(first).getTime() + 3_600_000).toISOString()] }, "full", SKIP_NOT_IN_SERIES_MESSAGE],
      [[first], { repeat: { weeks: 3 }, skip: [weeks[0], weeks[1]] }, "full", SERIES_TOO_FEW_LEFT_MESSAGE],
    ];
    const before = await tableCounts(t);
    for (const [startTimes, extra, type, message] of cases) {
      const res = await book(t, parent, teacher.teacherId, startTimes as string[], type, extra);
      expect([res.status, res.json.error.message]).toEqual([400, message]);
    }
    expect(await tableCounts(t)).toEqual(before);
  });
});

describe("bad input in the series fields", () => {
  it("answers every malformed repeat or skip with a 4xx and a message, and stores nothing", async () => {
    const teacher = await newYorkTeacher(t);
    const parent = await newParent(t);
    const first = await firstLesson(teacher.teacherId);
    const wrong: unknown[] = [12345, true, null, "weekly", [], "x".repeat(100_000)];
    const variants: Record<string, unknown>[] = [
      ...wrong.map((repeat) => ({ repeat })),
      ...wrong.map((weeks) => ({ repeat: { weeks } })),
      ...[...wrong, ...EXTREME_DATES, ...BROKEN_TEXT].map((until) => ({ repeat: { until } })),
      ...[12345, true, "x", {}, [12345], [null], ...EXTREME_DATES.map((d) => [d]), ...BROKEN_TEXT.map((d) => [d]), Array(27).fill(first)].map((skip) => ({
        repeat: { weeks: 3 },
        skip,
      })),
      { repeat: { weeks: 0 } },
      { repeat: { weeks: -3 } },
      { repeat: { weeks: 1e308 } },
    ];
    const before = await tableCounts(t);
    for (const extra of variants) {
      const res = await book(t, parent, teacher.teacherId, [first], "full", extra);
      const label = JSON.stringify(extra).slice(0, 120);
      expect(res.status, label).toBeGreaterThanOrEqual(400);
      expect(res.status, label).toBeLessThan(500);
      expect(res.json.error.message, label).toEqual(expect.any(String));
    }
    expect(await tableCounts(t)).toEqual(before);
  });
});

describe("concurrency: overlapping series", () => {
  it("20 series requests that all hold one week: exactly one wins, the others 409, never a 5xx", async () => {
    const teacher = await newYorkTeacher(t);
    const parents = [];
    for (let i = 0; i < 20; i++) parents.push(await newParent(t));
    const weeks = weeksFrom(await firstLesson(teacher.teacherId), 4);
    // Starting in weeks 1-4 with 4 lessons each, every request includes week 4.
    const answers = await Promise.all(parents.map((p, i) => book(t, p, teacher.teacherId, [weeks[i % 4]!], "full", { repeat: { weeks: 4 } })));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, ...Array(19).fill(409)]);
    const [row] = await t.deps.db
      .select({ n: count() })
      .from(bookingSlots)
      .where(eq(bookingSlots.teacherId, teacher.teacherId));
    expect(row!.n).toBe(4);
  });
});
