import ICAL from "ical.js";
import { eq } from "drizzle-orm";
import { setParentZone } from "../../../tests/factories/practice";
import { describe, expect, it } from "vitest";
import { createParent, createTeacher } from "../../../tests/factories/accounts";
import { createBooking } from "../../../tests/factories/bookings";
import { send, signIn } from "../../../tests/fixtures/http";
import { testAppForFile } from "../../../tests/fixtures/test-app";
import { END_AFTER_START_MESSAGE, type CalendarEventDTO } from "../../shared/calendar/calendar.schemas";
import { calendarEvents, calendarFeeds, studentProfiles, teacherProfiles } from "../db/schema";
import { LESSON_LOCKED_MESSAGE } from "./calendar.service";

const t = testAppForFile();

async function teacher(timeZone = "America/New_York") {
  const made = await createTeacher(t.deps, { timeZone });
  return { ...made, cookie: await signIn(t, "teacher", made.email, made.password) };
}
async function parent() {
  const made = await createParent(t.deps, { students: 2 });
  return { ...made, cookie: await signIn(t, "parent", made.email, made.password) };
}

/** An accepted lesson; the factory writes its calendar event as accepting a booking does. */
async function lesson(teacherUser: { userId: string; teacherId: string }, parentUser: { parentId: string; studentIds: string[] }, startsAt: Date) {
  const { bookingId } = await createBooking(t.deps, {
    teacherId: teacherUser.teacherId,
    parentId: parentUser.parentId,
    studentId: parentUser.studentIds[0]!,
    status: "accepted",
    startsAt,
  });
  const [row] = await t.deps.db.select({ id: calendarEvents.id }).from(calendarEvents).where(eq(calendarEvents.bookingId, bookingId));
  return row!.id;
}

const eventBody = (overrides: Record<string, unknown> = {}) => ({
  title: "Scales practice",
  eventType: "practice",
  date: "2026-12-02",
  startTime: "16:00",
  endTime: "16:30",
  notes: "C major",
  timeZone: "America/Los_Angeles",
  ...overrides,
});

async function list(cookie: string, query = "from=2026-12-01&to=2026-12-31&timeZone=UTC") {
  const res = await send(t, "GET", `/api/calendar/events?${query}`, { cookie });
  expect(res.status, res.text).toBe(200);
  return res.json.events as CalendarEventDTO[];
}

describe("calendar events: scope", () => {
  it("a teacher sees their lessons and own events, never another teacher's", async () => {
    const [a, b, p] = await Promise.all([teacher(), teacher(), parent()]);
    const lessonA = await lesson(a, p, new Date("2026-12-03T15:00:00Z"));
    const lessonB = await lesson(b, p, new Date("2026-12-03T17:00:00Z"));
    const own = await send(t, "POST", "/api/calendar/events", { cookie: b.cookie, body: eventBody({ eventType: "custom", title: "Recital prep" }) });
    expect(own.status, own.text).toBe(201);

    expect((await list(a.cookie)).map((e) => e.id)).toEqual([lessonA]);
    expect((await list(b.cookie)).map((e) => e.id)).toEqual([own.json.event.id, lessonB]);
    // The parent sees both lessons of their student, with the student's name.
    const seen = await list(p.cookie);
    expect(seen.map((e) => e.id)).toEqual([lessonA, lessonB]);
    expect(seen[0]!.student).toEqual({ id: p.studentIds[0], firstName: "Kid1", lastName: "Parent" });
  });

  it("titles a lesson for the viewer: the teacher sees the student, the family sees the teacher (calendar and next 7 days)", async () => {
    const [tch, p] = await Promise.all([teacher(), parent()]);
    await t.deps.db.update(teacherProfiles).set({ firstName: "Casey", lastName: "Keys" }).where(eq(teacherProfiles.id, tch.teacherId));
    await t.deps.db.update(studentProfiles).set({ firstName: "Mia" }).where(eq(studentProfiles.id, p.studentIds[0]!));
    const full = await lesson(tch, p, new Date("2026-12-08T15:00:00Z"));
    const { bookingId } = await createBooking(t.deps, {
      teacherId: tch.teacherId,
      parentId: p.parentId,
      studentId: p.studentIds[0]!,
      startsAt: new Date("2026-12-09T15:00:00Z"),
      bookingType: "intro",
    });
    const [intro] = await t.deps.db.select({ id: calendarEvents.id }).from(calendarEvents).where(eq(calendarEvents.bookingId, bookingId));

    const titles = (events: CalendarEventDTO[]) => Object.fromEntries(events.map((e) => [e.id, e.title]));
    expect(titles(await list(tch.cookie))).toEqual({ [full]: "Lesson with Mia", [intro!.id]: "Intro Call with Mia" });
    expect(titles(await list(p.cookie))).toEqual({
      [full]: "Lesson with Casey Keys (Mia)",
      [intro!.id]: "Intro Call with Casey Keys (Mia)",
    });
    // The parent's own events keep the title they gave them.
    const own = await send(t, "POST", "/api/calendar/events", { cookie: p.cookie, body: eventBody({ title: "Scales", date: "2026-12-08" }) });
    expect((await list(p.cookie)).find((e) => e.id === own.json.event.id)?.title).toBe("Scales");

    // The dashboard's next 7 days read the same way.
    const soon = new Date(Date.now() + 2 * 86_400_000);
    soon.setUTCMinutes(0, 0, 0);
    await lesson(tch, p, soon);
    const dashboard = await send(t, "GET", "/api/parents/me/dashboard", { cookie: p.cookie });
    expect(dashboard.status, dashboard.text).toBe(200);
    const upcoming = dashboard.json.upcoming as { title: string; startsAt: string }[];
    expect(upcoming.find((e) => e.startsAt === soon.toISOString())?.title).toBe("Lesson with Casey Keys (Mia)");

    // A teacher whose account is gone is named as such; the lesson stays in the family's calendar.
    await t.deps.db.update(calendarEvents).set({ teacherId: null }).where(eq(calendarEvents.id, full));
    expect(titles(await list(p.cookie))[full]).toBe("Lesson with Deleted teacher (Mia)");
  });

  it("a parent sees their own and their students' events, never another parent's or their students'", async () => {
    const [pa, pb, tch] = await Promise.all([parent(), parent(), teacher()]);
    const mine = await send(t, "POST", "/api/calendar/events", { cookie: pa.cookie, body: eventBody({ studentId: pa.studentIds[1] }) });
    expect(mine.status, mine.text).toBe(201);
    expect(mine.json.event).toMatchObject({ eventType: "practice", studentId: pa.studentIds[1], startsAt: "2026-12-03T00:00:00.000Z" });
    const theirs = await send(t, "POST", "/api/calendar/events", { cookie: pb.cookie, body: eventBody({ studentId: pb.studentIds[0] }) });
    const theirLesson = await lesson(tch, pb, new Date("2026-12-04T15:00:00Z"));

    expect((await list(pa.cookie)).map((e) => e.id)).toEqual([mine.json.event.id]);
    expect((await list(pb.cookie)).map((e) => e.id)).toEqual([theirs.json.event.id, theirLesson]);
    // ?studentId narrows to one student; another parent's student gives nothing.
    expect((await list(pa.cookie, `from=2026-12-01&to=2026-12-31&studentId=${pa.studentIds[1]}`)).length).toBe(1);
    expect(await list(pa.cookie, `from=2026-12-01&to=2026-12-31&studentId=${pa.studentIds[0]}`)).toEqual([]);
    expect(await list(pa.cookie, `from=2026-12-01&to=2026-12-31&studentId=${pb.studentIds[0]}`)).toEqual([]);
    // Naming another parent's student on create is refused, and nothing is written.
    const foreign = await send(t, "POST", "/api/calendar/events", { cookie: pa.cookie, body: eventBody({ studentId: pb.studentIds[0] }) });
    expect(foreign.status).toBe(404);
    expect(await list(pb.cookie)).toHaveLength(2);
    // Nor may a teacher attach a parent's student to their own event.
    expect((await send(t, "POST", "/api/calendar/events", { cookie: tch.cookie, body: eventBody({ studentId: pb.studentIds[0] }) })).status).toBe(404);
  });

  it("returns events overlapping the range, by start, read in the asked zone", async () => {
    const p = await parent();
    const late = await send(t, "POST", "/api/calendar/events", { cookie: p.cookie, body: eventBody({ date: "2026-12-10", startTime: "23:00", endTime: "23:59" }) });
    const early = await send(t, "POST", "/api/calendar/events", { cookie: p.cookie, body: eventBody({ date: "2026-12-10", startTime: "08:00", endTime: "09:00" }) });
    // Los Angeles 23:00 on the 10th is 07:00 UTC on the 11th.
    expect(late.json.event.startsAt).toBe("2026-12-11T07:00:00.000Z");
    const day = await list(p.cookie, "from=2026-12-10&to=2026-12-11&timeZone=America%2FLos_Angeles");
    expect(day.map((e) => e.id)).toEqual([early.json.event.id, late.json.event.id]);
    // An event still running at the start of the range overlaps it.
    expect((await list(p.cookie, "from=2026-12-11T07:30:00Z&to=2026-12-11T08:00:00Z")).map((e) => e.id)).toEqual([late.json.event.id]);
    expect(await list(p.cookie, "from=2026-12-11T08:00:00Z&to=2026-12-12T00:00:00Z")).toEqual([]);
  });

  it("refuses a bad range", async () => {
    const p = await parent();
    for (const query of ["", "from=2026-12-01", "from=2026-12-31&to=2026-12-01", "from=2026-01-01&to=2026-12-01", "from=x&to=y", "from=2026-12-01&to=2026-12-02&timeZone=Mars%2FBase"]) {
      const res = await send(t, "GET", `/api/calendar/events?${query}`, { cookie: p.cookie });
      expect(res.status, query).toBe(400);
      expect(res.json.error.message, query).toEqual(expect.any(String));
    }
    expect((await send(t, "GET", "/api/calendar/events?from=2026-12-01&to=2026-12-02")).status).toBe(401);
  });
});

describe("calendar events: create, edit, delete", () => {
  it("refuses an end before the start, on the server too", async () => {
    const p = await parent();
    const res = await send(t, "POST", "/api/calendar/events", { cookie: p.cookie, body: eventBody({ startTime: "16:00", endTime: "15:00" }) });
    expect(res.status).toBe(400);
    expect(res.json.error.fields.endTime).toBe(END_AFTER_START_MESSAGE);
    const same = await send(t, "POST", "/api/calendar/events", { cookie: p.cookie, body: eventBody({ startTime: "16:00", endTime: "16:00" }) });
    expect(same.status).toBe(400);
    expect(await list(p.cookie)).toEqual([]);
  });

  it("edits and deletes the owner's own event; a stranger gets 404 and changes nothing", async () => {
    const [p, stranger] = await Promise.all([parent(), parent()]);
    const created = await send(t, "POST", "/api/calendar/events", { cookie: p.cookie, body: eventBody() });
    const id = created.json.event.id as string;
    const edited = await send(t, "PUT", `/api/calendar/events/${id}`, { cookie: p.cookie, body: eventBody({ title: "Arpeggios", endTime: "17:00", notes: "" }) });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json.event).toMatchObject({ title: "Arpeggios", endsAt: "2026-12-03T01:00:00.000Z", notes: null });
    const bad = await send(t, "PUT", `/api/calendar/events/${id}`, { cookie: p.cookie, body: eventBody({ endTime: "15:00" }) });
    expect(bad.status).toBe(400);

    expect((await send(t, "PUT", `/api/calendar/events/${id}`, { cookie: stranger.cookie, body: eventBody({ title: "Mine" }) })).status).toBe(404);
    expect((await send(t, "DELETE", `/api/calendar/events/${id}`, { cookie: stranger.cookie })).status).toBe(404);
    expect((await send(t, "DELETE", "/api/calendar/events/not-a-uuid", { cookie: p.cookie })).status).toBe(404);
    expect((await list(p.cookie))[0]!.title).toBe("Arpeggios");

    expect((await send(t, "DELETE", `/api/calendar/events/${id}`, { cookie: p.cookie })).status).toBe(200);
    expect(await list(p.cookie)).toEqual([]);
    expect((await send(t, "DELETE", `/api/calendar/events/${id}`, { cookie: p.cookie })).status).toBe(404);
  });

  it("leaves a booking's lesson to the booking: neither teacher nor parent deletes or edits it here", async () => {
    const [tch, p] = await Promise.all([teacher(), parent()]);
    const id = await lesson(tch, p, new Date("2026-12-05T15:00:00Z"));
    const del = await send(t, "DELETE", `/api/calendar/events/${id}`, { cookie: tch.cookie });
    expect(del.status).toBe(409);
    expect(del.json.error.message).toBe(LESSON_LOCKED_MESSAGE);
    expect((await send(t, "PUT", `/api/calendar/events/${id}`, { cookie: tch.cookie, body: eventBody() })).status).toBe(409);
    expect((await send(t, "DELETE", `/api/calendar/events/${id}`, { cookie: p.cookie })).status).toBe(404);
    expect(await t.deps.db.select({ id: calendarEvents.id }).from(calendarEvents).where(eq(calendarEvents.id, id))).toHaveLength(1);
  });
});

/** Parses .ics text with ical.js, independent of the generator. */
function parseIcs(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return {
    timeZone: calendar.getFirstPropertyValue("x-wr-timezone"),
    events: calendar.getAllSubcomponents("vevent").map((v) => {
      const event = new ICAL.Event(v);
      return { uid: event.uid, start: event.startDate.toJSDate().toISOString(), end: event.endDate.toJSDate().toISOString(), summary: event.summary };
    }),
  };
}

describe("Link Calendar: the iCalendar feed", () => {
  it("lists the user's lessons and events with stable UIDs and the database's instants, and nobody else's", async () => {
    const [tch, other, p] = await Promise.all([teacher("America/New_York"), teacher(), parent()]);
    const soon = new Date(Date.now() + 3 * 86_400_000);
    soon.setUTCMinutes(0, 0, 0);
    const lessonId = await lesson(tch, p, soon);
    await lesson(other, p, new Date(soon.getTime() + 2 * 3600_000));
    const own = await send(t, "POST", "/api/calendar/events", {
      cookie: tch.cookie,
      body: eventBody({ eventType: "custom", date: soon.toISOString().slice(0, 10), startTime: "06:00", endTime: "06:45", timeZone: "America/New_York" }),
    });
    expect(own.status, own.text).toBe(201);

    const made = await send(t, "POST", "/api/calendar/feed", { cookie: tch.cookie });
    expect(made.status).toBe(201);
    const url = new URL(made.json.url as string);
    expect(url.pathname).toMatch(/^\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    // Only the hash is stored.
    const [stored] = await t.deps.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, tch.userId));
    expect(JSON.stringify(stored)).not.toContain(url.pathname.split("/").pop()!.replace(".ics", ""));

    const feed = await send(t, "GET", url.pathname);
    expect(feed.status).toBe(200);
    expect(feed.headers.get("content-type")).toMatch(/^text\/calendar/);
    const parsed = parseIcs(feed.text);
    expect(parsed.timeZone).toBe("America/New_York");
    const rows = await t.deps.db
      .select({ id: calendarEvents.id, startsAt: calendarEvents.startsAt, endsAt: calendarEvents.endsAt })
      .from(calendarEvents)
      .where(eq(calendarEvents.ownerUserId, tch.userId));
    expect(rows).toHaveLength(2);
    const host = new URL(t.deps.env.PUBLIC_URL).hostname;
    expect(parsed.events.map((e) => ({ uid: e.uid, start: e.start, end: e.end })).sort((x, y) => x.uid.localeCompare(y.uid))).toEqual(
      rows
        .map((r) => ({ uid: `${r.id}@${host}`, start: r.startsAt.toISOString(), end: r.endsAt.toISOString() }))
        .sort((x, y) => x.uid.localeCompare(y.uid)),
    );
    expect(parsed.events.map((e) => e.uid)).toContain(`${lessonId}@${host}`);
    // Stable: a second fetch gives the same UIDs.
    expect(parseIcs((await send(t, "GET", url.pathname)).text).events.map((e) => e.uid).sort()).toEqual(parsed.events.map((e) => e.uid).sort());

    // The parent's feed has both lessons of their student but not the teachers' own events.
    const parentFeed = await send(t, "POST", "/api/calendar/feed", { cookie: p.cookie });
    const parentEvents = parseIcs((await send(t, "GET", new URL(parentFeed.json.url as string).pathname)).text).events;
    // The family's lessons are named by their teacher (both factory teachers are Terry Teacher).
    expect(parentEvents.map((e) => e.summary)).toEqual(["Lesson with Terry Teacher (Kid1)", "Lesson with Terry Teacher (Kid1)"]);
    expect(parentEvents.map((e) => e.uid)).not.toContain(`${own.json.event.id}@${host}`);
  });

  it("regenerating revokes the old URL; unknown and malformed tokens are 404; the status never shows the URL", async () => {
    const p = await parent();
    expect((await send(t, "GET", "/api/calendar/feed", { cookie: p.cookie })).json).toEqual({ active: false, createdAt: null });
    const first = new URL((await send(t, "POST", "/api/calendar/feed", { cookie: p.cookie })).json.url as string).pathname;
    expect((await send(t, "GET", first)).status).toBe(200);
    const status = await send(t, "GET", "/api/calendar/feed", { cookie: p.cookie });
    expect(status.json.active).toBe(true);
    expect(status.text).not.toContain("/feed/");

    const second = new URL((await send(t, "POST", "/api/calendar/feed", { cookie: p.cookie })).json.url as string).pathname;
    expect(second).not.toBe(first);
    expect((await send(t, "GET", first)).status).toBe(404);
    expect((await send(t, "GET", second)).status).toBe(200);

    expect((await send(t, "DELETE", "/api/calendar/feed", { cookie: p.cookie })).status).toBe(200);
    expect((await send(t, "GET", second)).status).toBe(404);
    for (const bad of ["x.ics", `${"A".repeat(43)}.ics`, "A".repeat(43), "..%2F..%2Fetc.ics"]) {
      expect((await send(t, "GET", `/api/calendar/feed/${bad}`)).status, bad).toBe(404);
    }
  });

  it("downloads one lesson as an .ics file for the teacher and the parent only", async () => {
    const [tch, p, stranger] = await Promise.all([teacher("America/Chicago"), parent(), parent()]);
    await setParentZone(t.deps, p.parentId, "America/New_York");
    const id = await lesson(tch, p, new Date("2026-12-07T15:00:00Z"));
    // The teacher's file names the student; the family's names the teacher, then the child. Each
    // file names its reader's zone (issue 41), never the other side's.
    for (const [cookie, summary, zone] of [
      [tch.cookie, "Lesson with Kid1", "America/Chicago"],
      [p.cookie, "Lesson with Terry Teacher (Kid1)", "America/New_York"],
    ] as const) {
      const res = await send(t, "GET", `/api/calendar/events/${id}/ics`, { cookie });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-disposition")).toMatch(/attachment/);
      const parsed = parseIcs(res.text);
      expect(parsed.timeZone).toBe(zone);
      expect(parsed.events[0]).toMatchObject({ start: "2026-12-07T15:00:00.000Z", end: "2026-12-07T16:00:00.000Z", summary });
    }
    expect((await send(t, "GET", `/api/calendar/events/${id}/ics`, { cookie: stranger.cookie })).status).toBe(404);
  });
});
