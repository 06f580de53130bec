import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createParent, createTeacher } from "../../../tests/factories/accounts";
import { addClassFile, addGrade, createClass, TINY_PDF } from "../../../tests/factories/classes";
import { send, signIn } from "../../../tests/fixtures/http";
import { createTestApp, type TestApp } from "../../../tests/fixtures/test-app";
import { tableCounts } from "../../../tests/api/world";
import {
  CLASS_TAKEN_MESSAGE,
  FILE_TOO_LARGE_MESSAGE,
  FILE_TYPE_MESSAGE,
  GRADE_CATEGORY_MESSAGE,
  JOIN_CODE_NOT_FOUND_MESSAGE,
  MAX_CLASS_FILE_BYTES,
} from "../../shared/classes/classes.api";
import { REQUIRED_FIELDS_MESSAGE, SCORE_MESSAGE } from "../../shared/classes/classes.schemas";
import { addXp } from "../../shared/classes/progress.rules";
import { classes, classFiles } from "../db/schema";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function teacher() {
  const account = await createTeacher(t.deps);
  return { ...account, cookie: await signIn(t, "teacher", account.email, account.password) };
}

async function parent(students = 1) {
  const account = await createParent(t.deps, { students });
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

    // Dashboards count the active classes.
    expect((await send(t, "GET", "/api/parents/me/dashboard", { cookie: family.cookie })).json.counts.activeClasses).toBe(1);
    expect((await send(t, "GET", "/api/teachers/me/dashboard", { cookie: owner.cookie })).json.stats.activeClasses).toBe(1);
    expect((await send(t, "POST", `/api/classes/${created.json.id}/archive`, { cookie: family.cookie })).json.status).toBe("archived");
    expect((await send(t, "GET", "/api/parents/me/dashboard", { cookie: family.cookie })).json.counts.activeClasses).toBe(0);
    expect((await send(t, "GET", "/api/teachers/me/dashboard", { cookie: owner.cookie })).json.stats.activeClasses).toBe(0);
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
    await expectStatus(owner.cookie, parentActions, 403);
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
      ["POST", `${classPath}/disenroll`],
    ] as const) {
      expect((await send(t, method, url, { cookie: family.cookie })).status, `${method} ${url}`).toBe(404);
    }
    expect((await send(t, "GET", "/api/classes", { cookie: family.cookie })).json).toEqual([]);
    const seen = await send(t, "GET", classPath, { cookie: owner.cookie });
    expect(seen.json).toMatchObject({ studentName: null, studentId: null, parentId: null, status: "active" });
  });

  it('names a deleted teacher "Deleted user" and a deleted student too', async () => {
    const { family, classId, path: classPath } = await joinedClass();
    await t.deps.db.update(classes).set({ teacherId: null, studentId: null }).where(eq(classes.id, classId));
    const seen = await send(t, "GET", classPath, { cookie: family.cookie });
    expect(seen.json).toMatchObject({ teacherName: "Deleted user", studentName: "Deleted user", viewerRole: "parent" });
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
    const post = (body: Record<string, unknown>) => send(t, "POST", `${classPath}/grades`, { cookie: owner.cookie, body });
    const missing = await post({ title: " ", category: "Technique", score: 80 });
    expect([missing.status, missing.json.error.message]).toEqual([400, REQUIRED_FIELDS_MESSAGE]);
    const tooHigh = await post({ title: "Quiz", category: "Technique", score: 101 });
    expect([tooHigh.status, tooHigh.json.error.message]).toEqual([400, SCORE_MESSAGE]);
    const unknownCategory = await post({ title: "Quiz", category: "Juggling", score: 80 });
    expect([unknownCategory.status, unknownCategory.json.error.message]).toEqual([400, GRADE_CATEGORY_MESSAGE]);

    const first = await post({ title: "Scales", category: "technique ", score: 80, date: "2026-10-01" });
    expect(first.status).toBe(201);
    expect(first.json.grade).toMatchObject({ category: "Technique", date: "2026-10-01", feedback: "" });
    expect(first.json.progress.overall).toBe(740); // 300 + 440
    const second = await post({ title: "Recital", category: "Performance", score: 100, date: "2026-11-01" });
    expect(second.json.progress.overall).toBe(795); // (740 + 850) / 2

    const edited = await send(t, "PATCH", `${classPath}/grades/${first.json.grade.id}`, {
      cookie: owner.cookie,
      body: { title: "Scales", category: "Technique", score: 100 },
    });
    expect(edited.json.grade.date).toBe("2026-10-01");
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
