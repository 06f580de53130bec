import { createTimer } from "../../factories/practice";
import type { Allowed, RouteCase } from "../route-case";
import { parentsOnly, teachersOnly } from "../route-case";

/**
 * Practice (issue 29). Homework is set, changed and reviewed by a teacher who teaches the student;
 * practice is logged and timed by the child's parent; both read the student's figures. A stranger
 * parent or another teacher gets 404 (403 for the wrong role). Scoping and the rules:
 * practice.integration.test.ts.
 */
const theTeacher: Allowed = { anonymous: false, parent: false, otherParent: false, teacher: true, otherTeacher: false };
const theParent: Allowed = { anonymous: false, parent: true, otherParent: false, teacher: false, otherTeacher: false };
const bothSides: Allowed = { anonymous: false, parent: true, otherParent: false, teacher: true, otherTeacher: false };

const item = { description: "Minuet in G, bars 1-16, slowly" };
const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
const timerOf = (world: Parameters<RouteCase["request"]>[0]) => `/api/practice/students/${world.parent.studentIds[0]}/timer`;

export const practiceCases: RouteCase[] = [
  {
    route: "POST /api/practice/homework", allowed: theTeacher, ok: 201,
    request: (world) => ({ path: "/api/practice/homework", body: { studentId: world.parent.studentIds[0], items: [item] } }),
    badInput: {
      as: "teacher",
      validBody: (world) => ({ studentId: world.parent.studentIds[0], classId: world.classId, items: [item], goalMinutesPerDay: 20, goalDaysPerWeek: 5, dueOn: inAWeek() }),
      optionalKeys: ["classId", "goalMinutesPerDay", "goalDaysPerWeek", "dueOn"],
    },
  },
  {
    route: "PATCH /api/practice/homework/:homeworkId", allowed: theTeacher, ok: 200,
    request: (world) => ({ path: `/api/practice/homework/${world.practice.homeworkId}`, body: { goalMinutesPerDay: 20, goalDaysPerWeek: 5 } }),
    badInput: { as: "teacher", validBody: () => ({ goalMinutesPerDay: 20, goalDaysPerWeek: 5, dueOn: inAWeek() }), optionalKeys: ["goalMinutesPerDay", "goalDaysPerWeek", "dueOn"] },
  },
  {
    route: "POST /api/practice/homework/:homeworkId/review", allowed: theTeacher, ok: 200,
    request: (world) => ({ path: `/api/practice/homework/${world.practice.homeworkId}/review`, body: { comment: "Lovely even tone." } }),
    badInput: { as: "teacher", validBody: () => ({ comment: "Lovely even tone." }) },
  },
  { route: "GET /api/practice/my-students", allowed: teachersOnly, ok: 200, request: () => ({ path: "/api/practice/my-students" }) },
  { route: "GET /api/practice/my-children", allowed: parentsOnly, ok: 200, request: () => ({ path: "/api/practice/my-children" }) },
  { route: "GET /api/practice/students/:studentId", allowed: bothSides, ok: 200, request: (world) => ({ path: `/api/practice/students/${world.parent.studentIds[0]}` }) },
  {
    route: "POST /api/practice/entries", allowed: theParent, ok: 201,
    request: (world) => ({ path: "/api/practice/entries", body: { studentId: world.parent.studentIds[0], minutes: 15 } }),
    badInput: {
      as: "parent",
      // homeworkItemIds is left out: the barrage's `[]` is a valid "no items" (integration tests cover the ids).
      validBody: (world) => ({ studentId: world.parent.studentIds[0], practicedOn: world.practice.entryDay, minutes: 15, note: "Scales" }),
      optionalKeys: ["practicedOn", "note"],
    },
  },
  {
    route: "PATCH /api/practice/entries/:entryId", allowed: theParent, ok: 200,
    request: (world) => ({ path: `/api/practice/entries/${world.practice.entryId}`, body: { minutes: 25 } }),
    badInput: { as: "parent", validBody: () => ({ minutes: 25, note: "Scales" }), optionalKeys: ["minutes", "note"] },
  },
  { route: "DELETE /api/practice/entries/:entryId", allowed: theParent, ok: 204, request: (world) => ({ path: `/api/practice/entries/${world.practice.entryId}` }) },
  { route: "GET /api/practice/students/:studentId/timer", allowed: theParent, ok: 200, request: (world) => ({ path: timerOf(world) }) },
  {
    // The world's timer runs for the first student; the second has none, so a start succeeds.
    route: "POST /api/practice/students/:studentId/timer", allowed: theParent, ok: 201, bodyless: true,
    request: (world) => ({ path: `/api/practice/students/${world.parent.studentIds[1]}/timer` }),
  },
  { route: "POST /api/practice/students/:studentId/timer/pause", allowed: theParent, ok: 200, bodyless: true, request: (world) => ({ path: `${timerOf(world)}/pause` }) },
  {
    route: "POST /api/practice/students/:studentId/timer/resume", allowed: theParent, ok: 200, bodyless: true,
    request: (world) => ({ path: `${timerOf(world)}/resume` }),
    prepare: (t, world) => createTimer(t.deps, { studentId: world.parent.studentIds[0]!, parentId: world.parent.parentId, minutesAgo: 5, paused: true }),
  },
  {
    route: "POST /api/practice/students/:studentId/timer/stop-and-log", allowed: theParent, ok: 201,
    request: (world) => ({ path: `${timerOf(world)}/stop-and-log`, body: {} }),
    badInput: { as: "parent", validBody: () => ({ note: "Timed scales" }), optionalKeys: ["note"] },
  },
  { route: "DELETE /api/practice/students/:studentId/timer", allowed: theParent, ok: 204, request: (world) => ({ path: timerOf(world) }) },
  {
    route: "PATCH /api/practice/classes/:classId", allowed: theTeacher, ok: 200,
    request: (world) => ({ path: `/api/practice/classes/${world.classId}`, body: { practiceXp: false } }),
    badInput: { as: "teacher", validBody: () => ({ practiceXp: false }) },
  },
];
