import type { Actor, World } from "../world";
import type { Allowed, RouteCase } from "../route-case";
import { parentsOnly, teachersOnly } from "../route-case";

/** Only the lesson's two sides; another parent or teacher gets 404. */
const bothSides: Allowed = { anonymous: false, parent: true, otherParent: false, teacher: true, otherTeacher: false };
const ownTeacherOnly: Allowed = { anonymous: false, parent: false, otherParent: false, teacher: true, otherTeacher: false };

/** Each side acts on its own lesson (a lesson cancelled by one side cannot be cancelled again). */
const lessonOf = (world: World, actor: Actor) => (actor === "teacher" ? world.lessons.teacher : world.lessons.parent);

const seriesOf = (world: World, actor: Actor) => (actor === "teacher" ? world.series.teacher : world.series.parent);
const seriesChangeOf = (world: World, actor: Actor) => ({ ...(actor === "teacher" ? world.series.teacherChange : world.series.parentChange) });

const cancelBody = () => ({ scope: "one", reason: "Our car broke down." });

export const lessonsCases: RouteCase[] = [
  { route: "GET /api/lessons/mine", ok: 200, allowed: parentsOnly, request: () => ({ path: "/api/lessons/mine" }) },
  { route: "GET /api/lessons/teaching", ok: 200, allowed: teachersOnly, request: () => ({ path: "/api/lessons/teaching" }) },
  { route: "GET /api/lessons/credits", ok: 200, allowed: parentsOnly, request: () => ({ path: "/api/lessons/credits" }) },
  { route: "GET /api/lessons/teaching/credits", ok: 200, allowed: teachersOnly, request: () => ({ path: "/api/lessons/teaching/credits" }) },
  {
    route: "POST /api/lessons/:bookingId/cancel", ok: 200,
    allowed: bothSides,
    request: (world, actor) => ({ path: `/api/lessons/${lessonOf(world, actor)}/cancel`, body: cancelBody() }),
    // The reason is optional (a parent's cancel form does not ask for one): the barrage fuzzes it too.
    badInput: { as: "parent", validBody: cancelBody, optionalKeys: ["reason"] },
  },
  {
    route: "POST /api/lessons/:bookingId/reschedule", ok: 200,
    allowed: bothSides,
    request: (world, actor) => ({
      path: `/api/lessons/${lessonOf(world, actor)}/reschedule`,
      body: { startsAt: actor === "teacher" ? world.lessons.teacherMoveTo : world.lessons.parentMoveTo },
    }),
    badInput: { as: "parent", validBody: (world) => ({ startsAt: world.lessons.parentMoveTo }) },
  },
  // Issue 44: a weekly series changed from a lesson on; each side previews and changes its own series.
  {
    route: "POST /api/lessons/:bookingId/change-series/preview", ok: 200,
    allowed: bothSides,
    request: (world, actor) => ({ path: `/api/lessons/${seriesOf(world, actor)}/change-series/preview`, body: seriesChangeOf(world, actor) }),
    // The format is optional (left out, each lesson keeps its own): the barrage fuzzes it too.
    badInput: { as: "parent", validBody: (world) => seriesChangeOf(world, "parent"), optionalKeys: ["format"] },
  },
  {
    route: "POST /api/lessons/:bookingId/change-series", ok: 200,
    allowed: bothSides,
    request: (world, actor) => ({ path: `/api/lessons/${seriesOf(world, actor)}/change-series`, body: seriesChangeOf(world, actor) }),
    badInput: { as: "parent", validBody: (world) => seriesChangeOf(world, "parent"), optionalKeys: ["format"] },
  },
  {
    route: "PUT /api/lessons/:bookingId/attendance", ok: 200,
    allowed: ownTeacherOnly,
    request: (world) => ({ path: `/api/lessons/${world.lessons.started}/attendance`, body: { outcome: "attended", note: "Scales in G." } }),
    badInput: { as: "teacher", validBody: () => ({ outcome: "attended", note: "Scales in G." }) },
  },
];
