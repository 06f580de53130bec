import { gunzipSync } from "node:zlib";
import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createBooking } from "../../../tests/factories/bookings";
import { newParent, newYorkTeacher } from "../../../tests/fixtures/booking";
import { send } from "../../../tests/fixtures/http";
import { foldingProblems, parseWithIcalJs, parseWithPythonIcalendar, type ParsedCalendar } from "../../../tests/fixtures/ical-parsers";
import { testAppForFile } from "../../../tests/fixtures/test-app";
import { instantFromLocal } from "../../shared/calendar/calendar-views.rules";
import { calendarEvents } from "../db/schema";

const t = testAppForFile();
const NY = "America/New_York";
const PARSERS = { "ical.js": parseWithIcalJs, "Python icalendar": parseWithPythonIcalendar } as const;

/** A long title of emoji, accents and CJK: folded at 75 octets, it must never be cut inside a character. */
const LONG_TITLE = "Recital 🎹🎻 rehearsal — Chopin Ballade No. 1 in G minor, Op. 23 — 準備 — bring the score 🎼🎼🎼 👩‍🏫";

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/**
 * A teacher's calendar with every kind of change a feed must carry: a lesson as booked, one moved,
 * one cancelled today, one cancelled 31 days ago, a custom event edited twice with a long title.
 */
async function teacherWithHistory() {
  const teacher = await newYorkTeacher(t);
  const parent = await newParent(t);
  const lessonAt = (n: number, time: string) => instantFromLocal(day(n), time, NY);
  const lesson = (startsAt: Date) => createBooking(t.deps, { teacherId: teacher.teacherId, parentId: parent.parentId, studentId: parent.studentIds[0]!, status: "accepted", startsAt });
  const kept = await lesson(lessonAt(10, "10:00"));
  const moved = await lesson(lessonAt(11, "10:00"));
  const cancelled = await lesson(lessonAt(12, "10:00"));
  const longAgo = await lesson(lessonAt(13, "10:00"));
  const move = await send(t, "POST", `/api/lessons/${moved.bookingId}/reschedule`, { cookie: teacher.cookie, body: { startsAt: lessonAt(11, "14:00").toISOString() } });
  expect(move.status, move.text).toBe(200);
  for (const bookingId of [cancelled.bookingId, longAgo.bookingId]) {
    const cancel = await send(t, "POST", `/api/lessons/${bookingId}/cancel`, { cookie: teacher.cookie, body: { scope: "one", reason: "Teacher ill" } });
    expect(cancel.status, cancel.text).toBe(200);
  }
  // Cancelled 31 days ago: only the time of the change moves (no trigger: nothing an app shows changed).
  await t.deps.db
    .update(calendarEvents)
    .set({ updatedAt: new Date(Date.now() - 31 * 86_400_000) })
    .where(eq(calendarEvents.bookingId, longAgo.bookingId));
  const body = { title: "Practice", eventType: "custom", date: day(14), startTime: "18:00", endTime: "19:00", timeZone: NY, notes: "Ünïcødé notes 🎶 ".repeat(12) };
  const created = await send(t, "POST", "/api/calendar/events", { cookie: teacher.cookie, body });
  expect(created.status, created.text).toBe(201);
  const eventId = created.json.event.id as string;
  for (const title of ["Practice (edited)", LONG_TITLE]) {
    expect((await send(t, "PUT", `/api/calendar/events/${eventId}`, { cookie: teacher.cookie, body: { ...body, title } })).status).toBe(200);
  }
  return { teacher, parent, bookings: { kept, moved, cancelled, longAgo }, eventId };
}

/** What the database holds for the events a feed should list, as the parsers should read them. */
async function expectedEvents(ids: string[], titleOf: (row: { id: string; title: string }) => string) {
  const rows = await t.deps.db
    .select({ id: calendarEvents.id, title: calendarEvents.title, startsAt: calendarEvents.startsAt, endsAt: calendarEvents.endsAt, status: calendarEvents.status, sequence: calendarEvents.sequence })
    .from(calendarEvents)
    .where(inArray(calendarEvents.id, ids));
  const host = new URL(t.deps.env.PUBLIC_URL).hostname;
  return rows
    .map((row) => ({
      uid: `${row.id}@${host}`,
      start: row.startsAt.toISOString(),
      end: row.endsAt.toISOString(),
      summary: titleOf(row),
      status: row.status === "cancelled" ? "CANCELLED" : "CONFIRMED",
      sequence: row.sequence,
    }))
    .sort((a, b) => a.uid.localeCompare(b.uid));
}

function eventsOf(parsed: ParsedCalendar) {
  return parsed.events.map(({ uid, start, end, summary, status, sequence }) => ({ uid, start, end, summary, status, sequence })).sort((a, b) => (a.uid ?? "").localeCompare(b.uid ?? ""));
}

async function eventIdsOfBookings(bookingIds: string[]) {
  const rows = await t.deps.db.select({ id: calendarEvents.id, bookingId: calendarEvents.bookingId }).from(calendarEvents).where(inArray(calendarEvents.bookingId, bookingIds));
  return bookingIds.map((bookingId) => rows.find((r) => r.bookingId === bookingId)!.id);
}

describe("our feeds, read by two iCalendar parsers nobody here wrote", () => {
  it("the subscription feed: every event's start, end, summary, status and sequence as the database has them", async () => {
    const { teacher, bookings, eventId } = await teacherWithHistory();
    const [kept, moved, cancelled, longAgo] = await eventIdsOfBookings([bookings.kept.bookingId, bookings.moved.bookingId, bookings.cancelled.bookingId, bookings.longAgo.bookingId]);
    const made = await send(t, "POST", "/api/calendar/feed", { cookie: teacher.cookie });
    const path = new URL(made.json.url as string).pathname;

    // A calendar app that does not ask for compression gets none.
    const response = await t.app.request(path);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const bytes = new Uint8Array(await response.arrayBuffer());
    const text = new TextDecoder().decode(bytes);
    expect(foldingProblems(bytes)).toEqual([]);
    // The long title was folded (and so the check above looked at folded lines).
    expect(text).toMatch(/\r\n [^\r\n]*🎼/u);

    // The moved lesson and the twice-edited event went up; the cancelled lesson too; kept at 0.
    const expected = await expectedEvents([kept!, moved!, cancelled!, eventId], (row) => row.title);
    expect(expected.map((e) => [e.uid.split("@")[0], e.sequence, e.status])).toEqual(
      expect.arrayContaining([
        [kept, 0, "CONFIRMED"],
        [moved, 1, "CONFIRMED"],
        [cancelled, 1, "CANCELLED"],
        [eventId, 2, "CONFIRMED"],
      ]),
    );
    for (const [name, parse] of Object.entries(PARSERS)) {
      const parsed = parse(text);
      expect(parsed.method, name).toBe("PUBLISH");
      expect(parsed.refreshInterval, name).toBe("PT1H");
      expect(parsed.refreshIntervalParams.VALUE, name).toBe("DURATION");
      expect(parsed.publishedTtl, name).toBe("PT1H");
      // The lesson cancelled 31 days ago is gone; the one cancelled today stays, as CANCELLED.
      expect(eventsOf(parsed), name).toEqual(expected);
      expect(parsed.events.map((e) => e.uid), name).not.toContain(expect.stringContaining(longAgo!));
      for (const event of parsed.events) expect(event.dtstamp, `${name}: DTSTAMP of ${event.uid}`).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
    }
    // Times are in UTC: no TZID anywhere, so no VTIMEZONE is needed.
    expect(text).not.toMatch(/TZID/);
  });

  it("a change raises SEQUENCE in the next fetch, UIDs stay the same", async () => {
    const teacher = await newYorkTeacher(t);
    const parent = await newParent(t);
    const { bookingId } = await createBooking(t.deps, {
      teacherId: teacher.teacherId,
      parentId: parent.parentId,
      studentId: parent.studentIds[0]!,
      status: "accepted",
      startsAt: instantFromLocal(day(9), "11:00", NY),
    });
    const path = new URL((await send(t, "POST", "/api/calendar/feed", { cookie: teacher.cookie })).json.url as string).pathname;
    const before = parseWithPythonIcalendar((await send(t, "GET", path)).text).events;
    const move = await send(t, "POST", `/api/lessons/${bookingId}/reschedule`, { cookie: teacher.cookie, body: { startsAt: instantFromLocal(day(9), "13:00", NY).toISOString() } });
    expect(move.status, move.text).toBe(200);
    const after = parseWithPythonIcalendar((await send(t, "GET", path)).text).events;
    expect(after.map((e) => e.uid)).toEqual(before.map((e) => e.uid));
    expect(after[0]!.sequence).toBe(before[0]!.sequence! + 1);
    expect(after[0]!.start).toBe(instantFromLocal(day(9), "13:00", NY).toISOString());
    // Every path that writes the row raises it, not only the services: the database's trigger.
    await t.deps.db.execute(sql`update calendar_events set title = title || '.' where booking_id = ${bookingId}::uuid`);
    expect(parseWithIcalJs((await send(t, "GET", path)).text).events[0]!.sequence).toBe(before[0]!.sequence! + 2);
  });

  it("a lesson's .ics download: the same for both parsers and both sides", async () => {
    const { teacher, parent, bookings } = await teacherWithHistory();
    const [moved] = await eventIdsOfBookings([bookings.moved.bookingId]);
    for (const [cookie, summary] of [
      [teacher.cookie, "Lesson with Kid1"],
      [parent.cookie, "Lesson with Terry Teacher (Kid1)"],
    ] as const) {
      const response = await t.app.request(`/api/calendar/events/${moved}/ics`, { headers: { cookie } });
      expect(response.headers.get("content-encoding")).toBeNull();
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect(foldingProblems(bytes)).toEqual([]);
      const expected = await expectedEvents([moved!], () => summary);
      for (const [name, parse] of Object.entries(PARSERS)) {
        const parsed = parse(new TextDecoder().decode(bytes));
        expect(eventsOf(parsed), name).toEqual(expected);
        expect(parsed.method, name).toBe("PUBLISH");
      }
    }
  });

  it("a client that asks for gzip gets it, and the same calendar", async () => {
    const teacher = await newYorkTeacher(t);
    const path = new URL((await send(t, "POST", "/api/calendar/feed", { cookie: teacher.cookie })).json.url as string).pathname;
    const plain = await send(t, "GET", path);
    const zipped = await t.app.request(path, { headers: { "accept-encoding": "gzip" } });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    const unpacked = gunzipSync(new Uint8Array(await zipped.arrayBuffer())).toString("utf8");
    expect(eventsOf(parseWithIcalJs(unpacked))).toEqual(eventsOf(parseWithIcalJs(plain.text)));
  });
});
