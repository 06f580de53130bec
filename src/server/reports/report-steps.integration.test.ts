import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createBooking } from "../../../tests/factories/bookings";
import { createOperator, createParent, createTeacher } from "../../../tests/factories/accounts";
import { send, signIn, signInOperator } from "../../../tests/fixtures/http";
import { testAppForFile } from "../../../tests/fixtures/test-app";
import { REPORT_ALREADY_HANDLED_MESSAGE } from "../../shared/reports/reports.schemas";
import { mailOutbox, messages, operatorActions, reports } from "../db/schema";

/**
 * Issue 41, item 8: a desk for a team. An operator takes several actions on one report (remove
 * the message and warn the sender), each audited with the report, and closes it with Close (or
 * with the last action); a step is taken once; a closed report refuses every action (409) with a
 * message that says so; the desk's routes are 404 to anyone but an operator.
 */
const t = testAppForFile();

/** A teacher who received a rude message from a family and reported it; an operator. */
async function reportedMessage() {
  const [parent, teacher, operator] = await Promise.all([createParent(t.deps), createTeacher(t.deps), createOperator(t.deps)]);
  await createBooking(t.deps, { teacherId: teacher.teacherId, parentId: parent.parentId, studentId: parent.studentIds[0]!, status: "accepted" });
  const cookies = {
    parent: await signIn(t, "parent", parent.email, parent.password),
    teacher: await signIn(t, "teacher", teacher.email, teacher.password),
    operator: await signInOperator(t, operator.email, operator.password),
  };
  const opened = await send(t, "POST", "/api/messages/conversations", { cookie: cookies.parent, body: { teacherId: teacher.teacherId } });
  const sent = await send(t, "POST", `/api/messages/conversations/${opened.json.id as string}/messages`, { cookie: cookies.parent, body: { text: "You are useless." } });
  const messageId = sent.json.id as string;
  expect((await send(t, "POST", "/api/reports", { cookie: cookies.teacher, body: { targetKind: "message", targetId: messageId, reason: "harassment" } })).status).toBe(201);
  const [row] = await t.deps.db.select({ id: reports.id }).from(reports).where(eq(reports.targetId, messageId));
  return { parent, teacher, operator, cookies, messageId, reportId: row!.id };
}

const act = (cookie: string | undefined, reportId: string, action: string, body: Record<string, unknown>) =>
  send(t, "POST", `/api/operator/reports/${reportId}/${action}`, { cookie, body });
const entriesOf = (reportId: string) =>
  t.deps.db.select({ action: operatorActions.action, targetKind: operatorActions.targetKind, reason: operatorActions.reason }).from(operatorActions).where(eq(operatorActions.reportId, reportId)).orderBy(operatorActions.id);
const warningsTo = (email: string) => t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).then((rows) => rows.filter((row) => row.kind === "operator-warning"));

describe("several actions on one report (issue 41)", () => {
  it("removes the message and warns the sender, each audited, the report open until Close", async () => {
    const s = await reportedMessage();
    const removed = await act(s.cookies.operator, s.reportId, "hide-message", { reason: "Insults a teacher." });
    expect(removed.status).toBe(200);
    expect(removed.json).toMatchObject({ status: "open", target: { hidden: true }, actions: [{ action: "hide_message", reason: "Insults a teacher." }] });
    const [message] = await t.deps.db.select({ hiddenAt: messages.hiddenAt }).from(messages).where(eq(messages.id, s.messageId));
    expect(message!.hiddenAt).not.toBeNull();

    const warned = await act(s.cookies.operator, s.reportId, "warn", { reason: "Please keep messages respectful." });
    expect(warned.status).toBe(200);
    expect(warned.json.status).toBe("open");
    expect((warned.json.actions as { action: string }[]).map((a) => a.action)).toEqual(["hide_message", "warn"]);
    expect(warned.json.actions[1]).toMatchObject({ operatorEmail: s.operator.email, createdAt: expect.stringMatching(/Z$/) });
    expect(await warningsTo(s.parent.email)).toHaveLength(1);
    // The desk's list shows the report still open, with what was done so far.
    const list = await send(t, "GET", "/api/operator/reports", { cookie: s.cookies.operator });
    expect((list.json.reports as { id: string }[]).find((r) => r.id === s.reportId)).toMatchObject({ status: "open", actionsTaken: 2 });

    // Each step once: a second warning is refused and sends nothing.
    const again = await act(s.cookies.operator, s.reportId, "warn", { reason: "Again." });
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe("Warning sent already from this report: each action is taken once. Close the report when you are done.");
    expect(await warningsTo(s.parent.email)).toHaveLength(1);
    // Dismissing would say nothing was done.
    const dismiss = await act(s.cookies.operator, s.reportId, "dismiss", { reason: "Nothing." });
    expect(dismiss.status).toBe(409);
    expect(dismiss.json.error.message).toBe("This report cannot be dismissed: message removed, warning sent already. Close the report instead.");

    const closed = await act(s.cookies.operator, s.reportId, "close", { reason: "Handled: removed and warned." });
    expect(closed.status).toBe(200);
    expect(closed.json).toMatchObject({ status: "actioned", resolution: "Message removed, Warning sent: Handled: removed and warned.", resolvedBy: s.operator.email });
    expect(await entriesOf(s.reportId)).toEqual([
      { action: "hide_message", targetKind: "message", reason: "Insults a teacher." },
      { action: "warn", targetKind: "account", reason: "Please keep messages respectful." },
      { action: "close_report", targetKind: "report", reason: "Handled: removed and warned." },
    ]);
    // The audit trail filtered by the report: its close and the actions taken from it, newest first, by name.
    const trail = await send(t, "GET", `/api/operator/audit?target=report:${s.reportId}`, { cookie: s.cookies.operator });
    expect(trail.status).toBe(200);
    expect((trail.json.entries as { action: string; reportId: string; subjectName: string }[]).map((e) => [e.action, e.reportId, e.subjectName])).toEqual([
      ["close_report", s.reportId, "Pat Parent"],
      ["warn", s.reportId, "Pat Parent"],
      ["hide_message", s.reportId, "Pat Parent"],
    ]);
    expect((await send(t, "GET", "/api/operator/audit?target=report:not-a-uuid", { cookie: s.cookies.operator })).json.entries).toEqual([]);
  });

  it("a closed report refuses every action with 409 and says so; nothing is recorded or sent", async () => {
    const s = await reportedMessage();
    expect((await act(s.cookies.operator, s.reportId, "close", { reason: "Looked at it: nothing to do." })).json).toMatchObject({
      status: "dismissed",
      resolution: "Dismissed: Looked at it: nothing to do.",
    });
    const before = await entriesOf(s.reportId);
    for (const [action, body] of [
      ["hide-message", { reason: "Late." }],
      ["warn", { reason: "Late.", close: true }],
      ["suspend", { reason: "Late." }],
      ["dismiss", { reason: "Late." }],
      ["close", { reason: "Late." }],
    ] as const) {
      const res = await act(s.cookies.operator, s.reportId, action, body);
      expect(res.status, action).toBe(409);
      expect(res.json.error.message, action).toBe(REPORT_ALREADY_HANDLED_MESSAGE);
    }
    expect(await entriesOf(s.reportId)).toEqual(before);
    expect(await warningsTo(s.parent.email)).toHaveLength(0);
  });

  it("the last action may close the report itself", async () => {
    const s = await reportedMessage();
    const res = await act(s.cookies.operator, s.reportId, "warn", { reason: "Last warning.", close: true });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "actioned", resolution: "Warning sent: Last warning." });
    expect((await entriesOf(s.reportId)).map((e) => e.action)).toEqual(["warn", "close_report"]);
  });

  it("two operators closing at once: one closes, the other gets 409 and records nothing", async () => {
    const s = await reportedMessage();
    await act(s.cookies.operator, s.reportId, "hide-message", { reason: "Insults." });
    const [a, b] = await Promise.all([
      act(s.cookies.operator, s.reportId, "close", { reason: "Done (a)." }),
      act(s.cookies.operator, s.reportId, "warn", { reason: "Warn (b).", close: true }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const actions = (await entriesOf(s.reportId)).map((e) => e.action);
    expect(actions.filter((action) => action === "close_report")).toHaveLength(1);
    expect(actions.length === 2 || actions.length === 3).toBe(true);
  });

  it("non-operators get the desk's 404; bad input gets 400 with a message and changes nothing", async () => {
    const s = await reportedMessage();
    for (const cookie of [undefined, s.cookies.parent, s.cookies.teacher]) {
      for (const action of ["close", "hide-message", "warn"]) {
        const res = await act(cookie, s.reportId, action, { reason: "Not mine to do." });
        expect(res.status, action).toBe(404);
      }
    }
    const badClose = await act(s.cookies.operator, s.reportId, "warn", { reason: "Fine.", close: "yes" });
    expect(badClose.status).toBe(400);
    expect(badClose.json.error.message).toBe("Say whether this action also closes the report: true or false");
    const blank = await act(s.cookies.operator, s.reportId, "close", { reason: " " });
    expect(blank.status).toBe(400);
    expect(blank.json.error.message).toBe("Please give a short reason.");
    const unknown = await act(s.cookies.operator, "00000000-0000-4000-8000-000000000000", "close", { reason: "Gone." });
    expect(unknown.status).toBe(404);
    expect(await entriesOf(s.reportId)).toEqual([]);
    expect((await t.deps.db.select({ status: reports.status }).from(reports).where(eq(reports.id, s.reportId)))[0]!.status).toBe("open");
  });
});
