import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createParent, createTeacher } from "../../../tests/factories/accounts";
import { addClassFile, addGrade, createClass, TINY_PDF } from "../../../tests/factories/classes";
import { send, signIn } from "../../../tests/fixtures/http";
import { testAppForFile } from "../../../tests/fixtures/test-app";
import { tableCounts } from "../../../tests/api/world";
import {
  CLASS_TAKEN_MESSAGE,
  DELETED_USER_NAME,
  EARLIER_GRADE_MESSAGE,
  EARLIER_STUDENT_NAME,
  FILE_TOO_LARGE_MESSAGE,
  FILE_TYPE_MESSAGE,
  GRADE_CATEGORY_MESSAGE,
  JOIN_CODE_NOT_FOUND_MESSAGE,
  MAX_CLASS_FILE_BYTES,
  NO_STUDENT_MESSAGE,
} from "../../shared/classes/classes.api";
import { REQUIRED_FIELDS_MESSAGE, SCORE_MESSAGE } from "../../shared/classes/classes.schemas";
import { addXp } from "../../shared/classes/progress.rules";
import { classEnrolments, classes, classFiles, studentProfiles } from "../db/schema";

const t = testAppForFile();

async function teacher() {
  const account = await createTeacher(t.deps);
  return { ...account, cookie: await signIn(t, "teacher", account.email, account.password) };
}

async function parent(students = 1, studentFirstName?: string) {
  const account = await createParent(t.deps, { students });
  // The factory names every family's child "Kid1 Parent"; a test telling two children apart names one.
  if (studentFirstName) await t.deps.db.update(studentProfiles).set({ firstName: studentFirstName }).where(eq(studentProfiles.id, account.studentIds[0]!));
  return { ...account, cookie: await signIn(t, "parent", account.email, account.password) };
}

/** A teacher's class joined by a parent's first student, both signed in. */
async function joinedClass(options: { format?: "xp" | "grade" } = {}) {
  const [owner, family] = await Promise.all([teacher(), parent()]);
  const { classId, joinCode } = await createClass(t.deps, {
    teacherId: owner.teacherId,
    parentId: family.parentId,
    studentId: family.studentIds[0]!,
    ...(options.format ? { format: options.format } : {}),
  });
  return { owner, family, classId, joinCode, path: `/api/classes/${classId}` };
}

async function classRow(classId: string) {
  const [row] = await t.deps.db.select().from(classes).where(eq(classes.id, classId));
  return row!;
}

/** A raw upload through app.request, streamed without a declared length unless one is given. */
async function upload(classId: string, cookie: string, bytes: Uint8Array, name: string, headers: Record<string, string> = {}) {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < bytes.length; i += 1024 * 1024) controller.enqueue(bytes.subarray(i, i + 1024 * 1024));
      controller.close();
    },
  });
  const response = await t.app.request(`/api/classes/${classId}/files`, {
    method: "POST",
    headers: { cookie, "content-type": "application/octet-stream", "x-file-name": encodeURIComponent(name), ...headers },
    body,
    duplex: "half",
  } as RequestInit);
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as Record<string, any>) : undefined };
}

function storedFilesOf(classId: string): string[] {
  const folder = path.join(t.deps.env.dataDir, "uploads", "class-files", classId);
  return existsSync(folder) ? readdirSync(folder) : [];
}

describe("create, list, join", () => {
  it("a teacher creates a class with a join code; a parent joins it with their student; both list it by role", async () => {
    const [owner, family] = await Promise.all([teacher(), parent()]);
    const created = await send(t, "POST", "/api/classes", { cookie: owner.cookie, body: { name: " Piano Basics ", format: "grade" } });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ name: "Piano Basics", status: "active", viewerRole: "teacher", studentName: null, format: "grade" });
    expect(created.json.joinCode).toMatch(/^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{6}$/);
    expect(created.json.progress.overall).toBe(650);
    expect((created.json.progress.categories as { name: string }[]).map((c) => c.name)).toEqual(["Technique", "Music Theory", "Performance"]);

    const joined = await send(t, "POST", "/api/classes/join", {
      cookie: family.cookie,
      body: { code: (created.json.joinCode as string).toLowerCase(), studentId: family.studentIds[0] },
    });
    expect(joined.status).toBe(200);
    expect(joined.json).toMatchObject({ viewerRole: "parent", studentName: "Kid1 Parent", teacherName: "Terry Teacher", joinCode: null });

    const teacherList = await send(t, "GET", "/api/classes", { cookie: owner.cookie });
    expect(teacherList.json).toEqual([expect.objectContaining({ id: created.json.id, joinCode: created.json.joinCode, studentName: "Kid1 Parent" })]);
    const parentList = await send(t, "GET", "/api/classes?status=active", { cookie: family.cookie });
    expect(parentList.json).toEqual([expect.objectContaining({ id: created.json.id, joinCode: null })]);
    expect((await send(t, "GET", "/api/classes?q=piano", { cookie: family.cookie })).json).toHaveLength(1);
    expect((await send(t, "GET", "/api/classes?q=violin", { cookie: family.cookie })).json).toHaveLength(0);
    expect((await send(t, "GET", "/api/classes?q=%25", { cookie: family.cookie })).json).toHaveLength(0);
    expect((await send(t, "GET", "/api/classes?status=archived", { cookie: family.cookie })).json).toHaveLength(0);
    expect((await send(t, "GET", "/api/classes?status=closed", { cookie: family.cookie })).status).toBe(400);

    // Dashboards count the active classes; the family's archive changes only the family's count.
    expect((await send(t, "GET", "/api/parents/me/dashboard", { cookie: family.cookie })).json.counts.activeClasses).toBe(1);
    expect((await send(t, "GET", "/api/teachers/me/dashboard", { cookie: owner.cookie })).json.stats.activeClasses).toBe(1);
    const archived = await send(t, "POST", `/api/classes/${created.json.id}/archive`, { cookie: family.cookie });
    expect(archived.json).toMatchObject({ status: "active", familyArchived: true });
    expect((await send(t, "GET", "/api/parents/me/dashboard", { cookie: family.cookie })).json.counts.activeClasses).toBe(0);
    expect((await send(t, "GET", "/api/teachers/me/dashboard", { cookie: owner.cookie })).json.stats.activeClasses).toBe(1);
    expect((await send(t, "GET", "/api/classes?status=archived", { cookie: family.cookie })).json).toHaveLength(1);
  });

  it("a reset code stops working and the new one works", async () => {
    const [owner, family] = await Promise.all([teacher(), parent()]);
    const { classId, joinCode } = await createClass(t.deps, { teacherId: owner.teacherId });
    const reset = await send(t, "POST", `/api/classes/${classId}/join-code`, { cookie: owner.cookie });
    expect(reset.status).toBe(200);
    expect(reset.json.joinCode).not.toBe(joinCode);
    const old = await send(t, "POST", "/api/classes/join", { cookie: family.cookie, body: { code: joinCode, studentId: family.studentIds[0] } });
    expect(old.status).toBe(404);
    expect(old.json.error.message).toBe(JOIN_CODE_NOT_FOUND_MESSAGE);
    const fresh = await send(t, "POST", "/api/classes/join", {
      cookie: family.cookie,
      body: { code: reset.json.joinCode, studentId: family.studentIds[0] },
    });
    expect(fresh.status).toBe(200);
  });

  it("refuses the code of an archived class, a class that has a student, and a student of another parent", async () => {
    const [owner, family, otherFamily] = await Promise.all([teacher(), parent(), parent()]);
    const archived = await createClass(t.deps, { teacherId: owner.teacherId, status: "archived" });
    const taken = await createClass(t.deps, { teacherId: owner.teacherId, parentId: otherFamily.parentId, studentId: otherFamily.studentIds[0]! });
    const open = await createClass(t.deps, { teacherId: owner.teacherId });
    const before = await tableCounts(t);

    const join = (code: string, studentId: string) => send(t, "POST", "/api/classes/join", { cookie: family.cookie, body: { code, studentId } });
    const archivedJoin = await join(archived.joinCode, family.studentIds[0]!);
    expect([archivedJoin.status, archivedJoin.json.error.message]).toEqual([404, JOIN_CODE_NOT_FOUND_MESSAGE]);
    const takenJoin = await join(taken.joinCode, family.studentIds[0]!);
    expect([takenJoin.status, takenJoin.json.error.message]).toEqual([409, CLASS_TAKEN_MESSAGE]);
    const foreignStudent = await join(open.joinCode, otherFamily.studentIds[0]!);
    expect([foreignStudent.status, foreignStudent.json.error.message]).toEqual([404, "Student not found"]);
    const badCode = await join("ABC0DE", family.studentIds[0]!);
    expect(badCode.status).toBe(400);

    expect(await tableCounts(t)).toEqual(before);
    expect((await classRow(open.classId)).studentId).toBeNull();
    expect((await classRow(taken.classId)).studentId).toBe(otherFamily.studentIds[0]);
  });
});

describe("permissions", () => {
  it("strangers get 404, the class's other member 403, anonymous 401, and nothing changes", async () => {
    const { owner, family, classId, path: classPath } = await joinedClass();
    const gradeId = await addGrade(t.deps, classId);
    const fileId = await addClassFile(t.deps, classId);
    const [otherTeacher, otherFamily] = await Promise.all([teacher(), parent()]);
    const teacherActions: [string, string, Record<string, unknown>?][] = [
      ["PATCH", classPath, { name: "Hijacked" }],
      ["POST", `${classPath}/join-code`],
      ["PUT", `${classPath}/progress/format`, { format: "grade" }],
      ["PUT", `${classPath}/progress/categories`, { categories: ["Rhythm"] }],
      ["PATCH", `${classPath}/progress/categories/technique`, { value: 99 }],
      ["POST", `${classPath}/progress/categories/technique/achievements/steady-hands/unlock`],
      ["POST", `${classPath}/grades`, { title: "Quiz", category: "Technique", score: 50 }],
      ["PATCH", `${classPath}/grades/${gradeId}`, { title: "Quiz", category: "Technique", score: 50 }],
      ["DELETE", `${classPath}/grades/${gradeId}`],
      ["DELETE", `${classPath}/files/${fileId}`],
    ];
    const parentActions: [string, string][] = [
      ["POST", `${classPath}/archive`],
      ["POST", `${classPath}/unarchive`],
      ["POST", `${classPath}/disenroll`],
    ];
    const readActions: [string, string][] = [
      ["GET", classPath],
      ["GET", `${classPath}/files/${fileId}`],
    ];
    const before = { counts: await tableCounts(t), row: await classRow(classId) };
    const expectStatus = async (cookie: string | undefined, actions: [string, string, Record<string, unknown>?][], status: number) => {
      for (const [method, url, body] of actions) {
        const res = await send(t, method, url, { cookie, ...(body ? { body } : {}) });
        expect(res.status, `${method} ${url}`).toBe(status);
      }
    };
    await expectStatus(undefined, [...teacherActions, ...parentActions, ...readActions], 401);
    await expectStatus(otherTeacher.cookie, [...teacherActions, ...parentActions, ...readActions], 404);
    await expectStatus(otherFamily.cookie, [...teacherActions, ...parentActions, ...readActions], 404);
    await expectStatus(family.cookie, teacherActions, 403);
    // Archive and unarchive are the teacher's too (the class itself, issue 26); disenroll is the family's.
    await expectStatus(owner.cookie, [["POST", `${classPath}/disenroll`]], 403);
    expect(await tableCounts(t)).toEqual(before.counts);
    expect(await classRow(classId)).toEqual(before.row);
    expect(storedFilesOf(classId)).toHaveLength(1);
    // A parent account may not create classes; a teacher account may not join.
    expect((await send(t, "POST", "/api/classes", { cookie: family.cookie, body: { name: "Mine" } })).status).toBe(403);
    expect((await send(t, "POST", "/api/classes/join", { cookie: owner.cookie, body: { code: "ABC234", studentId: family.studentIds[0] } })).status).toBe(403);
  });

  it("after disenrolling the parent no longer sees the class; the teacher keeps it without a student", async () => {
    const { owner, family, classId, path: classPath } = await joinedClass();
    const fileId = await addClassFile(t.deps, classId);
    expect((await send(t, "POST", `${classPath}/disenroll`, { cookie: family.cookie })).json).toEqual({ disenrolled: true });
    for (const [method, url] of [
      ["GET", classPath],
      ["GET", `${classPath}/files/${fileId}`],
      ["POST", `${classPath}/archive`],
      ["POST", `${classPath}/unarchive`],
      ["POST", `${classPath}/disenroll`],
    ] as const) {
      expect((await send(t, method, url, { cookie: family.cookie })).status, `${method} ${url}`).toBe(404);
    }
    expect((await send(t, "GET", "/api/classes", { cookie: family.cookie })).json).toEqual([]);
    const seen = await send(t, "GET", classPath, { cookie: owner.cookie });
    expect(seen.json).toMatchObject({ studentName: null, studentId: null, parentId: null, enrolledSince: null, status: "active", files: [] });
    expect(seen.json.earlierStudents).toEqual([expect.objectContaining({ studentName: "Kid1 Parent", files: [expect.objectContaining({ id: fileId })] })]);
  });

  it('names a deleted teacher "Deleted teacher" (issue 41) and a deleted student "Deleted user"', async () => {
    const { family, classId, path: classPath } = await joinedClass();
    await t.deps.db.update(classes).set({ teacherId: null, studentId: null }).where(eq(classes.id, classId));
    const seen = await send(t, "GET", classPath, { cookie: family.cookie });
    expect(seen.json).toMatchObject({ teacherName: "Deleted teacher", studentName: "Deleted user", viewerRole: "parent" });
  });
});

describe("progress", () => {
  it("unlocks once, edits a value, switches format keeping data, edits categories", async () => {
    const { owner, path: classPath } = await joinedClass();
    const unlockPath = `${classPath}/progress/categories/performance/achievements/recital-ready/unlock`;
    const unlocked = await send(t, "POST", unlockPath, { cookie: owner.cookie });
    expect(unlocked.status).toBe(200);
    expect(unlocked.json).toMatchObject({ xpGained: 300, levelsGained: 0, achievement: { id: "recital-ready", unlocked: true } });
    expect(unlocked.json.progress).toMatchObject({ xp: 300, level: 1 });
    expect((await send(t, "POST", unlockPath, { cookie: owner.cookie })).status).toBe(409);
    expect((await send(t, "POST", `${classPath}/progress/categories/nope/achievements/x/unlock`, { cookie: owner.cookie })).status).toBe(404);

    const value = await send(t, "PATCH", `${classPath}/progress/categories/technique`, { cookie: owner.cookie, body: { value: 90 } });
    expect(value.json.progress.overall).toBe(30);
    const switched = await send(t, "PUT", `${classPath}/progress/format`, { cookie: owner.cookie, body: { format: "grade" } });
    expect(switched.json.progress).toMatchObject({ format: "grade", overall: 650, xp: 300 });
    expect(switched.json.progress.categories[0].value).toBe(90);
    const back = await send(t, "PUT", `${classPath}/progress/format`, { cookie: owner.cookie, body: { format: "xp" } });
    expect(back.json.progress.overall).toBe(30);

    const edited = await send(t, "PUT", `${classPath}/progress/categories`, { cookie: owner.cookie, body: { categories: ["Performance", "Ear Training"] } });
    expect((edited.json.progress.categories as { id: string }[]).map((c) => c.id)).toEqual(["performance", "ear-training"]);
    expect(edited.json.progress.xp).toBe(300);
    const duplicate = await send(t, "PUT", `${classPath}/progress/categories`, { cookie: owner.cookie, body: { categories: ["Rhythm", "rhythm "] } });
    expect([duplicate.status, duplicate.json.error.message]).toEqual([400, "This category already exists"]);
  });

  it.skipIf(process.env.TEST_DB !== "postgres")(
    // PGlite has one connection and runs transactions one after another, so it cannot race; the
    // row lock is what this proves, on PostgreSQL.
    "20 concurrent unlocks of different achievements end with the sequential xp and level",
    async () => {
      const { owner, path: classPath } = await joinedClass();
      const names = ["Technique", "Music Theory", "Performance", "Practice", "Rhythm", "Ear Training", "Sight Reading"];
      const edited = await send(t, "PUT", `${classPath}/progress/categories`, { cookie: owner.cookie, body: { categories: names } });
      const targets = (edited.json.progress.categories as { id: string; achievements: { id: string; xp: number }[] }[])
        .flatMap((c) => c.achievements.map((a) => ({ categoryId: c.id, achievementId: a.id, xp: a.xp })))
        .slice(0, 20);
      expect(targets).toHaveLength(20);
      const results = await Promise.all(
        targets.map((a) =>
          send(t, "POST", `${classPath}/progress/categories/${a.categoryId}/achievements/${a.achievementId}/unlock`, { cookie: owner.cookie }),
        ),
      );
      expect(results.map((r) => r.status)).toEqual(targets.map(() => 200));
      let expected = { level: 1, xp: 0, xpToNextLevel: 1000 };
      for (const a of targets) expected = addXp(expected, a.xp);
      const final = (await send(t, "GET", classPath, { cookie: owner.cookie })).json.progress;
      expect({ level: final.level, xp: final.xp, xpToNextLevel: final.xpToNextLevel }).toEqual({
        level: expected.level,
        xp: expected.xp,
        xpToNextLevel: expected.xpToNextLevel,
      });
      const unlockedCount = (final.categories as { achievements: { unlocked: boolean }[] }[]).flatMap((c) => c.achievements).filter((a) => a.unlocked);
      expect(unlockedCount).toHaveLength(20);
      expect(results.reduce((sum, r) => sum + (r.json.levelsGained as number), 0)).toBe(expected.level - 1);
    },
    60_000,
  );
});

describe("grades", () => {
  it("validates, recalculates on every change and lists newest first", async () => {
    const { owner, family, path: classPath } = await joinedClass({ format: "grade" });
    // Dates within the class's life (it began today): the first and second day after today.
    const [day1, day2] = [1, 2].map((n) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10));
    const post = (body: Record<string, unknown>) => send(t, "POST", `${classPath}/grades`, { cookie: owner.cookie, body });
    const missing = await post({ title: " ", category: "Technique", score: 80 });
    expect([missing.status, missing.json.error.message]).toEqual([400, REQUIRED_FIELDS_MESSAGE]);
    const tooHigh = await post({ title: "Quiz", category: "Technique", score: 101 });
    expect([tooHigh.status, tooHigh.json.error.message]).toEqual([400, SCORE_MESSAGE]);
    const unknownCategory = await post({ title: "Quiz", category: "Juggling", score: 80 });
    expect([unknownCategory.status, unknownCategory.json.error.message]).toEqual([400, GRADE_CATEGORY_MESSAGE]);

    const first = await post({ title: "Scales", category: "technique ", score: 80, date: day1 });
    expect(first.status).toBe(201);
    expect(first.json.grade).toMatchObject({ category: "Technique", date: day1, feedback: "" });
    expect(first.json.progress.overall).toBe(740); // 300 + 440
    const second = await post({ title: "Recital", category: "Performance", score: 100, date: day2 });
    expect(second.json.progress.overall).toBe(795); // (740 + 850) / 2

    const edited = await send(t, "PATCH", `${classPath}/grades/${first.json.grade.id}`, {
      cookie: owner.cookie,
      body: { title: "Scales", category: "Technique", score: 100 },
    });
    expect(edited.json.grade.date).toBe(day1);
    expect(edited.json.progress.overall).toBe(850);

    const detail = await send(t, "GET", classPath, { cookie: family.cookie });
    expect((detail.json.grades as { title: string }[]).map((g) => g.title)).toEqual(["Recital", "Scales"]);

    for (const grade of [first, second]) {
      expect((await send(t, "DELETE", `${classPath}/grades/${grade.json.grade.id}`, { cookie: owner.cookie })).status).toBe(200);
    }
    const emptied = await send(t, "GET", classPath, { cookie: owner.cookie });
    expect(emptied.json.progress.overall).toBe(650);
    expect(emptied.json.grades).toEqual([]);
    expect((await send(t, "DELETE", `${classPath}/grades/${first.json.grade.id}`, { cookie: owner.cookie })).status).toBe(404);
  });
});

describe("files", () => {
  it("stores a PDF, serves it to the parent with safe headers, hides it from others, deletes it", async () => {
    const { owner, family, classId, path: classPath } = await joinedClass();
    const other = await parent();
    const name = 'Scales "week 1"\r\nSet-Cookie: x=y.pdf';
    const uploaded = await upload(classId, owner.cookie, Buffer.from(TINY_PDF), name);
    expect(uploaded.status).toBe(201);
    expect(uploaded.json).toMatchObject({ name: 'Scales "week 1"Set-Cookie: x=y.pdf', contentType: "application/pdf", sizeBytes: TINY_PDF.length });

    const served = await t.app.request(uploaded.json!.url, { headers: { cookie: family.cookie } });
    expect(served.status).toBe(200);
    expect(await served.text()).toBe(TINY_PDF);
    expect(served.headers.get("content-type")).toBe("application/pdf");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("cache-control")).toBe("private, no-store");
    expect(served.headers.get("content-disposition")).toBe(
      `inline; filename="Scales _week 1_Set-Cookie: x=y.pdf"; filename*=UTF-8''Scales%20%22week%201%22Set-Cookie%3A%20x%3Dy.pdf`,
    );
    expect((await send(t, "GET", uploaded.json!.url, { cookie: other.cookie })).status).toBe(404);
    expect((await send(t, "GET", classPath, { cookie: family.cookie })).json.files).toEqual([uploaded.json]);

    expect((await send(t, "DELETE", uploaded.json!.url, { cookie: owner.cookie })).status).toBe(200);
    expect((await send(t, "GET", uploaded.json!.url, { cookie: family.cookie })).status).toBe(404);
    expect(storedFilesOf(classId)).toEqual([]);
  });

  it("accepts MusicXML by its content", async () => {
    const { owner, classId } = await joinedClass();
    const xml = '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE score-partwise PUBLIC "-//Recordare//DTD MusicXML 4.0 Partwise//EN" "http://www.musicxml.org/dtds/partwise.dtd">\n<score-partwise version="4.0"><part-list/></score-partwise>\n';
    const res = await upload(classId, owner.cookie, Buffer.from(xml), "minuet.musicxml");
    expect(res.status).toBe(201);
    expect(res.json!.contentType).toBe("application/vnd.recordare.musicxml+xml");
  });

  it("serves MusicXML (which may carry an XHTML script) as a download, never inline; a PDF inline", async () => {
    const { owner, family, classId } = await joinedClass();
    const xml = '<?xml version="1.0" encoding="UTF-8"?>\n<score-partwise version="4.0" xmlns:h="http://www.w3.org/1999/xhtml"><h:script>alert(1)</h:script><part-list/></score-partwise>\n';
    const score = await upload(classId, owner.cookie, Buffer.from(xml), "minuet.musicxml");
    const pdf = await upload(classId, owner.cookie, Buffer.from(TINY_PDF, "latin1"), "scales.pdf");
    for (const cookie of [owner.cookie, family.cookie]) {
      const xmlRes = await t.app.request(`/api/classes/${classId}/files/${score.json!.id}`, { headers: { cookie } });
      expect(xmlRes.headers.get("content-disposition")).toMatch(/^attachment; filename="minuet.musicxml"/);
      expect(xmlRes.headers.get("x-content-type-options")).toBe("nosniff");
      const pdfRes = await t.app.request(`/api/classes/${classId}/files/${pdf.json!.id}`, { headers: { cookie } });
      expect(pdfRes.headers.get("content-disposition")).toMatch(/^inline; filename="scales.pdf"/);
    }
  });

  it("drops bidirectional controls from a file's name (invoice\\u202Efdp.exe does not read as invoiceexe.pdf)", async () => {
    const { owner, classId } = await joinedClass();
    const res = await upload(classId, owner.cookie, Buffer.from(TINY_PDF, "latin1"), "invoice\u202Efdp\u200B.exe\u2066.pdf\u2069");
    expect(res.status).toBe(201);
    expect(res.json!.name).toBe("invoicefdp.exe.pdf");
  });

  it("refuses 26 MB (413), HTML named .pdf (415) and a missing name (400), storing nothing", async () => {
    const { owner, classId } = await joinedClass();
    const before = await tableCounts(t);
    const big = Buffer.alloc(MAX_CLASS_FILE_BYTES + 1024 * 1024, 0x20);
    big.write(TINY_PDF, 0, "latin1");
    const tooBig = await upload(classId, owner.cookie, big, "big.pdf");
    expect([tooBig.status, tooBig.json!.error.message]).toEqual([413, FILE_TOO_LARGE_MESSAGE]);
    const declared = await upload(classId, owner.cookie, Buffer.from(TINY_PDF), "big.pdf", { "content-length": String(big.length) });
    expect(declared.status).toBe(413);
    const html = await upload(classId, owner.cookie, Buffer.from("<!doctype html><html><script>alert(1)</script></html>"), "notes.pdf");
    expect([html.status, html.json!.error.message]).toEqual([415, FILE_TYPE_MESSAGE]);
    const noName = await upload(classId, owner.cookie, Buffer.from(TINY_PDF), "", { "x-file-name": "" });
    expect(noName.status).toBe(400);
    expect(await tableCounts(t)).toEqual(before);
    expect(await t.deps.db.select().from(classFiles).where(eq(classFiles.classId, classId))).toEqual([]);
    expect(storedFilesOf(classId)).toEqual([]);
  }, 60_000);
});

/** The class's enrolments that have not ended (the database allows at most one). */
async function currentEnrolments(classId: string) {
  return t.deps.db
    .select({ parentId: classEnrolments.parentId, studentId: classEnrolments.studentId })
    .from(classEnrolments)
    .where(and(eq(classEnrolments.classId, classId), isNull(classEnrolments.leftAt)));
}

/** The family in the class row and the current enrolment say the same thing. */
async function expectOneConsistentFamily(classId: string) {
  const [row, current] = [await classRow(classId), await currentEnrolments(classId)];
  if (row.parentId === null) expect(current).toEqual([]);
  else expect(current).toEqual([{ parentId: row.parentId, studentId: row.studentId }]);
}

const join = (cookie: string, code: string, studentId: string) => send(t, "POST", "/api/classes/join", { cookie, body: { code, studentId } });

describe("enrolments: a child's record leaves with the child", () => {
  it("a family that joins after another left sees none of its grades, files or progress; the teacher keeps them, labelled", async () => {
    const owner = await teacher();
    const [familyA, familyB] = await Promise.all([parent(1, "Ana"), parent(1, "Ben")]);
    const created = await send(t, "POST", "/api/classes", { cookie: owner.cookie, body: { name: "Piano Basics", format: "grade" } });
    const { id: classId, joinCode } = created.json as { id: string; joinCode: string };
    const classPath = `/api/classes/${classId}`;

    // Family A's child: graded with feedback, a file, xp from an achievement and a category value.
    expect((await join(familyA.cookie, joinCode, familyA.studentIds[0]!)).status).toBe(200);
    const graded = await send(t, "POST", `${classPath}/grades`, {
      cookie: owner.cookie,
      body: { title: "Scales", category: "Technique", score: 100, feedback: "Ana's left hand is lovely" },
    });
    expect(graded.status).toBe(201);
    expect(graded.json.progress.overall).toBe(850);
    const fileA = await upload(classId, owner.cookie, Buffer.from(TINY_PDF), "ana-notes.pdf");
    expect(fileA.json).toMatchObject({ sharedWithClass: false });
    const unlocked = await send(t, "POST", `${classPath}/progress/categories/technique/achievements/steady-hands/unlock`, { cookie: owner.cookie });
    expect(unlocked.json.progress.xp).toBe(100);
    expect((await send(t, "PATCH", `${classPath}/progress/categories/technique`, { cookie: owner.cookie, body: { value: 70 } })).status).toBe(200);
    const seenByA = (await send(t, "GET", classPath, { cookie: familyA.cookie })).json;
    expect(seenByA).toMatchObject({ studentName: "Ana Parent", grades: [{ feedback: "Ana's left hand is lovely" }], files: [{ id: fileA.json!.id }], earlierStudents: [] });

    // A leaves; the join code is unchanged and B joins with it.
    expect((await send(t, "POST", `${classPath}/disenroll`, { cookie: familyA.cookie })).status).toBe(200);
    const joinedB = await join(familyB.cookie, joinCode, familyB.studentIds[0]!);
    expect(joinedB.status).toBe(200);

    for (const seen of [joinedB.json, (await send(t, "GET", classPath, { cookie: familyB.cookie })).json]) {
      expect(seen).toMatchObject({ viewerRole: "parent", studentName: "Ben Parent", grades: [], files: [], earlierStudents: [] });
      // Fresh progress: the class's format and categories, none of A's figures.
      expect(seen.progress).toMatchObject({ format: "grade", overall: 650, level: 1, xp: 0, xpToNextLevel: 1000 });
      expect((seen.progress.categories as { name: string; value: number; score: number | null; achievements: { unlocked: boolean }[] }[]).map(
        (c) => [c.name, c.value, c.score, c.achievements.some((a) => a.unlocked)],
      )).toEqual([
        ["Technique", 0, null, false],
        ["Music Theory", 0, null, false],
        ["Performance", 0, null, false],
      ]);
      expect(JSON.stringify(seen)).not.toContain("Ana");
    }
    // A's file is not B's: 404, exactly as if it did not exist.
    const download = await send(t, "GET", fileA.json!.url as string, { cookie: familyB.cookie });
    expect([download.status, download.json.error.message]).toEqual([404, "File not found"]);

    // The teacher still sees A's record, labelled with A's child, and can open A's file.
    const teacherView = (await send(t, "GET", classPath, { cookie: owner.cookie })).json;
    expect(teacherView).toMatchObject({ studentName: "Ben Parent", grades: [], files: [] });
    expect(teacherView.earlierStudents).toEqual([
      expect.objectContaining({
        studentName: "Ana Parent",
        grades: [expect.objectContaining({ id: graded.json.grade.id, feedback: "Ana's left hand is lovely", score: 100 })],
        files: [expect.objectContaining({ id: fileA.json!.id, name: "ana-notes.pdf" })],
        progress: expect.objectContaining({ xp: 100, overall: 850 }),
      }),
    ]);
    expect(teacherView.earlierStudents[0].progress.categories[0]).toMatchObject({ value: 70, score: 850 });
    expect((await t.app.request(fileA.json!.url as string, { headers: { cookie: owner.cookie } })).status).toBe(200);

    // A's grade is A's record: it can no longer be changed, and B's scores come from B's grades only.
    const editEarlier = await send(t, "PATCH", `${classPath}/grades/${graded.json.grade.id}`, {
      cookie: owner.cookie,
      body: { title: "Scales", category: "Technique", score: 0 },
    });
    expect([editEarlier.status, editEarlier.json.error.message]).toEqual([409, EARLIER_GRADE_MESSAGE]);
    expect((await send(t, "DELETE", `${classPath}/grades/${graded.json.grade.id}`, { cookie: owner.cookie })).status).toBe(409);
    const gradedB = await send(t, "POST", `${classPath}/grades`, { cookie: owner.cookie, body: { title: "Rhythm", category: "Technique", score: 0 } });
    expect(gradedB.json.progress.overall).toBe(300);
    const seenByB = (await send(t, "GET", classPath, { cookie: familyB.cookie })).json;
    expect((seenByB.grades as { title: string }[]).map((g) => g.title)).toEqual(["Rhythm"]);

    // A's family no longer sees the class at all, nor its own old file.
    expect((await send(t, "GET", classPath, { cookie: familyA.cookie })).status).toBe(404);
    expect((await send(t, "GET", fileA.json!.url as string, { cookie: familyA.cookie })).status).toBe(404);
    await expectOneConsistentFamily(classId);
  });

  it("grades and a child's progress wait for a student; the class's setup and material do not, and material stays for every family", async () => {
    const owner = await teacher();
    const [familyA, familyB] = await Promise.all([parent(), parent()]);
    const { classId, joinCode } = await createClass(t.deps, { teacherId: owner.teacherId });
    const classPath = `/api/classes/${classId}`;
    const before = await tableCounts(t);
    for (const [method, url, body] of [
      ["POST", `${classPath}/grades`, { title: "Quiz", category: "Technique", score: 50 }],
      ["PATCH", `${classPath}/progress/categories/technique`, { value: 50 }],
      ["POST", `${classPath}/progress/categories/technique/achievements/steady-hands/unlock`, undefined],
    ] as const) {
      const res = await send(t, method, url, { cookie: owner.cookie, ...(body ? { body } : {}) });
      expect([res.status, res.json.error.message], `${method} ${url}`).toEqual([409, NO_STUDENT_MESSAGE]);
    }
    expect(await tableCounts(t)).toEqual(before);
    expect((await send(t, "PUT", `${classPath}/progress/format`, { cookie: owner.cookie, body: { format: "grade" } })).status).toBe(200);
    const categories = await send(t, "PUT", `${classPath}/progress/categories`, { cookie: owner.cookie, body: { categories: ["Technique", "Rhythm"] } });
    expect(categories.status).toBe(200);
    const material = await upload(classId, owner.cookie, Buffer.from(TINY_PDF), "syllabus.pdf");
    expect(material.json).toMatchObject({ sharedWithClass: true });

    // Each family that joins sees the class's material and setup; A's own file leaves with A.
    expect((await join(familyA.cookie, joinCode, familyA.studentIds[0]!)).json).toMatchObject({
      files: [{ id: material.json!.id, sharedWithClass: true }],
      progress: { format: "grade", categories: [{ name: "Technique" }, { name: "Rhythm" }] },
    });
    const fileA = await upload(classId, owner.cookie, Buffer.from(TINY_PDF), "ana.pdf");
    await send(t, "POST", `${classPath}/disenroll`, { cookie: familyA.cookie });
    const joinedB = await join(familyB.cookie, joinCode, familyB.studentIds[0]!);
    expect((joinedB.json.files as { id: string }[]).map((f) => f.id)).toEqual([material.json!.id]);
    expect((await t.app.request(material.json!.url as string, { headers: { cookie: familyB.cookie } })).status).toBe(200);
    expect((await send(t, "GET", fileA.json!.url as string, { cookie: familyB.cookie })).status).toBe(404);
  });

  it("a family that deletes its account stays in the class as Deleted user, with its record, until the teacher archives it", async () => {
    const { owner, family, classId, joinCode, path: classPath } = await joinedClass();
    const gradeId = await addGrade(t.deps, classId);
    const fileId = await addClassFile(t.deps, classId);
    expect((await send(t, "DELETE", "/api/accounts/me", { cookie: family.cookie, body: { password: family.password } })).status).toBe(200);
    // The teacher's class and list say "Deleted user", with the child's grades and files (issue 26).
    const kept = (await send(t, "GET", classPath, { cookie: owner.cookie })).json;
    expect(kept).toMatchObject({ studentName: DELETED_USER_NAME, studentId: null, parentId: null, status: "active", earlierStudents: [] });
    expect(kept.grades).toEqual([expect.objectContaining({ id: gradeId })]);
    expect(kept.files).toEqual([expect.objectContaining({ id: fileId })]);
    expect((await send(t, "GET", "/api/classes", { cookie: owner.cookie })).json).toEqual([expect.objectContaining({ id: classId, studentName: DELETED_USER_NAME })]);
    expect(await currentEnrolments(classId)).toEqual([{ parentId: null, studentId: null }]);
    // Nobody joins meanwhile.
    const next = await parent();
    const refused = await join(next.cookie, joinCode, next.studentIds[0]!);
    expect([refused.status, refused.json.error.message]).toEqual([409, CLASS_TAKEN_MESSAGE]);

    // The teacher archives it: the record moves to Earlier students; unarchived, the class is free.
    const archived = await send(t, "POST", `${classPath}/archive`, { cookie: owner.cookie });
    expect(archived.status, archived.text).toBe(200);
    expect(archived.json).toMatchObject({ status: "archived", studentName: null, grades: [], files: [] });
    expect(archived.json.earlierStudents).toEqual([
      expect.objectContaining({ studentName: EARLIER_STUDENT_NAME, grades: [expect.objectContaining({ id: gradeId })], files: [expect.objectContaining({ id: fileId })] }),
    ]);
    expect((await send(t, "GET", "/api/classes?status=archived", { cookie: owner.cookie })).json).toEqual([expect.objectContaining({ id: classId })]);
    expect((await send(t, "POST", `${classPath}/unarchive`, { cookie: owner.cookie })).json).toMatchObject({ status: "active" });
    const joined = await join(next.cookie, joinCode, next.studentIds[0]!);
    expect(joined.status, joined.text).toBe(200);
    expect(joined.json).toMatchObject({ grades: [], files: [], earlierStudents: [] });
    expect((await send(t, "GET", `${classPath}/files/${fileId}`, { cookie: next.cookie })).status).toBe(404);
    await expectOneConsistentFamily(classId);
  });

  it("a teacher archiving a class with a family in it archives it for the family too; unarchive brings it back", async () => {
    const { owner, family, path: classPath } = await joinedClass();
    expect((await send(t, "POST", `${classPath}/archive`, { cookie: owner.cookie })).json).toMatchObject({ status: "archived", studentName: "Kid1 Parent" });
    expect((await send(t, "GET", "/api/classes?status=archived", { cookie: family.cookie })).json).toHaveLength(1);
    expect((await send(t, "POST", `${classPath}/unarchive`, { cookie: owner.cookie })).json).toMatchObject({ status: "active", studentName: "Kid1 Parent" });
    expect((await send(t, "GET", "/api/classes", { cookie: family.cookie })).json).toHaveLength(1);
  });

  it("two families joining with one code at once: one joins, the other gets 409, and the class has one family", async () => {
    const owner = await teacher();
    const families = await Promise.all([parent(), parent(), parent()]);
    const { classId, joinCode } = await createClass(t.deps, { teacherId: owner.teacherId });
    const results = await Promise.all(families.map((f) => join(f.cookie, joinCode, f.studentIds[0]!)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const winner = families[results.findIndex((r) => r.status === 200)]!;
    expect(await currentEnrolments(classId)).toEqual([{ parentId: winner.parentId, studentId: winner.studentIds[0] }]);
    await expectOneConsistentFamily(classId);
  });

  it("a join racing a disenroll ends in one consistent state", async () => {
    const { family, classId, joinCode, path: classPath } = await joinedClass();
    await addGrade(t.deps, classId);
    const next = await parent();
    const [left, joined] = await Promise.all([
      send(t, "POST", `${classPath}/disenroll`, { cookie: family.cookie }),
      join(next.cookie, joinCode, next.studentIds[0]!),
    ]);
    expect(left.status).toBe(200);
    // Either the join came second (and got the free class, with nothing of the first child's) or first (409).
    expect([200, 409]).toContain(joined.status);
    if (joined.status === 200) expect(joined.json).toMatchObject({ grades: [], studentId: next.studentIds[0] });
    else expect((await classRow(classId)).parentId).toBeNull();
    await expectOneConsistentFamily(classId);
  });
});

describe("archive is per family", () => {
  it("a family archives and unarchives its class; the teacher and another family see no change", async () => {
    const owner = await teacher();
    const [familyA, familyB] = await Promise.all([parent(), parent()]);
    const a = await createClass(t.deps, { teacherId: owner.teacherId, parentId: familyA.parentId, studentId: familyA.studentIds[0]!, name: "Piano A" });
    const b = await createClass(t.deps, { teacherId: owner.teacherId, parentId: familyB.parentId, studentId: familyB.studentIds[0]!, name: "Piano B" });
    const names = async (cookie: string, status: "active" | "archived") =>
      ((await send(t, "GET", `/api/classes?status=${status}`, { cookie })).json as { name: string }[]).map((c) => c.name).sort();
    const rowBefore = await classRow(a.classId);

    const archived = await send(t, "POST", `/api/classes/${a.classId}/archive`, { cookie: familyA.cookie });
    expect(archived.status).toBe(200);
    expect(archived.json).toMatchObject({ status: "active", familyArchived: true });
    // Archiving twice changes nothing more.
    expect((await send(t, "POST", `/api/classes/${a.classId}/archive`, { cookie: familyA.cookie })).json.familyArchived).toBe(true);
    expect(await names(familyA.cookie, "active")).toEqual([]);
    expect(await names(familyA.cookie, "archived")).toEqual(["Piano A"]);
    expect((await send(t, "GET", `/api/classes?status=archived&q=piano`, { cookie: familyA.cookie })).json).toHaveLength(1);
    // The teacher's lists and the class row (status, last_updated) are untouched; family B's too.
    expect(await names(owner.cookie, "active")).toEqual(["Piano A", "Piano B"]);
    expect(await names(owner.cookie, "archived")).toEqual([]);
    expect((await send(t, "GET", `/api/classes/${a.classId}`, { cookie: owner.cookie })).json).toMatchObject({ status: "active", familyArchived: false });
    expect(await classRow(a.classId)).toEqual(rowBefore);
    expect(await names(familyB.cookie, "active")).toEqual(["Piano B"]);
    expect(await names(familyB.cookie, "archived")).toEqual([]);

    const unarchived = await send(t, "POST", `/api/classes/${a.classId}/unarchive`, { cookie: familyA.cookie });
    expect(unarchived.status).toBe(200);
    expect(unarchived.json).toMatchObject({ status: "active", familyArchived: false });
    expect(await names(familyA.cookie, "active")).toEqual(["Piano A"]);
    expect(await names(familyA.cookie, "archived")).toEqual([]);
    expect(await classRow(a.classId)).toEqual(rowBefore);
    expect(b.classId).not.toBe(a.classId);
  });

  it("a family's archive does not carry over to the next family in the class", async () => {
    const { family, joinCode, path: classPath } = await joinedClass();
    await send(t, "POST", `${classPath}/archive`, { cookie: family.cookie });
    await send(t, "POST", `${classPath}/disenroll`, { cookie: family.cookie });
    const next = await parent();
    expect((await join(next.cookie, joinCode, next.studentIds[0]!)).json).toMatchObject({ familyArchived: false });
    expect((await send(t, "GET", "/api/classes?status=active", { cookie: next.cookie })).json).toHaveLength(1);
  });

  it("another parent and another teacher cannot unarchive (404); the teacher's unarchive is the class's and leaves the family's archive", async () => {
    const { owner, family, classId, path: classPath } = await joinedClass();
    await send(t, "POST", `${classPath}/archive`, { cookie: family.cookie });
    const [otherTeacher, otherFamily] = await Promise.all([teacher(), parent()]);
    const before = { counts: await tableCounts(t), enrolments: await t.deps.db.select().from(classEnrolments).where(eq(classEnrolments.classId, classId)) };
    const expected: [string | undefined, number][] = [
      [undefined, 401],
      [otherFamily.cookie, 404],
      [otherTeacher.cookie, 404],
    ];
    for (const [cookie, status] of expected) {
      const res = await send(t, "POST", `${classPath}/unarchive`, { cookie });
      expect(res.status).toBe(status);
      if (status !== 401) expect(res.json.error.message).toBeTruthy();
    }
    expect(await tableCounts(t)).toEqual(before.counts);
    expect(await t.deps.db.select().from(classEnrolments).where(eq(classEnrolments.classId, classId))).toEqual(before.enrolments);
    expect((await send(t, "GET", classPath, { cookie: family.cookie })).json.familyArchived).toBe(true);
    // The class's teacher unarchives the class (already active): the family's own archive stays.
    expect((await send(t, "POST", `${classPath}/unarchive`, { cookie: owner.cookie })).json).toMatchObject({ status: "active" });
    expect(await t.deps.db.select().from(classEnrolments).where(eq(classEnrolments.classId, classId))).toEqual(before.enrolments);
    expect((await send(t, "GET", classPath, { cookie: family.cookie })).json.familyArchived).toBe(true);
  });
});
