import type { Allowed, RouteCase } from "../route-case";
import { teachersOnly } from "../route-case";

/**
 * The signed-in teacher's lesson rules and days off (/api/teachers/me/lesson-settings and
 * /time-off). No teacher id in the path: each teacher acts on their own rows. A range of
 * `world.teacher` must be refused to the other teacher (404, as if it did not exist).
 */
const timeOffOwnerOnly: Allowed = { anonymous: false, parent: false, otherParent: false, teacher: true, otherTeacher: false };

const settings = () => ({ noticeHours: 48, bufferMinutes: 15, leadHours: 6 });

/** A week off starting 60 days from now (ahead in every zone). */
function timeOff() {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  return { startDate: day(60), endDate: day(66) };
}

const billingSettings = () => ({ lateCancelCharge: "half", paymentInstructions: "Zelle to terry@example.test, or cash at the lesson." });

export const lessonSettingsCases: RouteCase[] = [
  // Billing settings (issue 28): each teacher their own; a parent is refused (403) as on every /me route.
  { route: "GET /api/teachers/me/billing-settings", ok: 200, allowed: teachersOnly, request: () => ({ path: "/api/teachers/me/billing-settings" }) },
  {
    route: "PUT /api/teachers/me/billing-settings", ok: 200,
    allowed: teachersOnly,
    request: () => ({ path: "/api/teachers/me/billing-settings", body: billingSettings() }),
    badInput: { as: "teacher", validBody: billingSettings },
  },
  { route: "GET /api/teachers/me/lesson-settings", ok: 200, allowed: teachersOnly, request: () => ({ path: "/api/teachers/me/lesson-settings" }) },
  {
    route: "PUT /api/teachers/me/lesson-settings", ok: 200,
    allowed: teachersOnly,
    request: () => ({ path: "/api/teachers/me/lesson-settings", body: settings() }),
    badInput: { as: "teacher", validBody: settings },
  },
  {
    route: "POST /api/teachers/me/time-off", ok: 201,
    allowed: teachersOnly,
    request: () => ({ path: "/api/teachers/me/time-off", body: timeOff() }),
    badInput: { as: "teacher", validBody: timeOff },
  },
  {
    route: "DELETE /api/teachers/me/time-off/:timeOffId", ok: 200,
    allowed: timeOffOwnerOnly,
    request: (world) => ({ path: `/api/teachers/me/time-off/${world.timeOffId}` }),
  },
];
