import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOperator, createParent, createTeacher } from "../../../tests/factories/accounts";
import { createBooking } from "../../../tests/factories/bookings";
import { createConversation } from "../../../tests/factories/messages";
import { send, signInOperator } from "../../../tests/fixtures/http";
import { createTestApp, type TestApp } from "../../../tests/fixtures/test-app";
import type { Database, Tx } from "../db/client";
import { accountSuspensions, messages, operatorActions, parentProfiles, reports, session, teacherProfiles } from "../db/schema";
import type { OperatorUser } from "../http/app-env";
import { recordOperatorAction } from "./audit.repo";
import { getOverview } from "./operator-desk.service";

let t: TestApp;
let operator: Awaited<ReturnType<typeof createOperator>>;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  operator = await createOperator(t.deps);
  cookie = await signInOperator(t, operator.email, operator.password);
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
class Rollback extends Error {}

/**
 * Runs `body` in a REPEATABLE READ transaction that is rolled back: the figures read inside see
 * only this test's rows on top of one snapshot, even with other test files writing to the same
 * PostgreSQL database at the same time.
 */
async function inSnapshot(body: (tx: Tx) => Promise<void>) {
  await expect(
    t.deps.db.transaction(
      async (tx) => {
        await body(tx);
        throw new Rollback();
      },
      { isolationLevel: "repeatable read" },
    ),
  ).rejects.toBeInstanceOf(Rollback);
}

describe("GET /api/operator/overview", () => {
  it("counts every figure from the database, recent activity over the last 7 days", async () => {
    const now = new Date();
    await inSnapshot(async (tx) => {
      const deps = { ...t.deps, db: tx as unknown as Database };
      const before = await getOverview(deps, now);

      const [parent, otherParent, oldParent] = [await createParent(deps), await createParent(deps), await createParent(deps)];
      await tx.update(parentProfiles).set({ createdAt: new Date(now.getTime() - 8 * DAY) }).where(eq(parentProfiles.id, oldParent.parentId));
      const teacher = await createTeacher(deps);
      const waiting = await createTeacher(deps, { discoverable: false, reviewStatus: "pending" });
      const oldest = new Date("2001-02-03T04:05:06.000Z");
      await tx.update(teacherProfiles).set({ submittedForReviewAt: oldest }).where(eq(teacherProfiles.id, waiting.teacherId));
      await createTeacher(deps, { discoverable: false, reviewStatus: "changes_requested" });

      const booking = { teacherId: teacher.teacherId, parentId: parent.parentId, studentId: parent.studentIds[0]! };
      await createBooking(deps, { ...booking, status: "pending", startsAt: new Date(now.getTime() + 3 * DAY) });
      await createBooking(deps, { ...booking, status: "accepted", startsAt: new Date(now.getTime() - 2 * DAY) });
      await createBooking(deps, { ...booking, status: "accepted", startsAt: new Date(now.getTime() + 2 * DAY) });

      const { conversationId } = await createConversation(deps, { parentId: parent.parentId, parentUserId: parent.userId, teacherUserId: teacher.userId, texts: ["One", "Two"] });
      await tx.insert(messages).values({ conversationId, senderUserId: teacher.userId, body: "Old", createdAt: new Date(now.getTime() - 8 * DAY) });

      const report = { reporterUserId: parent.userId, targetKind: "teacher", targetId: teacher.teacherId, reason: "other", snapshot: {} };
      await tx.insert(reports).values(report);
      await tx.insert(reports).values({ ...report, reporterUserId: otherParent.userId, status: "dismissed", resolvedAt: now });
      await tx.insert(accountSuspensions).values({ userId: otherParent.userId, reason: "Test suspension" });

      const after = await getOverview(deps, now);
      expect(after.applicationsWaiting - before.applicationsWaiting).toBe(1);
      expect(after.oldestWaitingSince).toBe(oldest.toISOString());
      expect(after.openReports - before.openReports).toBe(1);
      // Three parent accounts made now, one backdated to 8 days ago; three teachers.
      expect(after.signUps.parents - before.signUps.parents).toBe(2);
      expect(after.signUps.teachers - before.signUps.teachers).toBe(3);
      expect(after.bookingRequests - before.bookingRequests).toBe(3);
      // Held in the last 7 days: the accepted lesson 2 days ago, not the one still ahead.
      expect(after.lessons - before.lessons).toBe(1);
      expect(after.messages - before.messages).toBe(2);
      expect(after.suspendedAccounts - before.suspendedAccounts).toBe(1);
      expect(new Date(after.since).getTime()).toBe(now.getTime() - 7 * DAY);
    });
  });

  it("answers an operator with the figures", async () => {
    const res = await send(t, "GET", "/api/operator/overview", { cookie });
    expect(res.status).toBe(200);
    expect(Object.keys(res.json as object).sort()).toEqual(
      ["applicationsWaiting", "bookingRequests", "lessons", "messages", "oldestWaitingSince", "openReports", "signUps", "since", "suspendedAccounts"].sort(),
    );
  });
});

const actionsOf = (body: unknown) => (body as { entries: { action: string }[] }).entries.map((entry) => entry.action);

describe("GET /api/operator/audit", () => {
  const by: () => OperatorUser = () => ({ userId: operator.userId, email: operator.email });

  it("lists actions newest first, filters by target and by account, and pages with a cursor", async () => {
    const parent = await createParent(t.deps);
    const teacher = await createTeacher(t.deps);
    const account = { targetKind: "account" as const, targetId: parent.userId, subjectUserId: parent.userId };
    await recordOperatorAction(t.deps.db, by(), { ...account, action: "warn", reason: "First warning" });
    await recordOperatorAction(t.deps.db, by(), { ...account, action: "suspend", reason: "Kept on" });
    await recordOperatorAction(t.deps.db, by(), { ...account, action: "reinstate", reason: "Talked it through" });
    await recordOperatorAction(t.deps.db, by(), {
      action: "approve", targetKind: "teacher", targetId: teacher.teacherId, subjectUserId: teacher.userId, reason: "All good",
    });

    const all = await send(t, "GET", `/api/operator/audit?target=account:${parent.userId}`, { cookie });
    expect(all.status).toBe(200);
    expect(actionsOf(all.json)).toEqual(["reinstate", "suspend", "warn"]);
    expect(all.json.entries[0]).toMatchObject({ operatorEmail: operator.email, subjectEmail: parent.email, subjectName: expect.any(String), reason: "Talked it through" });
    expect(all.json.nextCursor).toBeNull();

    const first = await send(t, "GET", `/api/operator/audit?target=account:${parent.userId}&limit=2`, { cookie });
    expect(actionsOf(first.json)).toEqual(["reinstate", "suspend"]);
    expect(first.json.nextCursor).toBeTruthy();
    const second = await send(t, "GET", `/api/operator/audit?target=account:${parent.userId}&limit=2&before=${first.json.nextCursor}`, { cookie });
    expect(actionsOf(second.json)).toEqual(["warn"]);
    expect(second.json.nextCursor).toBeNull();

    const teacherTrail = await send(t, "GET", `/api/operator/audit?subject=${teacher.userId}`, { cookie });
    expect(teacherTrail.json.entries).toHaveLength(1);
    expect(teacherTrail.json.entries[0]).toMatchObject({ action: "approve", targetKind: "teacher", targetId: teacher.teacherId });

    const newest = await send(t, "GET", "/api/operator/audit?limit=1", { cookie });
    expect(newest.json.entries[0]).toMatchObject({ action: "approve" });
  });

  it("refuses a malformed filter with a message, never a 500", async () => {
    for (const query of ["target=planet:1", "target=account", "before=abc", "limit=0", "limit=1000", "subject=a%20b"]) {
      const res = await send(t, "GET", `/api/operator/audit?${query}`, { cookie });
      expect(res.status, query).toBe(400);
      expect(res.json.error.message, query).toBeTruthy();
    }
  });

  it("cannot be changed: the table refuses UPDATE, DELETE and TRUNCATE", async () => {
    await recordOperatorAction(t.deps.db, by(), {
      action: "dismiss", targetKind: "report", targetId: crypto.randomUUID(), subjectUserId: null, reason: "Nothing wrong",
    });
    const [row] = await t.deps.db.select({ id: operatorActions.id }).from(operatorActions).limit(1);
    await expect(t.deps.db.update(operatorActions).set({ reason: "Rewritten" }).where(eq(operatorActions.id, row!.id))).rejects.toThrow();
    await expect(t.deps.db.delete(operatorActions).where(eq(operatorActions.id, row!.id))).rejects.toThrow();
    await expect(t.deps.db.execute(sql`truncate table operator_actions`)).rejects.toThrow();
    const [still] = await t.deps.db.select({ reason: operatorActions.reason }).from(operatorActions).where(eq(operatorActions.id, row!.id));
    expect(still).toBeDefined();
    expect(still!.reason).not.toBe("Rewritten");
  });
});

describe("operator sessions", () => {
  it("last at most 12 hours: the session is made short, and an older one is ended", async () => {
    const mine = await createOperator(t.deps);
    const own = await signInOperator(t, mine.email, mine.password);
    const [row] = await t.deps.db.select().from(session).where(eq(session.userId, mine.userId));
    expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(12 * 60 * 60 * 1000);
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(11.9 * 60 * 60 * 1000);

    // better-auth may push expiresAt on when a session is used: the desk still ends it after 12 hours.
    await t.deps.db
      .update(session)
      .set({ createdAt: new Date(Date.now() - 13 * 60 * 60 * 1000), expiresAt: new Date(Date.now() + 10 * DAY) })
      .where(eq(session.userId, mine.userId));
    const res = await send(t, "GET", "/api/operator/overview", { cookie: own });
    expect(res.status).toBe(401);
    expect(res.json.error.reason).toBe("operator_session_expired");
    expect(await t.deps.db.select().from(session).where(eq(session.userId, mine.userId))).toHaveLength(0);
  });

  it("leave a parent's session at its usual length", async () => {
    const parent = await createParent(t.deps);
    await send(t, "POST", "/api/session", { body: { role: "parent", email: parent.email, password: parent.password } });
    const [row] = await t.deps.db.select().from(session).where(eq(session.userId, parent.userId));
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(20 * DAY);
  });

  it("cannot act as a parent or a teacher", async () => {
    for (const path of ["/api/messages/unread", "/api/calendar/feed", "/api/students", "/api/teachers/me/settings"]) {
      const res = await send(t, "GET", path, { cookie });
      expect([403, 404], path).toContain(res.status);
    }
    const publicSignIn = await send(t, "POST", "/api/session", { body: { role: "parent", email: operator.email, password: operator.password } });
    expect(publicSignIn.status).toBe(403);
  });
});
