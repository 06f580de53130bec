import { TZDate } from "@date-fns/tz";
import type { Allowed, RouteCase } from "../route-case";
import { everyone, parentsOnly, teachersOnly } from "../route-case";
import type { World } from "../world";

/** Next Monday (at least two days ahead) at 10:00 in Chicago: inside the factory teacher's window. */
export function nextFactorySlot(): string {
  const now = new TZDate(Date.now(), "America/Chicago");
  const daysAhead = ((1 - now.getDay() + 7) % 7) + 7;
  const monday = new TZDate(now.getFullYear(), now.getMonth(), now.getDate() + daysAhead, 10, 0, "America/Chicago");
  return new Date(monday.getTime()).toISOString();
}

function nextMonth(): string {
  const d = new Date();
  const next = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
  return next.toISOString().slice(0, 7);
}

const ownParentOnly: Allowed = { anonymous: false, parent: true, otherParent: false, teacher: false, otherTeacher: false };
const ownTeacherOnly: Allowed = { anonymous: false, parent: false, otherParent: false, teacher: true, otherTeacher: false };

const bookingBody = (world: World) => ({
  teacherId: world.teacher.teacherId,
  studentId: world.parent.studentIds[1]!,
  bookingType: "full",
  format: "online",
  startTimes: [nextFactorySlot()],
});

const acceptBody = () => ({ priceCents: 6550 });

const declineBody = () => ({ reason: "I am fully booked that week; any Tuesday after that works." });

export const bookingCases: RouteCase[] = [
  {
    route: "GET /api/teachers/:teacherId/slots", ok: 200,
    allowed: everyone,
    request: (world) => ({ path: `/api/teachers/${world.teacher.teacherId}/slots?month=${nextMonth()}&timeZone=America%2FNew_York&type=intro` }),
  },
  {
    // A parent books for their own student; another parent naming that student is refused (404).
    route: "POST /api/bookings", ok: 201,
    allowed: ownParentOnly,
    request: (world) => ({ path: "/api/bookings", body: bookingBody(world) }),
    badInput: { as: "parent", validBody: bookingBody },
  },
  { route: "GET /api/bookings/mine", ok: 200, allowed: parentsOnly, request: () => ({ path: "/api/bookings/mine" }) },
  { route: "GET /api/bookings/requests", ok: 200, allowed: teachersOnly, request: () => ({ path: "/api/bookings/requests" }) },
  {
    // The body is optional (an empty one takes the suggested price, issue 28): the barrage fuzzes `priceCents`.
    route: "POST /api/bookings/:bookingId/accept", ok: 200,
    allowed: ownTeacherOnly,
    request: (world) => ({ path: `/api/bookings/${world.pendingBookingId}/accept`, body: acceptBody() }),
    badInput: { as: "teacher", validBody: acceptBody, optionalKeys: ["priceCents"] },
  },
  {
    // The body is optional (an empty one declines without a reason): the barrage fuzzes `reason`.
    route: "POST /api/bookings/:bookingId/decline", ok: 200,
    allowed: ownTeacherOnly,
    request: (world) => ({ path: `/api/bookings/${world.pendingBookingId}/decline`, body: declineBody() }),
    badInput: { as: "teacher", validBody: declineBody, optionalKeys: ["reason"] },
  },
];
