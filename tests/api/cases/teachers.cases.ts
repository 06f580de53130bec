import { teachersOnly, type Allowed, type RouteCase } from "../route-case";

/**
 * Routes of the signed-in teacher's own profile and availability (/api/teachers/me…). They take
 * no teacher id: each teacher acts on their own row, so both teachers may call them. A route on
 * one of `world.teacher`'s windows must refuse the other teacher (404, as if it did not exist).
 */
const windowOwnerOnly: Allowed = { anonymous: false, parent: false, otherParent: false, teacher: true, otherTeacher: false };

const profileEdit = () => ({ bio: "I teach with patience." });
const discovery = () => ({ enabled: true });
const newWindow = () => ({ dayOfWeek: 0, startTime: "18:00", endTime: "19:00", format: "both" });
const studentLink = () => ({ url: "https://meet.example/terry-kid2" });
/** The teacher's own student: the other teacher does not teach them (404, as if they did not exist). */
const teacherOfStudentOnly: Allowed = windowOwnerOnly;

export const teachersCases: RouteCase[] = [
  { route: "GET /api/teachers/me", ok: 200, allowed: teachersOnly, request: () => ({ path: "/api/teachers/me" }) },
  {
    route: "PATCH /api/teachers/me", ok: 200,
    allowed: teachersOnly,
    request: () => ({ path: "/api/teachers/me", body: profileEdit() }),
    badInput: { as: "teacher", validBody: profileEdit },
  },
  { route: "GET /api/teachers/me/dashboard", ok: 200, allowed: teachersOnly, request: () => ({ path: "/api/teachers/me/dashboard" }) },
  {
    route: "PUT /api/teachers/me/discovery", ok: 200,
    allowed: teachersOnly,
    request: () => ({ path: "/api/teachers/me/discovery", body: discovery() }),
    badInput: { as: "teacher", validBody: discovery },
  },
  { route: "GET /api/teachers/me/availability", ok: 200, allowed: teachersOnly, request: () => ({ path: "/api/teachers/me/availability" }) },
  {
    route: "POST /api/teachers/me/availability", ok: 201,
    allowed: teachersOnly,
    request: () => ({ path: "/api/teachers/me/availability", body: newWindow() }),
    badInput: { as: "teacher", validBody: newWindow },
  },
  {
    // Issue 26: a meeting link for one of the teacher's students (the parent's first, taught by `teacher`).
    route: "PUT /api/teachers/me/students/:studentId/meeting-link", ok: 200,
    allowed: teacherOfStudentOnly,
    request: (world) => ({ path: `/api/teachers/me/students/${world.parent.studentIds[0]}/meeting-link`, body: studentLink() }),
    badInput: { as: "teacher", validBody: studentLink },
  },
  {
    route: "DELETE /api/teachers/me/students/:studentId/meeting-link", ok: 200,
    allowed: teacherOfStudentOnly,
    request: (world) => ({ path: `/api/teachers/me/students/${world.parent.studentIds[0]}/meeting-link` }),
  },
  {
    route: "DELETE /api/teachers/me/availability/:availabilityId", ok: 200,
    allowed: windowOwnerOnly,
    request: (world) => ({ path: `/api/teachers/me/availability/${world.availabilityId}` }),
  },
];
