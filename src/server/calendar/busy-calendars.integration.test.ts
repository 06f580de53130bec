import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tableCounts } from "../../../tests/api/world";
import { createBooking } from "../../../tests/factories/bookings";
import { book, newParent, newYorkTeacher, slotsOf } from "../../../tests/fixtures/booking";
import { busyYearCalendar, CALENDAR_FIXTURES, googleCalendar, type CalendarFixture } from "../../../tests/fixtures/calendar-fixtures";
import { startCalendarServer, type CalendarServer } from "../../../tests/fixtures/calendar-server";
import { send } from "../../../tests/fixtures/http";
import { testAppForFile } from "../../../tests/fixtures/test-app";
import { someUnavailableMessage } from "../../shared/booking/booking.schemas";
import { acceptBusyMessage, TEACHER_BUSY_MESSAGE, TOO_MANY_CALENDARS_MESSAGE, CALENDAR_DUPLICATE_MESSAGE, MAX_CALENDARS_PER_TEACHER } from "../../shared/calendar/busy-calendars.schemas";
import { instantFromLocal, localDateTime } from "../../shared/calendar/calendar-views.rules";
import { accountSuspensions, jobs, teacherAvailability, teacherCalendars } from "../db/schema";
import { runDueJobs } from "../jobs/job-runner";
import { storedBusyTimes } from "./busy-calendars.repo";
import { busyCalendarJob, busyCalendarSweep } from "./busy-calendars.jobs";
import { readBusyCalendar } from "./busy-calendars.service";
import { PRIVATE_ADDRESS_MESSAGE } from "./calendar-fetch";

const t = testAppForFile({ CALENDAR_FETCH_ALLOW_PRIVATE: "true" });
const NY = "America/New_York";
let calendars: CalendarServer;
beforeAll(async () => {
  calendars = await startCalendarServer();
});
afterAll(() => calendars.close());

/** The Monday at least 8 days from now (a wall date): every fixture's times are ahead and inside the horizon. */
function fixtureWeek(): string {
  const date = new Date(Date.now() + 8 * 86_400_000);
  date.setUTCDate(date.getUTCDate() + ((8 - date.getUTCDay()) % 7));
  return date.toISOString().slice(0, 10);
}
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** A New York teacher open every day 06:00-23:00, so evenings and all-day events show. */
async function longDayTeacher() {
  const teacher = await newYorkTeacher(t);
  await t.deps.db.delete(teacherAvailability).where(eq(teacherAvailability.teacherId, teacher.teacherId));
  await t.deps.db
    .insert(teacherAvailability)
    .values([0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ teacherId: teacher.teacherId, dayOfWeek, startTime: "06:00", endTime: "23:00" })));
  return teacher;
}

/** The jobs runner's pass for calendar reads only (the sweep schedules, the job reads). */
function readDueCalendars() {
  return runDueJobs(t.deps, { kinds: [busyCalendarJob], sweeps: [busyCalendarSweep] });
}

/** Full-lesson starts (ISO) in [week, week + days) from the slots API, every month it touches. */
async function openStarts(teacherId: string, week: string, days = 25): Promise<string[]> {
  const from = instantFromLocal(week, "00:00", NY).getTime();
  const to = instantFromLocal(addDays(week, days), "00:00", NY).getTime();
  const months = [...new Set([week.slice(0, 7), addDays(week, days).slice(0, 7)])];
  const starts: string[] = [];
  for (const month of months) {
    for (const list of Object.values((await slotsOf(t, teacherId, "full", month)).days)) {
      for (const slot of list) if (Date.parse(slot.startsAt) >= from && Date.parse(slot.startsAt) < to) starts.push(slot.startsAt);
    }
  }
  return [...new Set(starts)].sort();
}

const overlapsAny = (start: string, busy: [string, string][]) =>
  busy.some(([s, e]) => Date.parse(start) < Date.parse(e) && Date.parse(start) + 3600_000 > Date.parse(s));

async function addCalendar(cookie: string, url: string, label?: string) {
  return send(t, "POST", "/api/calendar/busy-calendars", { cookie, body: { url, ...(label ? { label } : {}) } });
}

async function listCalendars(cookie: string) {
  const res = await send(t, "GET", "/api/calendar/busy-calendars", { cookie });
  expect(res.status).toBe(200);
  return res.json.calendars as { id: string; label: string; lastSuccessAt: string | null; lastError: string | null; busyCount: number; addressHint: string; pending: boolean }[];
}

/** A teacher with one fixture calendar read once. */
async function teacherWithCalendar(fixture: CalendarFixture, path = `/${fixture.name}-${crypto.randomUUID()}.ics`) {
  const teacher = await longDayTeacher();
  calendars.serve(path, fixture.ics);
  const added = await addCalendar(teacher.cookie, `${calendars.base}${path}`, fixture.name);
  expect(added.status, added.text).toBe(201);
  await readDueCalendars();
  return { teacher, path, calendarId: added.json.calendar.id as string };
}

const iso = (rows: { startsAt: Date; endsAt: Date }[]) => rows.map((r) => [r.startsAt.toISOString(), r.endsAt.toISOString()]);

describe("busy times from a teacher's calendars", () => {
  for (const make of CALENDAR_FIXTURES) {
    it(`${make(fixtureWeek()).name}: each fixture blocks exactly the expected slots`, async () => {
      const week = fixtureWeek();
      const fixture = make(week);
      const teacher = await longDayTeacher();
      const before = await openStarts(teacher.teacherId, week);
      const path = `/${fixture.name}-${crypto.randomUUID()}.ics`;
      calendars.serve(path, fixture.ics);
      const added = await addCalendar(teacher.cookie, `${calendars.base}${path}`);
      expect(added.status, added.text).toBe(201);
      expect(added.json.calendar).toMatchObject({ pending: true, lastSuccessAt: null, addressHint: `${calendars.base}/…` });
      // Nothing is read in the request: the jobs runner reads it.
      expect(await openStarts(teacher.teacherId, week)).toEqual(before);

      await readDueCalendars();
      const [calendar] = await listCalendars(teacher.cookie);
      expect(calendar).toMatchObject({ pending: false, lastError: null, busyCount: fixture.busy.length });
      expect(calendar!.lastSuccessAt).not.toBeNull();
      expect(iso(await storedBusyTimes(t.deps.db, [calendar!.id]))).toEqual(fixture.busy);

      const after = await openStarts(teacher.teacherId, week);
      const expected = before.filter((start) => !overlapsAny(start, fixture.busy));
      expect(before.length - expected.length, "the fixture blocks some slots").toBeGreaterThan(3);
      expect(after).toEqual(expected);

      // The teacher's calendar shows them (and only to the teacher).
      const range = `from=${week}&to=${addDays(week, 30)}&timeZone=${encodeURIComponent(NY)}`;
      const shown = await send(t, "GET", `/api/calendar/busy-times?${range}`, { cookie: teacher.cookie });
      expect(shown.status).toBe(200);
      const busy = shown.json.busy as { startsAt: string; endsAt: string; calendarLabel: string }[];
      expect(busy.map((b) => [b.startsAt, b.endsAt])).toEqual(fixture.busy);
      expect(busy[0]!.calendarLabel).toBe(calendar!.label);
    });
  }

  it("a booking, a series week and a move into a busy time are refused, saying the teacher is busy (never the event's title)", async () => {
    const week = fixtureWeek();
    const { teacher } = await teacherWithCalendar(googleCalendar(week));
    const parent = await newParent(t);
    const rehearsal = instantFromLocal(addDays(week, 1), "16:00", NY).toISOString();
    const before = await tableCounts(t);

    const single = await book(t, parent, teacher.teacherId, [rehearsal]);
    expect([single.status, single.json.error.message]).toEqual([409, TEACHER_BUSY_MESSAGE]);
    expect(single.json.error.details.unavailable).toEqual([{ startsAt: rehearsal, reason: "busy" }]);
    expect(single.text).not.toMatch(/rehearsal/i);

    // Weekly from the excepted Tuesday: the week moved away is free, the fourth rehearsal is not.
    const seriesStart = instantFromLocal(addDays(week, 8), "16:00", NY).toISOString();
    const series = await book(t, parent, teacher.teacherId, [seriesStart], "full", { repeat: { weeks: 3 } });
    expect([series.status, series.json.error.message]).toEqual([409, someUnavailableMessage(1, 3)]);
    expect(series.json.error.details.unavailable).toEqual([{ startsAt: instantFromLocal(addDays(week, 22), "16:00", NY).toISOString(), reason: "busy" }]);
    expect(await tableCounts(t)).toEqual(before);

    // A lesson on the Wednesday morning cannot move into the rehearsal; it can move to a free time.
    const lesson = await createBooking(t.deps, {
      teacherId: teacher.teacherId,
      parentId: parent.parentId,
      studentId: parent.studentIds[0]!,
      status: "accepted",
      startsAt: instantFromLocal(addDays(week, 2), "10:00", NY),
    });
    const moved = await send(t, "POST", `/api/lessons/${lesson.bookingId}/reschedule`, { cookie: teacher.cookie, body: { startsAt: rehearsal } });
    expect([moved.status, moved.json.error?.message]).toEqual([409, TEACHER_BUSY_MESSAGE]);
    const free = instantFromLocal(addDays(week, 1), "10:00", NY).toISOString();
    const movedFree = await send(t, "POST", `/api/lessons/${lesson.bookingId}/reschedule`, { cookie: teacher.cookie, body: { startsAt: free } });
    expect(movedFree.status, movedFree.text).toBe(200);
    // The free control: the same request for the excepted Tuesday alone books.
    expect((await book(t, parent, teacher.teacherId, [seriesStart])).status).toBe(201);
  });

  it("a 304 answer leaves the stored busy times; a full read comes once a day", async () => {
    const week = fixtureWeek();
    const fixture = googleCalendar(week);
    const { teacher, path, calendarId } = await teacherWithCalendar(fixture);
    const [first] = await listCalendars(teacher.cookie);
    const stored = iso(await storedBusyTimes(t.deps.db, [calendarId]));

    expect((await send(t, "POST", `/api/calendar/busy-calendars/${calendarId}/refresh`, { cookie: teacher.cookie })).status).toBe(200);
    await readDueCalendars();
    const last = calendars.requests.filter((r) => r.path === path).at(-1)!;
    expect(last.ifNoneMatch).toMatch(/^"/);
    const [second] = await listCalendars(teacher.cookie);
    expect(second!.lastSuccessAt! > first!.lastSuccessAt!).toBe(true);
    expect(second!.busyCount).toBe(fixture.busy.length);
    expect(iso(await storedBusyTimes(t.deps.db, [calendarId]))).toEqual(stored);

    // A day after the last full read the request is not conditional (the horizon moves on).
    await t.deps.db.update(teacherCalendars).set({ expandedAt: new Date(Date.now() - 25 * 3600_000) }).where(eq(teacherCalendars.id, calendarId));
    const outcome = await readBusyCalendar(t.deps, calendarId, new Date());
    expect(outcome.outcome).toBe("stored");
    expect(calendars.requests.filter((r) => r.path === path).at(-1)!.ifNoneMatch).toBeUndefined();
    // However often it is read, a calendar has one row in the jobs table.
    const jobRows = await t.deps.db.select({ id: jobs.id }).from(jobs).where(like(jobs.key, `%${calendarId}%`));
    expect(jobRows).toHaveLength(1);
  });

  it("a suspended teacher's calendar is not read", async () => {
    const week = fixtureWeek();
    const { teacher, path, calendarId } = await teacherWithCalendar(googleCalendar(week));
    const reads = () => calendars.requests.filter((r) => r.path === path).length;
    const before = reads();
    await t.deps.db.insert(accountSuspensions).values({ userId: teacher.userId, reason: "Test" });
    await t.deps.db.update(teacherCalendars).set({ nextFetchAt: new Date(Date.now() - 1000) }).where(eq(teacherCalendars.id, calendarId));
    await readDueCalendars();
    expect(reads()).toBe(before);
  });

  it("a calendar that fails keeps its last good busy times and shows the error in plain words", async () => {
    const week = fixtureWeek();
    const fixture = googleCalendar(week);
    const { teacher, path, calendarId } = await teacherWithCalendar(fixture);
    const [good] = await listCalendars(teacher.cookie);
    const blocked = await openStarts(teacher.teacherId, week);

    calendars.fail(path, 404, "Not found");
    await send(t, "POST", `/api/calendar/busy-calendars/${calendarId}/refresh`, { cookie: teacher.cookie });
    await readDueCalendars();
    const [failed] = await listCalendars(teacher.cookie);
    expect(failed).toMatchObject({
      lastError: "The calendar server says there is no calendar at that address (404). It may have been reset: copy the address again from your calendar app.",
      lastSuccessAt: good!.lastSuccessAt,
      busyCount: fixture.busy.length,
    });
    expect(iso(await storedBusyTimes(t.deps.db, [calendarId]))).toEqual(fixture.busy);
    expect(await openStarts(teacher.teacherId, week)).toEqual(blocked);

    // An HTML page where the calendar was (a sign-in page): the same, in its own words.
    calendars.fail(path, 200, "");
    calendars.serve(path, "<!DOCTYPE html><html><body>Sign in to continue</body></html>");
    await send(t, "POST", `/api/calendar/busy-calendars/${calendarId}/refresh`, { cookie: teacher.cookie });
    await readDueCalendars();
    expect((await listCalendars(teacher.cookie))[0]!.lastError).toBe("The address gave a web page, not a calendar.");
    expect(iso(await storedBusyTimes(t.deps.db, [calendarId]))).toEqual(fixture.busy);

    // Fixed: the error goes.
    calendars.serve(path, fixture.ics);
    await send(t, "POST", `/api/calendar/busy-calendars/${calendarId}/refresh`, { cookie: teacher.cookie });
    await readDueCalendars();
    expect((await listCalendars(teacher.cookie))[0]).toMatchObject({ lastError: null, busyCount: fixture.busy.length });
  });

  it("refuses a private address unless CALENDAR_FETCH_ALLOW_PRIVATE is set, without sending it a request", async () => {
    const fixture = googleCalendar(fixtureWeek());
    const teacher = await longDayTeacher();
    const path = `/private-${crypto.randomUUID()}.ics`;
    calendars.serve(path, fixture.ics);
    const added = await addCalendar(teacher.cookie, `${calendars.base}${path}`);
    const guarded = { ...t.deps, env: { ...t.deps.env, CALENDAR_FETCH_ALLOW_PRIVATE: false } };
    const outcome = await readBusyCalendar(guarded, added.json.calendar.id, new Date());
    expect(outcome).toMatchObject({ outcome: "failed", error: PRIVATE_ADDRESS_MESSAGE });
    expect(calendars.requests.some((r) => r.path === path)).toBe(false);
    expect((await listCalendars(teacher.cookie))[0]).toMatchObject({ lastError: PRIVATE_ADDRESS_MESSAGE, busyCount: 0, lastSuccessAt: null });
  });

  it("each teacher sees and changes only their own calendars; limits and duplicates are refused", async () => {
    const teacher = await longDayTeacher();
    const other = await longDayTeacher();
    const added = await addCalendar(teacher.cookie, "webcal://calendar.example.com/secret/basic.ics", "School");
    expect(added.status).toBe(201);
    // webcal:// is https by another name; the secret path is never sent back.
    expect(added.json.calendar).toMatchObject({ label: "School", addressHint: "https://calendar.example.com/…" });
    expect(added.text).not.toContain("secret");
    const id = added.json.calendar.id as string;
    expect(await listCalendars(other.cookie)).toEqual([]);
    expect((await send(t, "DELETE", `/api/calendar/busy-calendars/${id}`, { cookie: other.cookie })).status).toBe(404);
    expect((await send(t, "POST", `/api/calendar/busy-calendars/${id}/refresh`, { cookie: other.cookie })).status).toBe(404);

    const again = await addCalendar(teacher.cookie, "https://calendar.example.com/secret/basic.ics");
    expect([again.status, again.json.error.message]).toEqual([409, CALENDAR_DUPLICATE_MESSAGE]);
    for (let i = 1; i < MAX_CALENDARS_PER_TEACHER; i++) expect((await addCalendar(teacher.cookie, `https://calendar.example.com/${i}.ics`)).status).toBe(201);
    const tooMany = await addCalendar(teacher.cookie, "https://calendar.example.com/last.ics");
    expect([tooMany.status, tooMany.json.error.message]).toEqual([409, TOO_MANY_CALENDARS_MESSAGE]);
    // Default names come from the address.
    expect((await addCalendar(other.cookie, "https://calendar.google.com/calendar/ical/x/private-y/basic.ics")).json.calendar.label).toBe("Google Calendar");

    expect((await send(t, "DELETE", `/api/calendar/busy-calendars/${id}`, { cookie: teacher.cookie })).status).toBe(200);
    expect((await listCalendars(teacher.cookie)).map((c) => c.id)).not.toContain(id);
  });

  it("deleting a calendar opens its busy times again", async () => {
    const week = fixtureWeek();
    const teacher = await longDayTeacher();
    const before = await openStarts(teacher.teacherId, week);
    const path = `/delete-${crypto.randomUUID()}.ics`;
    calendars.serve(path, googleCalendar(week).ics);
    const added = await addCalendar(teacher.cookie, `${calendars.base}${path}`);
    await readDueCalendars();
    expect(await openStarts(teacher.teacherId, week)).not.toEqual(before);
    expect((await send(t, "DELETE", `/api/calendar/busy-calendars/${added.json.calendar.id}`, { cookie: teacher.cookie })).status).toBe(200);
    expect(await openStarts(teacher.teacherId, week)).toEqual(before);
  });

  it("a calendar of 2,000 events a year is read, expanded and stored (its speed: npm run bench:slots)", async () => {
    const teacher = await longDayTeacher();
    const path = `/busy-year-${crypto.randomUUID()}.ics`;
    calendars.serve(path, busyYearCalendar(new Date(Date.now() - 7 * 86_400_000)));
    const added = await addCalendar(teacher.cookie, `${calendars.base}${path}`);
    const outcome = await readBusyCalendar(t.deps, added.json.calendar.id, new Date());
    expect(outcome.outcome).toBe("stored");
    if (outcome.outcome !== "stored") return;
    expect(outcome.busy).toBeGreaterThan(1500);
    // The month's slots still answer, without the busy times.
    const month = localDateTime(new Date(Date.now() + 40 * 86_400_000).toISOString(), NY).date.slice(0, 7);
    const slots = await slotsOf(t, teacher.teacherId, "intro", month);
    expect(Object.keys(slots.days).length).toBeGreaterThan(20);
  });

  it("a request sent before a busy time was imported cannot be accepted into it; the teacher is told which calendar", async () => {
    const week = fixtureWeek();
    const teacher = await longDayTeacher();
    const parent = await newParent(t);
    // Both sent while the teacher's calendar was not yet added: a lesson at the Tuesday rehearsal, and
    // a three-week series whose third week is the rehearsal the calendar keeps (the second is excepted).
    const rehearsal = instantFromLocal(addDays(week, 1), "16:00", NY).toISOString();
    const single = await book(t, parent, teacher.teacherId, [rehearsal]);
    expect(single.status, single.text).toBe(201);
    const series = await book(t, parent, teacher.teacherId, [instantFromLocal(addDays(week, 8), "16:00", NY).toISOString()], "full", { repeat: { weeks: 3 } });
    expect(series.status, series.text).toBe(201);
    const free = await book(t, parent, teacher.teacherId, [instantFromLocal(addDays(week, 1), "10:00", NY).toISOString()]);
    expect(free.status, free.text).toBe(201);

    const path = `/accept-${crypto.randomUUID()}.ics`;
    calendars.serve(path, googleCalendar(week).ics);
    const added = await addCalendar(teacher.cookie, `${calendars.base}${path}`, "Orchestra");
    expect(added.status, added.text).toBe(201);
    await readDueCalendars();
    const before = await tableCounts(t);

    const singleId = single.json.bookings[0].id as string;
    const refused = await send(t, "POST", `/api/bookings/${singleId}/accept`, { cookie: teacher.cookie, body: {} });
    expect([refused.status, refused.json.error.message]).toEqual([409, acceptBusyMessage(["Orchestra"], 1, 1)]);
    expect(refused.json.error.reason).toBe("busy");
    const seriesId = series.json.bookings[0].id as string;
    const refusedSeries = await send(t, "POST", `/api/bookings/${seriesId}/accept`, { cookie: teacher.cookie, body: {} });
    expect([refusedSeries.status, refusedSeries.json.error.message]).toEqual([409, acceptBusyMessage(["Orchestra"], 1, 3)]);
    expect(refusedSeries.json.error.details.busyStarts).toEqual([instantFromLocal(addDays(week, 22), "16:00", NY).toISOString()]);
    expect(await tableCounts(t)).toEqual(before);

    // A request clear of the busy times is accepted as ever, and a refused one can still be declined.
    expect((await send(t, "POST", `/api/bookings/${free.json.bookings[0].id}/accept`, { cookie: teacher.cookie, body: {} })).status).toBe(200);
    expect((await send(t, "POST", `/api/bookings/${seriesId}/decline`, { cookie: teacher.cookie, body: {} })).status).toBe(200);
    // Once the calendar is gone, the time is the teacher's to give again.
    expect((await send(t, "DELETE", `/api/calendar/busy-calendars/${added.json.calendar.id}`, { cookie: teacher.cookie })).status).toBe(200);
    expect((await send(t, "POST", `/api/bookings/${singleId}/accept`, { cookie: teacher.cookie, body: {} })).status).toBe(200);
  });
});
