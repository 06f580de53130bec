import type { Actor, World } from "../world";
import type { Allowed, RouteCase } from "../route-case";
import { parentsOnly, teachersOnly } from "../route-case";

/** Only the entry's (or the offer's) own family; another parent gets 404, a teacher 403. */
const ownParentOnly: Allowed = { anonymous: false, parent: true, otherParent: false, teacher: false, otherTeacher: false };
/** Only the teacher whose waitlist it is; another teacher gets 404. */
const ownTeacherOnly: Allowed = { anonymous: false, parent: false, otherParent: false, teacher: true, otherTeacher: false };

/** Each parent joins for a student of their own (the parent's first student is already waiting). */
const joinBody = (world: World, actor: Actor = "parent") => ({
  teacherId: world.teacher.teacherId,
  studentId: actor === "otherParent" ? world.otherParent.studentIds[0] : world.parent.studentIds[1],
  bookingType: "full",
  format: "online",
  windows: [{ dayOfWeek: 2, startTime: "15:00", endTime: "18:00" }],
  timeZone: "America/New_York",
  repeatWeeks: 10,
});

const editBody = () => ({
  bookingType: "full",
  format: "in_person",
  windows: [
    { dayOfWeek: 2, startTime: "15:00", endTime: "18:00" },
    { dayOfWeek: 4, startTime: "16:00", endTime: "19:00" },
  ],
  timeZone: "Europe/Berlin",
});

const settingsBody = () => ({ open: true, offersEnabled: false, holdMinutes: 90 });

export const waitlistCases: RouteCase[] = [
  { route: "GET /api/waitlist/mine", ok: 200, allowed: parentsOnly, request: () => ({ path: "/api/waitlist/mine" }) },
  { route: "GET /api/waitlist/teaching", ok: 200, allowed: teachersOnly, request: () => ({ path: "/api/waitlist/teaching" }) },
  {
    route: "POST /api/waitlist", ok: 201,
    allowed: parentsOnly,
    request: (world, actor) => ({ path: "/api/waitlist", body: joinBody(world, actor) }),
    badInput: { as: "parent", validBody: (world) => joinBody(world), optionalKeys: ["repeatWeeks"] },
  },
  {
    route: "PUT /api/waitlist/entries/:entryId", ok: 200,
    allowed: ownParentOnly,
    request: (world) => ({ path: `/api/waitlist/entries/${world.waitlist.entryId}`, body: editBody() }),
    badInput: { as: "parent", validBody: editBody },
  },
  {
    route: "POST /api/waitlist/entries/:entryId/renew", ok: 200,
    allowed: ownParentOnly,
    bodyless: true,
    request: (world) => ({ path: `/api/waitlist/entries/${world.waitlist.entryId}/renew` }),
  },
  {
    route: "POST /api/waitlist/entries/:entryId/leave", ok: 200,
    allowed: ownParentOnly,
    bodyless: true,
    request: (world) => ({ path: `/api/waitlist/entries/${world.waitlist.entryId}/leave` }),
  },
  {
    route: "POST /api/waitlist/offers/:offerId/claim", ok: 201,
    allowed: ownParentOnly,
    bodyless: true,
    request: (world) => ({ path: `/api/waitlist/offers/${world.waitlist.offerId}/claim` }),
  },
  {
    route: "POST /api/waitlist/offers/:offerId/decline", ok: 204,
    allowed: ownParentOnly,
    bodyless: true,
    request: (world) => ({ path: `/api/waitlist/offers/${world.waitlist.offerId}/decline` }),
  },
  {
    route: "PUT /api/waitlist/teaching/settings", ok: 200,
    allowed: teachersOnly,
    request: () => ({ path: "/api/waitlist/teaching/settings", body: settingsBody() }),
    badInput: { as: "teacher", validBody: settingsBody },
  },
  {
    route: "POST /api/waitlist/teaching/entries/:entryId/close", ok: 200,
    allowed: ownTeacherOnly,
    bodyless: true,
    request: (world) => ({ path: `/api/waitlist/teaching/entries/${world.waitlist.entryId}/close` }),
  },
];
