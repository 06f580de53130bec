import type { World } from "../world";
import { parentsOnly, type Allowed, type RouteCase } from "../route-case";

/**
 * Routes on the parent's own student: every actor calls them with `world.parent`'s ids, so the
 * other parent must be refused (404, as if the student did not exist) as well as the teachers.
 */
const studentOwnerOnly: Allowed = { anonymous: false, parent: true, otherParent: false, teacher: false, otherTeacher: false };

const studentPath = (world: World) => `/api/students/${world.parent.studentIds[0]}`;

const newStudent = () => ({ firstName: "Ada", lastName: "Lovelace", age: 9 });
const profileEdit = () => ({ firstName: "Ada" });
const newRepertoire = () => ({ title: "Für Elise", composer: "Beethoven", genre: "Classical", completedDate: "2024-03-01" });

export const studentsCases: RouteCase[] = [
  // Each parent lists and adds their own students.
  { route: "GET /api/students", ok: 200, allowed: parentsOnly, request: () => ({ path: "/api/students" }) },
  {
    route: "POST /api/students", ok: 201,
    allowed: parentsOnly,
    request: () => ({ path: "/api/students", body: newStudent() }),
    badInput: { as: "parent", validBody: newStudent },
  },
  {
    route: "GET /api/students/:studentId", ok: 200,
    allowed: studentOwnerOnly,
    request: (world) => ({ path: studentPath(world) }),
  },
  {
    route: "PATCH /api/students/:studentId", ok: 200,
    allowed: studentOwnerOnly,
    request: (world) => ({ path: studentPath(world), body: profileEdit() }),
    badInput: { as: "parent", validBody: profileEdit },
  },
  {
    route: "POST /api/students/:studentId/repertoire", ok: 201,
    allowed: studentOwnerOnly,
    request: (world) => ({ path: `${studentPath(world)}/repertoire`, body: newRepertoire() }),
    badInput: { as: "parent", validBody: newRepertoire },
  },
  {
    route: "DELETE /api/students/:studentId/repertoire/:entryId", ok: 200,
    allowed: studentOwnerOnly,
    request: (world) => ({ path: `${studentPath(world)}/repertoire/${world.repertoireId}` }),
  },
];
