import type { Allowed, RouteCase } from "../route-case";
import { everyone, signedIn, teachersOnly } from "../route-case";
import type { Actor, World } from "../world";

const ownParentOnly: Allowed = { anonymous: false, parent: true, otherParent: false, teacher: false, otherTeacher: false };
const ownTeacherOnly: Allowed = { anonymous: false, parent: false, otherParent: false, teacher: true, otherTeacher: false };

const eventBody = (world: World, actor: Actor = "parent") => ({
  title: "Scales practice",
  eventType: "practice",
  date: "2026-12-02",
  startTime: "16:00",
  endTime: "16:30",
  notes: "C major",
  timeZone: "America/Los_Angeles",
  // A parent's event may be about their own student; a teacher's names none.
  ...(actor === "parent" ? { studentId: world.parent.studentIds[0]! } : {}),
});

/** Required fields only: the bad-input test expects every variant, a missing field included, to be refused. */
const requiredEventBody = () => ({
  title: "Scales practice",
  eventType: "practice",
  date: "2026-12-02",
  startTime: "16:00",
  endTime: "16:30",
  timeZone: "America/Los_Angeles",
});

/** A calendar address each teacher adds as their own (issue 46); the label may be left out. */
const busyCalendarBody = () => ({ url: "https://calendar.example.com/secret/basic.ics", label: "Orchestra" });

export const calendarCases: RouteCase[] = [
  // A teacher's own calendars read for busy times (issue 46): teachers only (a parent 403), each
  // their own (a calendar of `world.teacher` is 404 to the other teacher).
  { route: "GET /api/calendar/busy-calendars", allowed: teachersOnly, ok: 200, request: () => ({ path: "/api/calendar/busy-calendars" }) },
  {
    route: "POST /api/calendar/busy-calendars",
    allowed: teachersOnly,
    ok: 201,
    request: () => ({ path: "/api/calendar/busy-calendars", body: busyCalendarBody() }),
    badInput: { as: "teacher", validBody: busyCalendarBody, optionalKeys: ["label"] },
  },
  {
    route: "POST /api/calendar/busy-calendars/:calendarId/refresh",
    allowed: ownTeacherOnly,
    ok: 200,
    bodyless: true,
    request: (world) => ({ path: `/api/calendar/busy-calendars/${world.busyCalendarId}/refresh` }),
  },
  {
    route: "DELETE /api/calendar/busy-calendars/:calendarId",
    allowed: ownTeacherOnly,
    ok: 200,
    request: (world) => ({ path: `/api/calendar/busy-calendars/${world.busyCalendarId}` }),
  },
  {
    route: "GET /api/calendar/busy-times",
    allowed: teachersOnly,
    ok: 200,
    request: () => ({ path: "/api/calendar/busy-times?from=2026-12-01&to=2026-12-31&timeZone=America%2FNew_York" }),
  },
  {
    // Everyone signed in reads their own calendar (scoping is tested in calendar.integration.test.ts).
    route: "GET /api/calendar/events",
    allowed: signedIn,
    ok: 200,
    request: () => ({ path: "/api/calendar/events?from=2026-12-01&to=2026-12-31&timeZone=America%2FNew_York" }),
  },
  {
    route: "POST /api/calendar/events",
    allowed: signedIn,
    ok: 201,
    request: (world, actor) => ({ path: "/api/calendar/events", body: eventBody(world, actor) }),
    badInput: { as: "parent", validBody: requiredEventBody },
  },
  {
    // Only the owner edits: the parent's practice event is invisible (404) to everyone else. A
    // second guardian of the household (issue 45) reads it through the child, but an event one
    // guardian made is theirs to change.
    route: "PUT /api/calendar/events/:eventId",
    allowed: { ...ownParentOnly, secondGuardian: false },
    ok: 200,
    request: (world, actor) => ({ path: `/api/calendar/events/${world.parentEventId}`, body: eventBody(world, actor) }),
    badInput: { as: "parent", validBody: requiredEventBody },
  },
  {
    route: "DELETE /api/calendar/events/:eventId",
    allowed: ownTeacherOnly,
    ok: 200,
    request: (world) => ({ path: `/api/calendar/events/${world.teacherEventId}` }),
  },
  {
    route: "GET /api/calendar/events/:eventId/ics",
    allowed: ownParentOnly,
    ok: 200,
    request: (world) => ({ path: `/api/calendar/events/${world.parentEventId}/ics` }),
  },
  { route: "GET /api/calendar/feed", allowed: signedIn, ok: 200, request: () => ({ path: "/api/calendar/feed" }) },
  { route: "POST /api/calendar/feed", allowed: signedIn, ok: 201, bodyless: true, request: () => ({ path: "/api/calendar/feed" }) },
  { route: "DELETE /api/calendar/feed", allowed: signedIn, ok: 200, request: () => ({ path: "/api/calendar/feed" }) },
  {
    // Public (calendar apps have no session): the secret token is the key; a wrong one is a 404.
    route: "GET /api/calendar/feed/:file",
    allowed: everyone,
    ok: 200,
    request: (world) => ({ path: world.teacherFeedPath }),
  },
];
