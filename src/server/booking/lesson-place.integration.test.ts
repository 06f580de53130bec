import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tableCounts } from "../../../tests/api/world";
import * as fixtures from "../../../tests/fixtures/booking";
import { send } from "../../../tests/fixtures/http";
import { testAppForFile } from "../../../tests/fixtures/test-app";
import type { BookingRequestDTO } from "../../shared/booking/booking.schemas";
import { FORMAT_NOT_OFFERED_MESSAGE, MEETING_LINK_NEEDED_MESSAGE, NO_COMMON_FORMAT_MESSAGE } from "../../shared/booking/lesson-place.rules";
import type { CalendarEventDTO } from "../../shared/calendar/calendar.schemas";
import type { LessonDTO } from "../../shared/lessons/lessons.schemas";
import { teacherAvailability } from "../db/schema";

/**
 * Where and how a lesson happens (issue 26): the format is chosen per request among what the
 * times offer; an online lesson is accepted only with a meeting link; the link, the address, the
 * phone numbers and the other side's contact reach only the lesson's two sides, and only once it
 * is accepted (lists, calendar, .ics).
 */

const t = testAppForFile();

const LINK = "https://meet.example/terry";
const MIA_LINK = "https://meet.example/terry-for-mia";

/** A teacher in Chicago open every day 09:00-17:00 in windows of `format`, signed in. */
async function teacherOf(format: "both" | "online" | "in_person" = "both") {
  const teacher = await fixtures.newYorkTeacher(t);
  await t.deps.db.update(teacherAvailability).set({ format }).where(eq(teacherAvailability.teacherId, teacher.teacherId));
  return teacher;
}

/** A parent whose phone and home address are set (through their settings). */
async function family() {
  const parent = await fixtures.newParent(t);
  const saved = await send(t, "PATCH", "/api/parents/me", { cookie: parent.cookie, body: { phone: "(212) 555-0199", address: "12 Elm St, Brooklyn, NY 11201" } });
  expect(saved.status, saved.text).toBe(200);
  return parent;
}

/** The open times of a day next month (its n-th slots), as ISO instants. */
async function times(teacherId: string, type: "full" | "intro", count = 1, day = 3) {
  const slots = Object.values((await fixtures.slotsOf(t, teacherId, type)).days)[day]!;
  return slots.slice(0, count).map((slot) => slot.startsAt);
}

async function request(parent: { cookie: string; studentIds: string[] }, teacherId: string, type: "full" | "intro", format: string | undefined) {
  const res = await fixtures.book(t, parent, teacherId, await times(teacherId, type), type, { format });
  return res;
}

const lessonsOf = async (cookie: string, side: "mine" | "teaching") =>
  ((await send(t, "GET", `/api/lessons/${side}`, { cookie })).json as { lessons: LessonDTO[] }).lessons;
const lessonOf = async (cookie: string, side: "mine" | "teaching", id: string) => (await lessonsOf(cookie, side)).find((l) => l.id === id);
const eventsOf = async (cookie: string) =>
  ((await send(t, "GET", `/api/calendar/events?from=${fixtures.monthFromNow()}-01&to=${fixtures.monthFromNow(2)}-01`, { cookie })).json as { events: CalendarEventDTO[] })
    .events;

const setDefaultLink = (cookie: string, meetingUrl: string | null) => send(t, "PATCH", "/api/teachers/me", { cookie, body: { meetingUrl } });
const accept = (cookie: string, bookingId: string) => send(t, "POST", `/api/bookings/${bookingId}/accept`, { cookie });

describe("choosing the format of a request", () => {
  it.each([
    ["a full lesson at a time open to both", "both", "full", "Choose in person or online"],
    ["an intro call", "both", "intro", "Choose online or by phone"],
  ] as const)("%s without a format is refused (400), storing nothing", async (_name, window, type, message) => {
    const [teacher, parent] = await Promise.all([teacherOf(window), family()]);
    const slots = await times(teacher.teacherId, type);
    const before = await tableCounts(t);
    const res = await fixtures.book(t, parent, teacher.teacherId, slots, type, { format: undefined });
    expect([res.status, res.json.error.message, res.json.error.fields]).toEqual([400, message, { format: message }]);
    expect(await tableCounts(t)).toEqual(before);
  });

  it("takes the only format a time offers when none is sent (a client that does not ask keeps working)", async () => {
    const [online, inPerson, parent] = await Promise.all([teacherOf("online"), teacherOf("in_person"), family()]);
    const a = await request(parent, online.teacherId, "full", undefined);
    const b = await request(parent, inPerson.teacherId, "full", undefined);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect([(a.json.bookings as BookingRequestDTO[])[0]!.format, (b.json.bookings as BookingRequestDTO[])[0]!.format]).toEqual(["online", "in_person"]);
  });

  it.each([
    ["in person at an online-only time", "online", "full", "in_person"],
    ["online at an in-person-only time", "in_person", "full", "online"],
    ["a full lesson by phone", "both", "full", "phone"],
    ["an intro call in person", "both", "intro", "in_person"],
  ] as const)("refuses %s (400), storing nothing", async (_name, window, type, format) => {
    const [teacher, parent] = await Promise.all([teacherOf(window), family()]);
    const slots = await times(teacher.teacherId, type);
    const before = await tableCounts(t);
    const res = await fixtures.book(t, parent, teacher.teacherId, slots, type, { format });
    expect([res.status, res.json.error.message]).toEqual([400, FORMAT_NOT_OFFERED_MESSAGE]);
    expect(await tableCounts(t)).toEqual(before);
  });

  it("refuses an unknown format with a message (400)", async () => {
    const [teacher, parent] = await Promise.all([teacherOf(), family()]);
    const res = await request(parent, teacher.teacherId, "full", "flexible");
    expect(res.status).toBe(400);
    expect(res.json.error.fields.format).toMatch(/^Choose how the lesson takes place/);
  });

  it("several times must share the format; the whole request gets it", async () => {
    const [teacher, parent] = await Promise.all([teacherOf("both"), family()]);
    // Monday's window becomes online only; the rest of the week stays open to both.
    const week = Object.entries((await fixtures.slotsOf(t, teacher.teacherId, "full")).days).slice(7, 14);
    const monday = week.find(([date]) => new Date(`${date}T12:00:00Z`).getUTCDay() === 1)!;
    const tuesday = week.find(([date]) => new Date(`${date}T12:00:00Z`).getUTCDay() === 2)!;
    await t.deps.db.delete(teacherAvailability).where(eq(teacherAvailability.teacherId, teacher.teacherId));
    await t.deps.db.insert(teacherAvailability).values([
      { teacherId: teacher.teacherId, dayOfWeek: 1, startTime: "09:00", endTime: "17:00", format: "online" },
      { teacherId: teacher.teacherId, dayOfWeek: 2, startTime: "09:00", endTime: "17:00", format: "in_person" },
    ]);
    const mixed = [monday[1][0]!.startsAt, tuesday[1][0]!.startsAt];
    const none = await fixtures.book(t, parent, teacher.teacherId, mixed, "full", { format: undefined });
    expect([none.status, none.json.error.message]).toEqual([400, NO_COMMON_FORMAT_MESSAGE]);
    const refused = await fixtures.book(t, parent, teacher.teacherId, mixed, "full", { format: "online" });
    expect([refused.status, refused.json.error.message]).toEqual([400, FORMAT_NOT_OFFERED_MESSAGE]);
    const ok = await fixtures.book(t, parent, teacher.teacherId, [monday[1][0]!.startsAt, monday[1][2]!.startsAt], "full", { format: undefined });
    expect(ok.status, ok.text).toBe(201);
    expect((ok.json.bookings as BookingRequestDTO[]).map((b) => b.format)).toEqual(["online", "online"]);
  });
});

describe("accepting an online lesson needs a meeting link", () => {
  it("is refused (409) without one, changing nothing; a default link, or the student's own, lets it through", async () => {
    const [teacher, parent] = await Promise.all([teacherOf(), family()]);
    const first = ((await request(parent, teacher.teacherId, "full", "online")).json.bookings as BookingRequestDTO[])[0]!;
    const call = ((await request(parent, teacher.teacherId, "intro", "online")).json.bookings as BookingRequestDTO[])[0]!;

    // The teacher's list says so beforehand; the family's list never carries it.
    const listed = (await send(t, "GET", "/api/bookings/requests", { cookie: teacher.cookie })).json.bookings as BookingRequestDTO[];
    expect(listed.map((b) => b.meetingLinkNeeded)).toEqual([true, true]);
    const mine = (await send(t, "GET", "/api/bookings/mine", { cookie: parent.cookie })).json.bookings as BookingRequestDTO[];
    expect(mine.every((b) => !("meetingLinkNeeded" in b))).toBe(true);

    const before = await tableCounts(t);
    for (const id of [first.id, call.id]) {
      const refused = await accept(teacher.cookie, id);
      expect([refused.status, refused.json.error.message, refused.json.error.reason]).toEqual([409, MEETING_LINK_NEEDED_MESSAGE, "meeting_link_needed"]);
    }
    expect(await tableCounts(t)).toEqual(before);
    expect((await lessonOf(parent.cookie, "mine", first.id))!.status).toBe("pending");

    // A link for this student alone.
    const put = await send(t, "PUT", `/api/teachers/me/students/${parent.studentIds[0]}/meeting-link`, { cookie: teacher.cookie, body: { url: MIA_LINK } });
    expect([put.status, put.json]).toEqual([200, { studentId: parent.studentIds[0], meetingLink: MIA_LINK }]);
    expect(((await send(t, "GET", "/api/bookings/requests", { cookie: teacher.cookie })).json.bookings as BookingRequestDTO[]).map((b) => b.meetingLinkNeeded)).toEqual([
      false,
      false,
    ]);
    expect((await accept(teacher.cookie, first.id)).status).toBe(200);

    // Or the default link, once the student's link is gone.
    const other = await family();
    const theirs = ((await request(other, teacher.teacherId, "intro", "online")).json.bookings as BookingRequestDTO[])[0]!;
    expect((await accept(teacher.cookie, theirs.id)).status).toBe(409);
    expect((await setDefaultLink(teacher.cookie, LINK)).status).toBe(200);
    expect((await accept(teacher.cookie, theirs.id)).status).toBe(200);
  });

  it("an in-person lesson and a phone call need no link", async () => {
    const [teacher, parent] = await Promise.all([teacherOf(), family()]);
    const lesson = ((await request(parent, teacher.teacherId, "full", "in_person")).json.bookings as BookingRequestDTO[])[0]!;
    const call = ((await request(parent, teacher.teacherId, "intro", "phone")).json.bookings as BookingRequestDTO[])[0]!;
    expect((await accept(teacher.cookie, lesson.id)).status).toBe(200);
    expect((await accept(teacher.cookie, call.id)).status).toBe(200);
  });

  it("a link that accepted online lessons rely on cannot be removed, only replaced", async () => {
    const [teacher, parent] = await Promise.all([teacherOf(), family()]);
    expect((await setDefaultLink(teacher.cookie, LINK)).status).toBe(200);
    const lesson = ((await request(parent, teacher.teacherId, "full", "online")).json.bookings as BookingRequestDTO[])[0]!;
    expect((await accept(teacher.cookie, lesson.id)).status).toBe(200);

    const removed = await setDefaultLink(teacher.cookie, "");
    expect([removed.status, removed.json.error.fields.meetingUrl]).toEqual([409, "An upcoming online lesson uses this link. Enter another link instead of removing it, or cancel that lesson first."]);
    expect((await send(t, "GET", "/api/teachers/me", { cookie: teacher.cookie })).json.meetingUrl).toBe(LINK);
    expect((await setDefaultLink(teacher.cookie, "https://meet.example/new-room")).status).toBe(200);

    // With the student's own link, the default is free to go; then the student's link is the one relied on.
    const path = `/api/teachers/me/students/${parent.studentIds[0]}/meeting-link`;
    expect((await send(t, "PUT", path, { cookie: teacher.cookie, body: { url: MIA_LINK } })).status).toBe(200);
    expect((await setDefaultLink(teacher.cookie, null)).status).toBe(200);
    const unlinked = await send(t, "DELETE", path, { cookie: teacher.cookie });
    expect([unlinked.status, unlinked.json.error.reason]).toEqual([409, "link_in_use"]);
    // Once the lesson is cancelled nothing relies on it.
    expect((await send(t, "POST", `/api/lessons/${lesson.id}/cancel`, { cookie: teacher.cookie, body: { scope: "one" } })).status).toBe(200);
    expect((await send(t, "DELETE", path, { cookie: teacher.cookie })).json).toEqual({ studentId: parent.studentIds[0], meetingLink: null });
  });
});

describe("who sees the link, the address and the phone numbers, and when", () => {
  it("an online lesson: only its parent and teacher, only once accepted; the student's link wins over the default", async () => {
    const [teacher, parent, otherParent, otherTeacher] = await Promise.all([teacherOf(), family(), family(), teacherOf()]);
    expect((await setDefaultLink(teacher.cookie, LINK)).status).toBe(200);
    const id = ((await request(parent, teacher.teacherId, "full", "online")).json.bookings as BookingRequestDTO[])[0]!.id;

    // Pending: the format alone, on both sides.
    for (const [cookie, side] of [[parent.cookie, "mine"], [teacher.cookie, "teaching"]] as const) {
      const pending = (await lessonOf(cookie, side, id))!;
      expect([pending.place, pending.contact]).toEqual([{ format: "online", label: "Online", link: null }, null]);
    }
    const requestJson = JSON.stringify((await send(t, "GET", "/api/bookings/mine", { cookie: parent.cookie })).json);
    expect(requestJson).not.toContain(LINK);

    await send(t, "PUT", `/api/teachers/me/students/${parent.studentIds[0]}/meeting-link`, { cookie: teacher.cookie, body: { url: MIA_LINK } });
    expect((await accept(teacher.cookie, id)).status).toBe(200);

    const seenByParent = (await lessonOf(parent.cookie, "mine", id))!;
    expect(seenByParent.place).toEqual({ format: "online", label: "Online", link: MIA_LINK });
    expect(seenByParent.contact).toEqual({ name: "Terry Teacher", email: teacher.email, phone: "(555) 555-0100" });
    const seenByTeacher = (await lessonOf(teacher.cookie, "teaching", id))!;
    expect(seenByTeacher.place).toEqual({ format: "online", label: "Online", link: MIA_LINK });
    expect(seenByTeacher.contact).toEqual({ name: "Pat Parent", email: parent.email, phone: "(212) 555-0199" });

    // Nobody else: another family's and another teacher's lists, calendars and files never hold it.
    for (const [cookie, side] of [[otherParent.cookie, "mine"], [otherTeacher.cookie, "teaching"]] as const) {
      expect(await lessonOf(cookie, side, id)).toBeUndefined();
      expect(JSON.stringify(await eventsOf(cookie))).not.toContain(MIA_LINK);
    }
    const event = (await eventsOf(teacher.cookie)).find((e) => e.bookingId === id)!;
    for (const cookie of [otherParent.cookie, otherTeacher.cookie]) {
      expect((await send(t, "GET", `/api/calendar/events/${event.id}/ics`, { cookie })).status).toBe(404);
      expect((await send(t, "POST", `/api/lessons/${id}/cancel`, { cookie, body: { scope: "one" } })).status).toBe(404);
    }

    // Cancelled: the link is withdrawn again.
    expect((await send(t, "POST", `/api/lessons/${id}/cancel`, { cookie: parent.cookie, body: { scope: "one" } })).status).toBe(200);
    for (const [cookie, side] of [[parent.cookie, "mine"], [teacher.cookie, "teaching"]] as const) {
      const cancelled = (await lessonOf(cookie, side, id))!;
      expect([cancelled.place, cancelled.contact]).toEqual([{ format: "online", label: "Online", link: null }, null]);
    }
  });

  it("in person: the teacher's studio, or the family's home when the teacher travels", async () => {
    const [teacher, traveller, parent] = await Promise.all([teacherOf(), teacherOf(), family()]);
    expect((await send(t, "PATCH", "/api/teachers/me", { cookie: teacher.cookie, body: { inPersonPlace: "studio", studioAddress: "1 Studio Way, Chicago, IL" } })).status).toBe(200);
    expect((await send(t, "PATCH", "/api/teachers/me", { cookie: traveller.cookie, body: { inPersonPlace: "family_home" } })).status).toBe(200);
    const atStudio = ((await request(parent, teacher.teacherId, "full", "in_person")).json.bookings as BookingRequestDTO[])[0]!.id;
    const atHome = ((await request(parent, traveller.teacherId, "full", "in_person")).json.bookings as BookingRequestDTO[])[0]!.id;

    expect((await lessonOf(parent.cookie, "mine", atStudio))!.place).toEqual({ format: "in_person", label: "In person", at: "studio", address: null });
    expect((await lessonOf(traveller.cookie, "teaching", atHome))!.place).toEqual({ format: "in_person", label: "In person", at: "family_home", address: null });
    expect((await accept(teacher.cookie, atStudio)).status).toBe(200);
    expect((await accept(traveller.cookie, atHome)).status).toBe(200);

    expect((await lessonOf(parent.cookie, "mine", atStudio))!.place).toMatchObject({ at: "studio", address: "1 Studio Way, Chicago, IL" });
    expect((await lessonOf(teacher.cookie, "teaching", atStudio))!.place).toMatchObject({ address: "1 Studio Way, Chicago, IL" });
    expect((await lessonOf(traveller.cookie, "teaching", atHome))!.place).toMatchObject({ at: "family_home", address: "12 Elm St, Brooklyn, NY 11201" });
    expect((await lessonOf(parent.cookie, "mine", atHome))!.place).toMatchObject({ address: "12 Elm St, Brooklyn, NY 11201" });
    // The other teacher never learns this family's address through their own lesson list.
    expect(JSON.stringify(await lessonsOf(teacher.cookie, "teaching"))).not.toContain("12 Elm St");
  });

  it("an intro call by phone: both numbers, once accepted", async () => {
    const [teacher, parent] = await Promise.all([teacherOf(), family()]);
    const id = ((await request(parent, teacher.teacherId, "intro", "phone")).json.bookings as BookingRequestDTO[])[0]!.id;
    expect((await lessonOf(parent.cookie, "mine", id))!.place).toEqual({ format: "phone", label: "By phone", teacherPhone: null, parentPhone: null });
    expect((await accept(teacher.cookie, id)).status).toBe(200);
    const place = { format: "phone", label: "By phone", teacherPhone: "(555) 555-0100", parentPhone: "(212) 555-0199" };
    expect((await lessonOf(parent.cookie, "mine", id))!.place).toEqual(place);
    expect((await lessonOf(teacher.cookie, "teaching", id))!.place).toEqual(place);
  });

  it("a declined request never shows them", async () => {
    const [teacher, parent] = await Promise.all([teacherOf(), family()]);
    expect((await setDefaultLink(teacher.cookie, LINK)).status).toBe(200);
    const id = ((await request(parent, teacher.teacherId, "full", "online")).json.bookings as BookingRequestDTO[])[0]!.id;
    expect((await send(t, "POST", `/api/bookings/${id}/decline`, { cookie: teacher.cookie })).status).toBe(200);
    const mine = (await send(t, "GET", "/api/bookings/mine", { cookie: parent.cookie })).json.bookings as BookingRequestDTO[];
    expect(mine.find((b) => b.id === id)).toMatchObject({ status: "declined", format: "online" });
    expect(JSON.stringify(mine)).not.toContain(LINK);
    expect(await lessonOf(parent.cookie, "mine", id)).toBeUndefined();
  });
});

describe("the calendar and its .ics files (LOCATION and URL)", () => {
  it("carry the place once accepted, for both sides, in the lesson's file and the subscription feeds", async () => {
    const [teacher, parent] = await Promise.all([teacherOf(), family()]);
    expect((await setDefaultLink(teacher.cookie, LINK)).status).toBe(200);
    const id = ((await request(parent, teacher.teacherId, "full", "online")).json.bookings as BookingRequestDTO[])[0]!.id;
    expect((await accept(teacher.cookie, id)).status).toBe(200);

    const teacherEvent = (await eventsOf(teacher.cookie)).find((e) => e.bookingId === id)!;
    const parentEvent = (await eventsOf(parent.cookie)).find((e) => e.bookingId === id)!;
    expect(teacherEvent.place).toEqual({ format: "online", label: "Online", link: LINK });
    expect(teacherEvent.contact).toEqual({ name: "Pat Parent", email: parent.email, phone: "(212) 555-0199" });
    expect(parentEvent.place).toEqual({ format: "online", label: "Online", link: LINK });
    expect(parentEvent.contact).toEqual({ name: "Terry Teacher", email: teacher.email, phone: "(555) 555-0100" });

    for (const cookie of [teacher.cookie, parent.cookie]) {
      const ics = (await send(t, "GET", `/api/calendar/events/${teacherEvent.id}/ics`, { cookie })).text.replace(/\r\n /g, "");
      expect(ics).toContain(`LOCATION:Online: ${LINK}`);
      expect(ics).toContain(`URL;VALUE=URI:${LINK}`);
      const feed = await send(t, "POST", "/api/calendar/feed", { cookie });
      const text = (await send(t, "GET", new URL(feed.json.url as string).pathname)).text.replace(/\r\n /g, "");
      expect(text).toContain(`LOCATION:Online: ${LINK}`);
    }
    const parentIcs = (await send(t, "GET", `/api/calendar/events/${teacherEvent.id}/ics`, { cookie: parent.cookie })).text.replace(/\r\n /g, "");
    expect(parentIcs).toContain(`Contact: Terry Teacher\\, ${teacher.email}\\, (555) 555-0100`);

    // Cancelled: no place any more.
    expect((await send(t, "POST", `/api/lessons/${id}/cancel`, { cookie: teacher.cookie, body: { scope: "one" } })).status).toBe(200);
    const after = (await send(t, "GET", `/api/calendar/events/${teacherEvent.id}/ics`, { cookie: parent.cookie })).text;
    expect(after).not.toContain("LOCATION");
    expect(after).not.toContain(LINK);
  });
});

describe("a moved lesson keeps its format", () => {
  it("to a time that offers it; a time that does not is refused (409), changing nothing", async () => {
    const [teacher, parent] = await Promise.all([teacherOf("both"), family()]);
    expect((await setDefaultLink(teacher.cookie, LINK)).status).toBe(200);
    const days = Object.values((await fixtures.slotsOf(t, teacher.teacherId, "full")).days);
    const id = ((await fixtures.book(t, parent, teacher.teacherId, [days[3]![0]!.startsAt], "full", { format: "online" })).json.bookings as BookingRequestDTO[])[0]!.id;
    expect((await accept(teacher.cookie, id)).status).toBe(200);

    const moved = await send(t, "POST", `/api/lessons/${id}/reschedule`, { cookie: teacher.cookie, body: { startsAt: days[3]![2]!.startsAt } });
    expect(moved.status, moved.text).toBe(200);
    expect((moved.json.lesson as LessonDTO).place).toEqual({ format: "online", label: "Online", link: LINK });

    await t.deps.db.update(teacherAvailability).set({ format: "in_person" }).where(eq(teacherAvailability.teacherId, teacher.teacherId));
    const before = await tableCounts(t);
    const refused = await send(t, "POST", `/api/lessons/${id}/reschedule`, { cookie: teacher.cookie, body: { startsAt: days[4]![0]!.startsAt } });
    expect([refused.status, refused.json.error.message]).toEqual([409, "The teacher does not offer online lessons at that time. Please choose another time."]);
    expect(await tableCounts(t)).toEqual(before);
    expect((await lessonOf(parent.cookie, "mine", id))!.startsAt).toBe(days[3]![2]!.startsAt);
  });
});
