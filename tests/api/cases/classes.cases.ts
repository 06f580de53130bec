import { TINY_PDF } from "../../factories/classes";
import type { World } from "../world";
import { parentsOnly, signedIn, teachersOnly, type Allowed, type RouteCase } from "../route-case";

/**
 * Routes on world.classId: the teacher's class joined by the parent's first student. Strangers
 * (the other parent, the other teacher) get 404; the class's other member gets 403.
 */
const classTeacherOnly: Allowed = { anonymous: false, parent: false, otherParent: false, teacher: true, otherTeacher: false };
const classParentOnly: Allowed = { anonymous: false, parent: true, otherParent: false, teacher: false, otherTeacher: false };
const classMembers: Allowed = { anonymous: false, parent: true, otherParent: false, teacher: true, otherTeacher: false };

const classPath = (world: World) => `/api/classes/${world.classId}`;

// Bodies for the bad-input barrage hold only required fields: a missing optional one is no error.
const newClass = () => ({ name: "Guitar Basics" });
const classEdit = () => ({ name: "Piano Basics II" });
const grade = () => ({ title: "Scales quiz", category: "Technique", score: 90 });
const categories = () => ({ categories: ["Technique", "Music Theory", "Performance", "Ear Training"] });
const format = () => ({ format: "grade" });
const value = () => ({ value: 60 });
const pdfUpload = () => ({
  bytes: new TextEncoder().encode(TINY_PDF),
  contentType: "application/pdf",
  headers: { "x-file-name": "scales.pdf" },
});

export const classesCases: RouteCase[] = [
  { route: "GET /api/classes", allowed: signedIn, ok: 200, request: () => ({ path: "/api/classes?status=active" }) },
  {
    route: "POST /api/classes",
    allowed: teachersOnly,
    ok: 201,
    request: () => ({ path: "/api/classes", body: newClass() }),
    badInput: { as: "teacher", validBody: newClass },
  },
  {
    // Each parent joins an open class of its own with its own student.
    route: "POST /api/classes/join",
    allowed: parentsOnly,
    ok: 200,
    request: (world, actor) =>
      actor === "otherParent"
        ? { path: "/api/classes/join", body: { code: world.otherOpenJoinCode, studentId: world.otherParent.studentIds[0] } }
        : { path: "/api/classes/join", body: { code: world.openJoinCode, studentId: world.parent.studentIds[0] } },
    badInput: { as: "parent", validBody: (world) => ({ code: world.openJoinCode, studentId: world.parent.studentIds[0] }) },
  },
  { route: "GET /api/classes/:classId", allowed: classMembers, ok: 200, request: (world) => ({ path: classPath(world) }) },
  {
    route: "PATCH /api/classes/:classId",
    allowed: classTeacherOnly,
    ok: 200,
    request: (world) => ({ path: classPath(world), body: classEdit() }),
    badInput: { as: "teacher", validBody: classEdit },
  },
  {
    route: "POST /api/classes/:classId/join-code",
    allowed: classTeacherOnly,
    ok: 200,
    bodyless: true,
    request: (world) => ({ path: `${classPath(world)}/join-code` }),
  },
  {
    // The family archives for itself; the teacher archives the class (issue 26).
    route: "POST /api/classes/:classId/archive",
    allowed: classMembers,
    ok: 200,
    bodyless: true,
    request: (world) => ({ path: `${classPath(world)}/archive` }),
  },
  {
    // Archive is per family: the class's parent brings it back to their active classes (200 also
    // when it was not archived: the family's classes end in the state asked for).
    route: "POST /api/classes/:classId/unarchive",
    allowed: classMembers,
    ok: 200,
    bodyless: true,
    request: (world) => ({ path: `${classPath(world)}/unarchive` }),
  },
  {
    route: "POST /api/classes/:classId/disenroll",
    allowed: classParentOnly,
    ok: 200,
    bodyless: true,
    request: (world) => ({ path: `${classPath(world)}/disenroll` }),
  },
  {
    route: "PUT /api/classes/:classId/progress/format",
    allowed: classTeacherOnly,
    ok: 200,
    request: (world) => ({ path: `${classPath(world)}/progress/format`, body: format() }),
    badInput: { as: "teacher", validBody: format },
  },
  {
    route: "PUT /api/classes/:classId/progress/categories",
    allowed: classTeacherOnly,
    ok: 200,
    request: (world) => ({ path: `${classPath(world)}/progress/categories`, body: categories() }),
    badInput: { as: "teacher", validBody: categories },
  },
  {
    route: "PATCH /api/classes/:classId/progress/categories/:categoryId",
    allowed: classTeacherOnly,
    ok: 200,
    request: (world) => ({ path: `${classPath(world)}/progress/categories/technique`, body: value() }),
    // The page clamps what is typed and counts non-numbers as 0 (spec section 5); the API takes only 0-100.
    badInput: { as: "teacher", validBody: value },
  },
  {
    route: "POST /api/classes/:classId/progress/categories/:categoryId/achievements/:achievementId/unlock",
    allowed: classTeacherOnly,
    ok: 200,
    bodyless: true,
    request: (world) => ({ path: `${classPath(world)}/progress/categories/technique/achievements/steady-hands/unlock` }),
  },
  {
    route: "POST /api/classes/:classId/grades",
    allowed: classTeacherOnly,
    ok: 201,
    request: (world) => ({ path: `${classPath(world)}/grades`, body: grade() }),
    badInput: { as: "teacher", validBody: grade },
  },
  {
    route: "PATCH /api/classes/:classId/grades/:gradeId",
    allowed: classTeacherOnly,
    ok: 200,
    request: (world) => ({ path: `${classPath(world)}/grades/${world.gradeId}`, body: grade() }),
    badInput: { as: "teacher", validBody: grade },
  },
  {
    route: "DELETE /api/classes/:classId/grades/:gradeId",
    allowed: classTeacherOnly,
    ok: 200,
    request: (world) => ({ path: `${classPath(world)}/grades/${world.gradeId}` }),
  },
  {
    // A raw upload: the body is the file, its name in x-file-name. The bad-input barrage (JSON
    // bodies) is refused: no name (400), too large (413), or not a supported type (415).
    route: "POST /api/classes/:classId/files",
    allowed: classTeacherOnly,
    ok: 201,
    request: (world) => ({ path: `${classPath(world)}/files`, upload: pdfUpload() }),
    badInput: { as: "teacher", validUpload: pdfUpload },
  },
  {
    route: "GET /api/classes/:classId/files/:fileId",
    allowed: classMembers,
    ok: 200,
    request: (world) => ({ path: `${classPath(world)}/files/${world.classFileId}` }),
  },
  {
    route: "DELETE /api/classes/:classId/files/:fileId",
    allowed: classTeacherOnly,
    ok: 200,
    request: (world) => ({ path: `${classPath(world)}/files/${world.classFileId}` }),
  },
];
