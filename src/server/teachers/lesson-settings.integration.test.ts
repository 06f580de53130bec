import { describe, expect, it } from "vitest";
import { book, newParent, newYorkTeacher, slotsOf } from "../../../tests/fixtures/booking";
import { send } from "../../../tests/fixtures/http";
import { testAppForFile } from "../../../tests/fixtures/test-app";
import { NOTICE_HOURS_MESSAGE } from "../../shared/lessons/cancellation.rules";
import { LEAD_HOURS_MESSAGE } from "../../shared/booking/lead-time.rules";
import { BUFFER_MESSAGE, TIME_OFF_LENGTH_MESSAGE, TIME_OFF_ORDER_MESSAGE } from "../../shared/lessons/time-off.rules";
import {
  MAX_TIME_OFF_RANGES,
  TIME_OFF_NOT_FOUND_MESSAGE,
  TIME_OFF_PAST_MESSAGE,
  TOO_MANY_TIME_OFF_MESSAGE,
  type LessonSettingsDTO,
} from "../../shared/teachers/lesson-settings.schemas";
import { teacherTimeOff } from "../db/schema";

const t = testAppForFile();

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const settingsOf = async (cookie: string) => (await send(t, "GET", "/api/teachers/me/lesson-settings", { cookie })).json as LessonSettingsDTO;

describe("lesson settings", () => {
  it("start at 24 hours' notice, no buffer and a 12-hour lead time, and save all three", async () => {
    const teacher = await newYorkTeacher(t);
    expect(await settingsOf(teacher.cookie)).toEqual({ noticeHours: 24, bufferMinutes: 0, leadHours: 12, timeZone: "America/New_York", timeOff: [] });
    const saved = await send(t, "PUT", "/api/teachers/me/lesson-settings", {
      cookie: teacher.cookie,
      body: { noticeHours: 168, bufferMinutes: 30, leadHours: 72 },
    });
    expect(saved.json).toMatchObject({ noticeHours: 168, bufferMinutes: 30, leadHours: 72 });
    expect(await settingsOf(teacher.cookie)).toMatchObject({ noticeHours: 168, bufferMinutes: 30, leadHours: 72 });
    const zero = await send(t, "PUT", "/api/teachers/me/lesson-settings", { cookie: teacher.cookie, body: { noticeHours: 0, bufferMinutes: 0, leadHours: 0 } });
    expect(zero.status).toBe(200);
    expect(await settingsOf(teacher.cookie)).toMatchObject({ noticeHours: 0, bufferMinutes: 0, leadHours: 0 });
  });

  it.each([
    [{ noticeHours: 169, bufferMinutes: 0, leadHours: 12 }, "noticeHours", NOTICE_HOURS_MESSAGE],
    [{ noticeHours: -1, bufferMinutes: 0, leadHours: 12 }, "noticeHours", NOTICE_HOURS_MESSAGE],
    [{ noticeHours: 1.5, bufferMinutes: 0, leadHours: 12 }, "noticeHours", NOTICE_HOURS_MESSAGE],
    [{ noticeHours: 24, bufferMinutes: 31, leadHours: 12 }, "bufferMinutes", BUFFER_MESSAGE],
    [{ noticeHours: 24, bufferMinutes: "10", leadHours: 12 }, "bufferMinutes", BUFFER_MESSAGE],
    [{ noticeHours: 24, leadHours: 12 }, "bufferMinutes", BUFFER_MESSAGE],
    [{ noticeHours: 24, bufferMinutes: 0, leadHours: 73 }, "leadHours", LEAD_HOURS_MESSAGE],
    [{ noticeHours: 24, bufferMinutes: 0, leadHours: -1 }, "leadHours", LEAD_HOURS_MESSAGE],
    [{ noticeHours: 24, bufferMinutes: 0, leadHours: 0.5 }, "leadHours", LEAD_HOURS_MESSAGE],
    [{ noticeHours: 24, bufferMinutes: 0, leadHours: "12" }, "leadHours", LEAD_HOURS_MESSAGE],
    [{ noticeHours: 24, bufferMinutes: 0 }, "leadHours", LEAD_HOURS_MESSAGE],
  ])("refuses %o with a message for %s", async (body, field, message) => {
    const teacher = await newYorkTeacher(t);
    const res = await send(t, "PUT", "/api/teachers/me/lesson-settings", { cookie: teacher.cookie, body });
    expect(res.status).toBe(400);
    expect(res.json.error.fields[field]).toBe(message);
    expect(await settingsOf(teacher.cookie)).toMatchObject({ noticeHours: 24, bufferMinutes: 0, leadHours: 12 });
  });
});

describe("time off", () => {
  it("adds, lists (earliest first, past ranges hidden) and deletes ranges, only the teacher's own", async () => {
    const teacher = await newYorkTeacher(t);
    const other = await newYorkTeacher(t);
    const later = await send(t, "POST", "/api/teachers/me/time-off", { cookie: teacher.cookie, body: { startDate: day(40), endDate: day(45), note: "Summer" } });
    const sooner = await send(t, "POST", "/api/teachers/me/time-off", { cookie: teacher.cookie, body: { startDate: day(10), endDate: day(10) } });
    expect([later.status, sooner.status]).toEqual([201, 201]);
    expect(later.json).toMatchObject({ timeOff: { startDate: day(40), endDate: day(45), note: "Summer" }, bookedLessons: 0 });
    // A range that has already ended (written directly) is history, not listed.
    await t.deps.db.insert(teacherTimeOff).values({ teacherId: teacher.teacherId, startDate: "2020-01-01", endDate: "2020-01-05" });
    expect((await settingsOf(teacher.cookie)).timeOff.map((r) => [r.startDate, r.note])).toEqual([
      [day(10), null],
      [day(40), "Summer"],
    ]);

    const stranger = await send(t, "DELETE", `/api/teachers/me/time-off/${later.json.timeOff.id}`, { cookie: other.cookie });
    expect([stranger.status, stranger.json.error.message]).toEqual([404, TIME_OFF_NOT_FOUND_MESSAGE]);
    expect((await send(t, "DELETE", `/api/teachers/me/time-off/${later.json.timeOff.id}`, { cookie: teacher.cookie })).status).toBe(200);
    expect((await send(t, "DELETE", `/api/teachers/me/time-off/${later.json.timeOff.id}`, { cookie: teacher.cookie })).status).toBe(404);
    expect((await send(t, "DELETE", "/api/teachers/me/time-off/not-an-id", { cookie: teacher.cookie })).status).toBe(404);
    expect((await settingsOf(teacher.cookie)).timeOff).toHaveLength(1);
  });

  it("counts the lessons already booked on the new days off (they stay booked)", async () => {
    const teacher = await newYorkTeacher(t);
    const parent = await newParent(t);
    const [date, slots] = Object.entries((await slotsOf(t, teacher.teacherId, "full")).days)[5]!;
    expect((await book(t, parent, teacher.teacherId, [slots[0]!.startsAt, slots[4]!.startsAt])).status).toBe(201);
    const res = await send(t, "POST", "/api/teachers/me/time-off", { cookie: teacher.cookie, body: { startDate: date, endDate: date } });
    expect(res.json.bookedLessons).toBe(2);
  });

  it.each([
    [{ startDate: day(5), endDate: day(4) }, "endDate", TIME_OFF_ORDER_MESSAGE],
    [{ startDate: day(5), endDate: day(5 + 366) }, "endDate", TIME_OFF_LENGTH_MESSAGE],
    [{ startDate: day(-10), endDate: day(-3) }, "endDate", TIME_OFF_PAST_MESSAGE],
    [{ startDate: "2026-02-30", endDate: day(3) }, "startDate", "First day off must be a date like 2026-12-24"],
    [{ endDate: day(3) }, "startDate", "First day off is required"],
  ])("refuses %o with a message for %s", async (body, field, message) => {
    const teacher = await newYorkTeacher(t);
    const res = await send(t, "POST", "/api/teachers/me/time-off", { cookie: teacher.cookie, body });
    expect(res.status).toBe(400);
    expect(res.json.error.fields[field]).toBe(message);
    expect((await settingsOf(teacher.cookie)).timeOff).toEqual([]);
  });

  it(`keeps at most ${MAX_TIME_OFF_RANGES} ranges ahead`, async () => {
    const teacher = await newYorkTeacher(t);
    await t.deps.db
      .insert(teacherTimeOff)
      .values(Array.from({ length: MAX_TIME_OFF_RANGES }, (_, i) => ({ teacherId: teacher.teacherId, startDate: day(10 + i), endDate: day(10 + i) })));
    const res = await send(t, "POST", "/api/teachers/me/time-off", { cookie: teacher.cookie, body: { startDate: day(100), endDate: day(100) } });
    expect([res.status, res.json.error.message]).toEqual([409, TOO_MANY_TIME_OFF_MESSAGE]);
  });
});
