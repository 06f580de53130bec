import type { World } from "../world";
import { operatorsOnly, type Allowed, type RouteCase } from "../route-case";

/**
 * Reports (issue 27). Anyone signed in with a parent or teacher profile may report world.teacher's
 * profile, except the teacher themself (404, as a thing they cannot report); the operator holds
 * neither profile. The desk's routes are the operator's alone; the world holds an open report
 * about the parent's review (by the other parent) and one about the parent's message (by the teacher).
 */
const reportersOfTheTeacher: Allowed = { anonymous: false, parent: true, otherParent: true, teacher: false, otherTeacher: true };

const teacherReport = (world: World) => ({
  targetKind: "teacher",
  targetId: world.teacher.teacherId,
  reason: "fake_profile",
  details: "The photos are from a stock site.",
});
const reason = () => ({ reason: "Checked the messages: insults, against the rules." });
const action = (name: string, report: "review" | "message"): RouteCase => ({
  route: `POST /api/operator/reports/:reportId/${name}`,
  allowed: operatorsOnly,
  ok: 200,
  request: (world) => ({ path: `/api/operator/reports/${world.reports[report]}/${name}`, body: reason() }),
  badInput: { as: "operator", validBody: reason },
});
/** A step on a report (issue 41): the reason, and `close` to close the report with it (optional). */
const step = (name: string, report: "review" | "message"): RouteCase => ({
  ...action(name, report),
  badInput: { as: "operator", validBody: () => ({ ...reason(), close: true }), optionalKeys: ["close"] },
});

export const reportsCases: RouteCase[] = [
  {
    route: "POST /api/reports",
    allowed: reportersOfTheTeacher,
    ok: 201,
    request: (world) => ({ path: "/api/reports", body: teacherReport(world) }),
    badInput: { as: "parent", validBody: teacherReport, optionalKeys: ["details"] },
  },
  { route: "GET /api/operator/reports", allowed: operatorsOnly, ok: 200, request: () => ({ path: "/api/operator/reports" }) },
  {
    route: "GET /api/operator/reports/:reportId",
    allowed: operatorsOnly,
    ok: 200,
    request: (world) => ({ path: `/api/operator/reports/${world.reports.review}` }),
  },
  action("dismiss", "review"),
  action("close", "message"),
  step("hide-review", "review"),
  step("hide-message", "message"),
  step("warn", "message"),
  step("suspend", "review"),
];
