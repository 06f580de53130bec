import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { AGE_MESSAGE } from "../../shared/students/students.schemas";
import { studentProfiles, studentRepertoire, teacherProfiles } from "../db/schema";
import { createParent, createTeacher } from "../../../tests/factories/accounts";
import { createClass } from "../../../tests/factories/classes";
import { send, signIn } from "../../../tests/fixtures/http";
import { testAppForFile } from "../../../tests/fixtures/test-app";

const t = testAppForFile();

type Parent = Awaited<ReturnType<typeof createParent>>;

/** Two parents with two students each, and a teacher; fresh for every test. */
let parent: Parent;
let other: Parent;
let parentCookie: string;
let otherCookie: string;
let teacherCookie: string;

beforeEach(async () => {
  const [p, o, teacher] = await Promise.all([
    createParent(t.deps, { students: 2 }),
    createParent(t.deps, { students: 2, firstName: "Olive" }),
    createTeacher(t.deps),
  ]);
  parent = p;
  other = o;
  parentCookie = await signIn(t, "parent", parent.email, parent.password);
  otherCookie = await signIn(t, "parent", other.email, other.password);
  teacherCookie = await signIn(t, "teacher", teacher.email, teacher.password);
});

async function studentRow(id: string) {
  const [row] = await t.deps.db.select().from(studentProfiles).where(eq(studentProfiles.id, id));
  return row;
}

async function repertoireCount(studentId: string) {
  const [row] = await t.deps.db
    .select({ n: count() })
    .from(studentRepertoire)
    .where(eq(studentRepertoire.studentId, studentId));
  return row!.n;
}

async function addEntry(studentId: string, values: Partial<typeof studentRepertoire.$inferInsert> = {}) {
  const [row] = await t.deps.db
    .insert(studentRepertoire)
    .values({ studentId, title: "Minuet in G", composer: "Petzold", genre: "Classical", completedDate: "2024-01-15", ...values })
    .returning({ id: studentRepertoire.id });
  return row!.id;
}

const ids = (rows: unknown) => (rows as { id: string }[]).map((row) => row.id);

const validStudent = { firstName: "Ada", lastName: "Lovelace", age: 9, interests: ["Jazz", "Classical"] };
const validEntry = { title: "Für Elise", composer: "Beethoven", genre: "Classical", completedDate: "2024-03-01" };

describe("GET /api/students", () => {
  it("lists only the parent's own students, oldest first, with the card fields", async () => {
    const res = await send(t, "GET", "/api/students", { cookie: parentCookie });
    expect(res.status).toBe(200);
    expect(ids(res.json)).toEqual(parent.studentIds);
    expect(res.json[0]).toEqual({
      id: parent.studentIds[0],
      firstName: "Kid1",
      lastName: "Parent",
      age: 8,
      interests: [],
      enrollmentStatus: "active",
      createdAt: expect.any(String),
    });
    const others = await send(t, "GET", "/api/students", { cookie: otherCookie });
    expect(ids(others.json)).toEqual(other.studentIds);
  });
});

describe("POST /api/students", () => {
  it("adds a student to the signed-in parent, trimmed, and lists it last", async () => {
    const res = await send(t, "POST", "/api/students", {
      cookie: parentCookie,
      body: { ...validStudent, firstName: "  Ada ", lastName: " Lovelace  " },
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ firstName: "Ada", lastName: "Lovelace", age: 9, interests: ["Jazz", "Classical"] });
    const row = await studentRow(res.json.id);
    expect(row?.parentId).toBe(parent.parentId);
    const list = await send(t, "GET", "/api/students", { cookie: parentCookie });
    expect(ids(list.json).at(-1)).toBe(res.json.id);
  });

  it("ignores a parentId in the body: the session decides whose student it is", async () => {
    const res = await send(t, "POST", "/api/students", {
      cookie: parentCookie,
      body: { ...validStudent, parentId: other.parentId },
    });
    expect(res.status).toBe(201);
    expect((await studentRow(res.json.id))?.parentId).toBe(parent.parentId);
  });

  it("defaults interests to none", async () => {
    const res = await send(t, "POST", "/api/students", {
      cookie: parentCookie,
      body: { firstName: "Ada", lastName: "Lovelace", age: 1 },
    });
    expect(res.status).toBe(201);
    expect(res.json.interests).toEqual([]);
  });

  it.each([
    ["firstName", "First name is required", { ...validStudent, firstName: undefined }],
    ["firstName", "First name is required", { ...validStudent, firstName: "   " }],
    ["lastName", "Last name is required", { ...validStudent, lastName: "" }],
    ["lastName", "Last name must be at most 100 characters", { ...validStudent, lastName: "x".repeat(101) }],
    ["age", "Age is required", { ...validStudent, age: undefined }],
    ["age", AGE_MESSAGE, { ...validStudent, age: 0 }],
    ["age", AGE_MESSAGE, { ...validStudent, age: 100 }],
    ["age", AGE_MESSAGE, { ...validStudent, age: 7.5 }],
    ["age", AGE_MESSAGE, { ...validStudent, age: "9" }],
    ["interests.0", "Choose interests from the list", { ...validStudent, interests: ["Opera"] }],
    ["interests", "Each interest can be chosen only once", { ...validStudent, interests: ["Jazz", "Jazz"] }],
  ])("refuses bad input: %s → %s", async (field, message, body) => {
    const before = await t.deps.db.select({ n: count() }).from(studentProfiles);
    const res = await send(t, "POST", "/api/students", { cookie: parentCookie, body });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe("validation");
    expect(res.json.error.fields[field]).toBe(message);
    expect(await t.deps.db.select({ n: count() }).from(studentProfiles)).toEqual(before);
  });
});

describe("GET /api/students/:studentId", () => {
  it("returns the full profile without parentId, with the repertoire newest completed first", async () => {
    const studentId = parent.studentIds[0]!;
    const older = await addEntry(studentId, { title: "Old", completedDate: "2023-05-01" });
    const newer = await addEntry(studentId, { title: "New", completedDate: "2024-05-01", difficulty: "Advanced" });
    const res = await send(t, "GET", `/api/students/${studentId}`, { cookie: parentCookie });
    expect(res.status).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual(
      [
        "id",
        "firstName",
        "lastName",
        "age",
        "interests",
        "learningGoals",
        "preferredStyle",
        "achievements",
        "strengths",
        "areasForImprovement",
        "enrollmentStatus",
        "enrollmentDate",
        "teacherId",
        "createdAt",
        "updatedAt",
        "repertoire",
        "classes",
      ].sort(),
    );
    expect(res.json).not.toHaveProperty("parentId");
    expect(ids(res.json.repertoire)).toEqual([newer, older]);
    expect(res.json.repertoire[0]).toEqual({
      id: newer,
      title: "New",
      composer: "Petzold",
      genre: "Classical",
      completedDate: "2024-05-01",
      difficulty: "Advanced",
      createdAt: expect.any(String),
    });
  });

  it("lists the student's active classes with their teachers, and only theirs", async () => {
    const [piano, violin] = await Promise.all([createTeacher(t.deps), createTeacher(t.deps)]);
    await t.deps.db.update(teacherProfiles).set({ firstName: "Casey", lastName: "Keys" }).where(eq(teacherProfiles.id, piano.teacherId));
    const studentId = parent.studentIds[0]!;
    const theory = await createClass(t.deps, { teacherId: piano.teacherId, parentId: parent.parentId, studentId, name: "Theory" });
    const strings = await createClass(t.deps, { teacherId: violin.teacherId, parentId: parent.parentId, studentId, name: "Strings" });
    // Not this student's: an archived class (hidden by the family), a sibling's, another family's, one nobody joined.
    await createClass(t.deps, { teacherId: piano.teacherId, parentId: parent.parentId, studentId, name: "Archived", status: "archived" });
    const familyArchived = await createClass(t.deps, { teacherId: piano.teacherId, parentId: parent.parentId, studentId, name: "Family archived" });
    expect((await send(t, "POST", `/api/classes/${familyArchived.classId}/archive`, { cookie: parentCookie })).status).toBe(200);
    await createClass(t.deps, { teacherId: piano.teacherId, parentId: parent.parentId, studentId: parent.studentIds[1]!, name: "Sibling" });
    await createClass(t.deps, { teacherId: piano.teacherId, parentId: other.parentId, studentId: other.studentIds[0]!, name: "Other family" });
    await createClass(t.deps, { teacherId: piano.teacherId, name: "Open" });

    const res = await send(t, "GET", `/api/students/${studentId}`, { cookie: parentCookie });
    expect(res.status).toBe(200);
    expect(res.json.classes).toEqual([
      { id: strings.classId, name: "Strings", teacherName: "Terry Teacher" },
      { id: theory.classId, name: "Theory", teacherName: "Casey Keys" },
    ]);
    // Nobody else reads them: another parent gets 404 for the student, a teacher 403.
    expect((await send(t, "GET", `/api/students/${studentId}`, { cookie: otherCookie })).status).toBe(404);
    expect((await send(t, "GET", `/api/students/${studentId}`, { cookie: teacherCookie })).status).toBe(403);
    // A student in no class has none.
    expect((await send(t, "GET", `/api/students/${other.studentIds[1]}`, { cookie: otherCookie })).json.classes).toEqual([]);
  });

  it("answers 404 for an unknown id and for an id that is not a UUID", async () => {
    for (const id of [randomUUID(), "not-a-uuid", "1", "'; drop table student_profiles; --"]) {
      const res = await send(t, "GET", `/api/students/${encodeURIComponent(id)}`, { cookie: parentCookie });
      expect(res.status, id).toBe(404);
      expect(res.json.error.message).toBe("Student not found");
    }
  });
});

describe("PATCH /api/students/:studentId", () => {
  it("edits the profile and answers with it", async () => {
    const studentId = parent.studentIds[0]!;
    const before = await studentRow(studentId);
    const res = await send(t, "PATCH", `/api/students/${studentId}`, {
      cookie: parentCookie,
      body: {
        firstName: " Mia ",
        lastName: "Rivera",
        age: 10,
        interests: ["Pop"],
        learningGoals: ["Read music", "Spring recital"],
        preferredStyle: "visual",
        achievements: ["Grade 1"],
        strengths: ["Rhythm"],
        areasForImprovement: ["Left hand"],
      },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id: studentId,
      firstName: "Mia",
      lastName: "Rivera",
      age: 10,
      interests: ["Pop"],
      learningGoals: ["Read music", "Spring recital"],
      preferredStyle: "visual",
      achievements: ["Grade 1"],
      strengths: ["Rhythm"],
      areasForImprovement: ["Left hand"],
      repertoire: [],
    });
    const after = await studentRow(studentId);
    expect(after?.firstName).toBe("Mia");
    expect(after!.updatedAt.getTime()).toBeGreaterThanOrEqual(before!.updatedAt.getTime());
  });

  it("changes only the fields sent, and clears the learning style with null", async () => {
    const studentId = parent.studentIds[1]!;
    await send(t, "PATCH", `/api/students/${studentId}`, { cookie: parentCookie, body: { preferredStyle: "auditory" } });
    const res = await send(t, "PATCH", `/api/students/${studentId}`, { cookie: parentCookie, body: { preferredStyle: null } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ firstName: "Kid2", age: 9, preferredStyle: null });
  });

  it("drops blank lines (blank items) of the list fields and trims the others", async () => {
    const studentId = parent.studentIds[0]!;
    const res = await send(t, "PATCH", `/api/students/${studentId}`, {
      cookie: parentCookie,
      body: { learningGoals: ["  Scales  ", "", "   ", "Recital"], strengths: ["", "\t"] },
    });
    expect(res.status).toBe(200);
    expect(res.json.learningGoals).toEqual(["Scales", "Recital"]);
    expect(res.json.strengths).toEqual([]);
    const row = await studentRow(studentId);
    expect(row?.learningGoals).toEqual(["Scales", "Recital"]);
  });

  it.each([
    ["_", "Nothing to update", {}],
    ["firstName", "First name is required", { firstName: "" }],
    ["lastName", "Last name is required", { lastName: "  " }],
    ["age", AGE_MESSAGE, { age: 0 }],
    ["age", AGE_MESSAGE, { age: 100 }],
    ["interests.0", "Choose interests from the list", { interests: ["Polka"] }],
    ["preferredStyle", "Choose a learning style: visual, auditory or kinesthetic", { preferredStyle: "reading" }],
    ["learningGoals", "Learning goals must be a list", { learningGoals: "Scales" }],
    ["strengths.0", "Each strength must be at most 200 characters", { strengths: ["x".repeat(201)] }],
    ["achievements", "Add at most 50 achievements", { achievements: Array.from({ length: 51 }, (_, i) => `Piece ${i}`) }],
    ["areasForImprovement.0", "Areas for improvement must be text, one item per line", { areasForImprovement: [12] }],
  ])("refuses bad input: %s → %s, and changes nothing", async (field, message, body) => {
    const studentId = parent.studentIds[0]!;
    const before = await studentRow(studentId);
    const res = await send(t, "PATCH", `/api/students/${studentId}`, { cookie: parentCookie, body });
    expect(res.status).toBe(400);
    expect(res.json.error.fields[field]).toBe(message);
    expect(await studentRow(studentId)).toEqual(before);
  });
});

describe("repertoire", () => {
  it("adds an entry (difficulty Beginner by default) and deletes it", async () => {
    const studentId = parent.studentIds[0]!;
    const added = await send(t, "POST", `/api/students/${studentId}/repertoire`, {
      cookie: parentCookie,
      body: { ...validEntry, title: "  Für Elise " },
    });
    expect(added.status).toBe(201);
    expect(added.json).toEqual({
      id: expect.any(String),
      title: "Für Elise",
      composer: "Beethoven",
      genre: "Classical",
      completedDate: "2024-03-01",
      difficulty: "Beginner",
      createdAt: expect.any(String),
    });
    const profile = await send(t, "GET", `/api/students/${studentId}`, { cookie: parentCookie });
    expect(ids(profile.json.repertoire)).toEqual([added.json.id]);

    const removed = await send(t, "DELETE", `/api/students/${studentId}/repertoire/${added.json.id}`, {
      cookie: parentCookie,
    });
    expect(removed.status).toBe(200);
    expect(await repertoireCount(studentId)).toBe(0);
    const again = await send(t, "DELETE", `/api/students/${studentId}/repertoire/${added.json.id}`, {
      cookie: parentCookie,
    });
    expect(again.status).toBe(404);
    expect(again.json.error.message).toBe("Repertoire entry not found");
  });

  it("accepts today's date and a chosen difficulty", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const res = await send(t, "POST", `/api/students/${parent.studentIds[0]}/repertoire`, {
      cookie: parentCookie,
      body: { ...validEntry, completedDate: today, difficulty: "Intermediate" },
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ completedDate: today, difficulty: "Intermediate" });
  });

  it.each([
    ["title", "Title is required", { ...validEntry, title: undefined }],
    ["title", "Title is required", { ...validEntry, title: " " }],
    ["composer", "Composer is required", { ...validEntry, composer: undefined }],
    ["genre", "Genre is required", { ...validEntry, genre: undefined }],
    ["genre", "Choose a genre from the list", { ...validEntry, genre: "Polka" }],
    ["completedDate", "Completion date is required", { ...validEntry, completedDate: undefined }],
    ["completedDate", "Completion date must be a real date (yyyy-MM-dd)", { ...validEntry, completedDate: "2023-02-29" }],
    ["completedDate", "Completion date must be a real date (yyyy-MM-dd)", { ...validEntry, completedDate: "0000-01-01" }],
    ["completedDate", "Completion date must be a real date (yyyy-MM-dd)", { ...validEntry, completedDate: "01/03/2024" }],
    ["completedDate", "Completion date cannot be in the future", { ...validEntry, completedDate: "2999-01-01" }],
    ["difficulty", "Choose a difficulty: Beginner, Intermediate or Advanced", { ...validEntry, difficulty: "Expert" }],
  ])("refuses bad input: %s → %s", async (field, message, body) => {
    const studentId = parent.studentIds[0]!;
    const res = await send(t, "POST", `/api/students/${studentId}/repertoire`, { cookie: parentCookie, body });
    expect(res.status).toBe(400);
    expect(res.json.error.fields[field]).toBe(message);
    expect(await repertoireCount(studentId)).toBe(0);
  });

  it("says every missing required field at once", async () => {
    const res = await send(t, "POST", `/api/students/${parent.studentIds[0]}/repertoire`, { cookie: parentCookie, body: {} });
    expect(res.status).toBe(400);
    expect(res.json.error.fields).toEqual({
      title: "Title is required",
      composer: "Composer is required",
      genre: "Genre is required",
      completedDate: "Completion date is required",
    });
  });

  it("answers 404 for an entry id that is not a UUID, or an entry of another student", async () => {
    const [mine, sibling] = parent.studentIds as [string, string];
    const siblingEntry = await addEntry(sibling);
    for (const entryId of ["nope", siblingEntry, randomUUID()]) {
      const res = await send(t, "DELETE", `/api/students/${mine}/repertoire/${entryId}`, { cookie: parentCookie });
      expect(res.status, entryId).toBe(404);
      expect(res.json.error.message).toBe("Repertoire entry not found");
    }
    expect(await repertoireCount(sibling)).toBe(1);
  });
});

describe("another parent's students", () => {
  it("are 404 on every route, and nothing changes", async () => {
    const theirs = other.studentIds[0]!;
    const theirEntry = await addEntry(theirs);
    const rowBefore = await studentRow(theirs);
    const calls: [string, string, Record<string, unknown>?][] = [
      ["GET", `/api/students/${theirs}`],
      ["PATCH", `/api/students/${theirs}`, { firstName: "Hacked" }],
      ["POST", `/api/students/${theirs}/repertoire`, validEntry],
      ["DELETE", `/api/students/${theirs}/repertoire/${theirEntry}`],
    ];
    for (const [method, path, body] of calls) {
      const res = await send(t, method, path, { cookie: parentCookie, ...(body ? { body } : {}) });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.json.error.message).toBe("Student not found");
    }
    expect(await studentRow(theirs)).toEqual(rowBefore);
    expect(await repertoireCount(theirs)).toBe(1);
  });

  it("cannot be reached through the parent's own student id either", async () => {
    const theirEntry = await addEntry(other.studentIds[0]!);
    const res = await send(t, "DELETE", `/api/students/${parent.studentIds[0]}/repertoire/${theirEntry}`, {
      cookie: parentCookie,
    });
    expect(res.status).toBe(404);
    expect(await repertoireCount(other.studentIds[0]!)).toBe(1);
  });

  it("are never listed", async () => {
    const res = await send(t, "GET", "/api/students", { cookie: parentCookie });
    for (const id of other.studentIds) expect(ids(res.json)).not.toContain(id);
  });
});

describe("who may call", () => {
  const routes = (studentId: string, entryId: string): [string, string, Record<string, unknown>?][] => [
    ["GET", "/api/students"],
    ["POST", "/api/students", validStudent],
    ["GET", `/api/students/${studentId}`],
    ["PATCH", `/api/students/${studentId}`, { firstName: "X" }],
    ["POST", `/api/students/${studentId}/repertoire`, validEntry],
    ["DELETE", `/api/students/${studentId}/repertoire/${entryId}`],
  ];

  it("a teacher gets 403 everywhere, and nothing changes", async () => {
    const studentId = parent.studentIds[0]!;
    const entryId = await addEntry(studentId);
    const before = await studentRow(studentId);
    for (const [method, path, body] of routes(studentId, entryId)) {
      const res = await send(t, method, path, { cookie: teacherCookie, ...(body ? { body } : {}) });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.json.error.message).toBe("This is only available to parent accounts.");
    }
    expect(await studentRow(studentId)).toEqual(before);
    expect(await repertoireCount(studentId)).toBe(1);
  });

  it("anonymous gets 401 everywhere", async () => {
    const studentId = parent.studentIds[0]!;
    const entryId = await addEntry(studentId);
    for (const [method, path, body] of routes(studentId, entryId)) {
      const res = await send(t, method, path, body ? { body } : {});
      expect(res.status, `${method} ${path}`).toBe(401);
    }
    expect(await repertoireCount(studentId)).toBe(1);
  });
});
