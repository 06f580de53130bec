import { describe, expect, it } from "vitest";
import { book, newParent, newYorkTeacher, slotsOf } from "../../../tests/fixtures/booking";
import { send } from "../../../tests/fixtures/http";
import { testAppForFile } from "../../../tests/fixtures/test-app";
import { tableCounts } from "../../../tests/api/world";
import { BUFFER_CONFLICT_MESSAGE, someUnavailableMessage, TIME_OFF_MESSAGE, unavailableDetailsSchema } from "../../shared/booking/booking.schemas";
import { localDateTime } from "../../shared/calendar/calendar-views.rules";

const t = testAppForFile();

const NY = "America/New_York";
const at = (iso: string, minutes: number) => new Date(new Date(iso).getTime() + minutes * 60_000).toISOString();

async function setLessonRules(cookie: string, rules: { noticeHours?: number; bufferMinutes: number }) {
  const res = await send(t, "PUT", "/api/teachers/me/lesson-settings", { cookie, body: { noticeHours: 24, leadHours: 12, ...rules } });
  expect(res.status).toBe(200);
}

describe("days off", () => {
  it("closes those days in the slots, and the server refuses them even when the browser sends them", async () => {
    const teacher = await newYorkTeacher(t);
    const parent = await newParent(t);
    const days = Object.entries((await slotsOf(t, teacher.teacherId, "full")).days);
    const [offDay, offSlots] = days[4]!;
    const [nextDay] = days[6]!;
    const added = await send(t, "POST", "/api/teachers/me/time-off", {
      cookie: teacher.cookie,
      body: { startDate: offDay, endDate: days[5]![0], note: "Holiday" },
    });
    expect(added.status).toBe(201);

    const after = (await slotsOf(t, teacher.teacherId, "full")).days;
    expect(after[offDay]).toBeUndefined();
    expect(after[days[5]![0]]).toBeUndefined();
    expect(after[nextDay]).toHaveLength(8);

    const before = await tableCounts(t);
    const single = await book(t, parent, teacher.teacherId, [offSlots[2]!.startsAt]);
    expect([single.status, single.json.error.message]).toEqual([409, TIME_OFF_MESSAGE]);
    expect(single.json.error.details).toEqual({ unavailable: [{ startsAt: offSlots[2]!.startsAt, reason: "time_off" }] });
    expect(await tableCounts(t)).toEqual(before);

    // Deleting the range opens the days again.
    const removed = await send(t, "DELETE", `/api/teachers/me/time-off/${added.json.timeOff.id}`, { cookie: teacher.cookie });
    expect(removed.status).toBe(200);
    expect((await slotsOf(t, teacher.teacherId, "full")).days[offDay]).toHaveLength(8);
  });

  it("refuses every week of a series that falls on a day off, and books the rest when they are skipped", async () => {
    const teacher = await newYorkTeacher(t);
    const parent = await newParent(t);
    const days = Object.entries((await slotsOf(t, teacher.teacherId, "full")).days);
    const first = days[0]![1][3]!.startsAt;
    const secondWeek = at(first, 7 * 24 * 60);
    const secondDate = localDateTime(secondWeek, NY).date;
    expect((await send(t, "POST", "/api/teachers/me/time-off", { cookie: teacher.cookie, body: { startDate: secondDate, endDate: secondDate } })).status).toBe(201);
    const before = await tableCounts(t);
    const refused = await book(t, parent, teacher.teacherId, [first], "full", { repeat: { weeks: 3 } });
    expect([refused.status, refused.json.error.message]).toEqual([409, someUnavailableMessage(1, 3)]);
    const { unavailable } = unavailableDetailsSchema.parse(refused.json.error.details);
    expect(unavailable.map((u) => u.reason)).toEqual(["time_off"]);
    expect(await tableCounts(t)).toEqual(before);
    const skipped = await book(t, parent, teacher.teacherId, [first], "full", { repeat: { weeks: 3 }, skip: [unavailable[0]!.startsAt] });
    expect(skipped.status).toBe(201);
    expect(skipped.json.bookings).toHaveLength(2);
  });
});

describe("buffer between lessons", () => {
  it("closes the times within the buffer of a booked lesson in the slots, and the server refuses them", async () => {
    const teacher = await newYorkTeacher(t);
    const [first, second] = [await newParent(t), await newParent(t)];
    await setLessonRules(teacher.cookie, { bufferMinutes: 15 });
    const [day, slots] = Object.entries((await slotsOf(t, teacher.teacherId, "intro")).days)[3]!;
    // Intro calls every 15 minutes from 09:00; book 10:00-10:15.
    const ten = slots.find((s) => localDateTime(s.startsAt, NY).time === "10:00")!.startsAt;
    expect((await book(t, first, teacher.teacherId, [ten], "intro")).status).toBe(201);

    const open = (await slotsOf(t, teacher.teacherId, "intro")).days[day]!.map((s) => localDateTime(s.startsAt, NY).time);
    // 09:45 would end at 10:00, inside the 15-minute buffer; 10:15 starts inside it too.
    expect(open).not.toContain("09:45");
    expect(open).not.toContain("10:15");
    expect(open).toContain("09:30");
    expect(open).toContain("10:30");

    const before = await tableCounts(t);
    const refused = await book(t, second, teacher.teacherId, [at(ten, 15)], "intro");
    expect([refused.status, refused.json.error.message]).toEqual([409, BUFFER_CONFLICT_MESSAGE]);
    expect(refused.json.error.details.unavailable).toEqual([{ startsAt: at(ten, 15), reason: "buffer" }]);
    expect(await tableCounts(t)).toEqual(before);
    expect((await book(t, second, teacher.teacherId, [at(ten, 30)], "intro")).status).toBe(201);
  });

  it("keeps two times of one request apart by the buffer too", async () => {
    const teacher = await newYorkTeacher(t);
    const parent = await newParent(t);
    await setLessonRules(teacher.cookie, { bufferMinutes: 30 });
    const slots = Object.values((await slotsOf(t, teacher.teacherId, "full")).days)[3]!;
    const res = await book(t, parent, teacher.teacherId, [slots[1]!.startsAt, slots[2]!.startsAt]);
    expect(res.status).toBe(409);
    expect(res.json.error.details.unavailable).toEqual([{ startsAt: slots[2]!.startsAt, reason: "buffer" }]);
    expect((await book(t, parent, teacher.teacherId, [slots[1]!.startsAt, slots[3]!.startsAt])).status).toBe(201);
  });

  it("with no buffer, back-to-back lessons are fine", async () => {
    const teacher = await newYorkTeacher(t);
    const parent = await newParent(t);
    const slots = Object.values((await slotsOf(t, teacher.teacherId, "full")).days)[3]!;
    expect((await book(t, parent, teacher.teacherId, [slots[1]!.startsAt, slots[2]!.startsAt])).status).toBe(201);
  });
});
