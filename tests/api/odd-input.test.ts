// Issue 25 item 2 and 3: input that once answered 500 or reached a file as structure. Each is a
// 400 with a message now (or is made harmless), on PGlite and on PostgreSQL.
import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calendarEvents } from "../../src/server/db/schema/calendar";
import { send } from "../fixtures/http";
import { createTestApp, type TestApp } from "../fixtures/test-app";
import { createWorld, tableCounts, type World } from "./world";

let t: TestApp;
let world: World;
beforeAll(async () => {
  t = await createTestApp();
  world = await createWorld(t);
});
afterAll(() => t.close());

const deep = (levels: number) => `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;

function expect400(res: { status: number; json: Record<string, any>; text: string }) {
  expect(res.status, res.text.slice(0, 200)).toBe(400);
  expect(res.json?.error?.message).toEqual(expect.any(String));
}

describe("a body nested thousands of levels deep", () => {
  it("anonymous sign-in: 400 'nested too deeply', not a stack overflow", async () => {
    const res = await send(t, "POST", "/api/session", { body: deep(5000) });
    expect400(res);
    expect(res.json.error.message).toMatch(/nested too deeply/);
  });

  it("a signed-in JSON route too, the deep value in a field of its own", async () => {
    const body = `{"firstName":${deep(5000)},"lastName":"Lovelace","age":9}`;
    const before = await tableCounts(t);
    expect400(await send(t, "POST", "/api/students", { body, cookie: world.cookies.parent }));
    expect(await tableCounts(t)).toEqual(before);
  });
});

describe("dates that name no real moment", () => {
  it.each(["2026-02-30T00:00:00Z", "2026-13-01T00:00:00Z", "0000-01-01T00:00:00Z"])("a message-history cursor at %s: 400", async (date) => {
    const before = `${date}_6f1c8a3e-2b7d-4c59-9e0a-1d2b3c4d5e6f`;
    const res = await send(t, "GET", `/api/messages/conversations/${world.conversationId}/messages?before=${encodeURIComponent(before)}`, { cookie: world.cookies.parent });
    expect400(res);
  });

  it.each(["9999-12-31T15:00:00Z", "0000-01-01T15:00:00Z", "2026-02-30T15:00:00Z"])("a weekly series starting at %s: 400, nothing stored", async (start) => {
    const before = await tableCounts(t);
    const res = await send(t, "POST", "/api/bookings", {
      cookie: world.cookies.parent,
      body: { teacherId: world.teacher.teacherId, studentId: world.parent.studentIds[0], bookingType: "full", startTimes: [start], repeat: { weeks: 4 } },
    });
    expect400(res);
    expect(await tableCounts(t)).toEqual(before);
  });

  it("a lesson moved to February 30th: 400", async () => {
    expect400(await send(t, "POST", `/api/lessons/${world.lessons.teacher}/reschedule`, { cookie: world.cookies.teacher, body: { startsAt: "2026-02-30T15:00:00Z" } }));
  });

  it.each(["1900-01-01", "9999-12-31", "2000-01-01"])("a grade dated %s (outside the class's life): 400", async (date) => {
    const res = await send(t, "POST", `/api/classes/${world.classId}/grades`, {
      cookie: world.cookies.teacher,
      body: { title: "Scales", category: "Technique", score: 90, feedback: "", date },
    });
    expect400(res);
    expect(res.json.error.fields).toHaveProperty("date");
  });

  it("a grade dated today is taken", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const res = await send(t, "POST", `/api/classes/${world.classId}/grades`, {
      cookie: world.cookies.teacher,
      body: { title: "Scales", category: "Technique", score: 90, feedback: "", date: today },
    });
    expect(res.status, res.text.slice(0, 300)).toBeLessThan(300);
  });
});

describe("names that would become structure in a calendar file", () => {
  const FORGED = "K\r\nBEGIN:VEVENT\r\nUID:forged\r\nSUMMARY:forged\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:forged2\r\nEND:VEVENT";

  it("a line break in a name is refused at input (student, parent, class)", async () => {
    expect400(await send(t, "POST", "/api/students", { cookie: world.cookies.parent, body: { firstName: FORGED, lastName: "Rivera", age: 9 } }));
    expect400(await send(t, "POST", "/api/students", { cookie: world.cookies.parent, body: { firstName: "Mia", lastName: "Ri\nvera", age: 9 } }));
    expect400(await send(t, "POST", "/api/classes", { cookie: world.cookies.teacher, body: { name: "Piano\r\nBEGIN:VEVENT" } }));
  });

  it("a title already stored with line breaks still makes one event, its name one value (ical.js reads it back)", async () => {
    await t.deps.db.update(calendarEvents).set({ title: `Lesson with ${FORGED}` }).where(eq(calendarEvents.id, world.teacherEventId));
    const res = await t.app.request(`/api/calendar/events/${world.teacherEventId}/ics`, { headers: { cookie: world.cookies.teacher! } });
    expect(res.status).toBe(200);
    const calendar = new ICAL.Component(ICAL.parse(await res.text()));
    const events = calendar.getAllSubcomponents("vevent");
    expect(events).toHaveLength(1);
    expect(new ICAL.Event(events[0]).summary).toBe(`Lesson with ${FORGED.replace(/\r\n/g, "\n")}`);
    // ical.js keeps an X- property's text as written: one escaped value, no line of its own.
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe(`Lesson with ${FORGED.replace(/\r\n/g, "\\n")}`);
  });
});
