import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createParent, createTeacher } from "../../../tests/factories/accounts";
import { createGuardian } from "../../../tests/factories/households";
import { send, signIn } from "../../../tests/fixtures/http";
import { testAppForFile } from "../../../tests/fixtures/test-app";
import { mailOutbox } from "../db/schema";
import { JOB_KINDS, JOB_SWEEPS } from "../job-kinds";
import { runDueJobs } from "../jobs/job-runner";

const t = testAppForFile();

const MINUTE = 60_000;

async function pair() {
  const [p, tr] = await Promise.all([createParent(t.deps), createTeacher(t.deps)]);
  const [pc, tc] = await Promise.all([signIn(t, "parent", p.email, p.password), signIn(t, "teacher", tr.email, tr.password)]);
  const opened = await send(t, "POST", "/api/messages/conversations", { cookie: pc, body: { teacherId: tr.teacherId } });
  return { p: { ...p, cookie: pc }, tr: { ...tr, cookie: tc }, id: opened.json.id as string };
}

async function say(cookie: string, id: string, text: string): Promise<Date> {
  const res = await send(t, "POST", `/api/messages/conversations/${id}/messages`, { cookie, body: { text } });
  expect(res.status).toBe(201);
  return new Date(res.json.sentAt as string);
}

const runAt = (now: Date) => runDueJobs(t.deps, { kinds: JOB_KINDS, sweeps: JOB_SWEEPS, now });
const plus = (at: Date, ms: number) => new Date(at.getTime() + ms);

async function mailsTo(email: string) {
  return t.deps.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, "message-unread")))
    .orderBy(asc(mailOutbox.createdAt));
}

describe("the unread-message email", () => {
  it("goes out once a message is unread for 10 minutes, then at most once an hour per conversation", async () => {
    const { p, tr, id } = await pair();
    const sentAt = await say(p.cookie, id, "Can we move Tuesday's lesson?");
    await runAt(plus(sentAt, 9 * MINUTE));
    expect(await mailsTo(tr.email)).toHaveLength(0);
    await runAt(plus(sentAt, 10 * MINUTE + 1000));
    const [mail, ...more] = await mailsTo(tr.email);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe("New message from Pat Parent");
    expect(mail!.textBody).toContain("> Can we move Tuesday's lesson?");
    expect(mail!.textBody).toContain(`/messages/${id}`);

    // A second unread message: its job is due within the hour of the first email, so no email.
    await say(p.cookie, id, "Or Wednesday?");
    await runAt(plus(sentAt, 31 * MINUTE));
    expect(await mailsTo(tr.email)).toHaveLength(1);
    // A third, with the hour over when its job runs: emailed again.
    await say(p.cookie, id, "Please answer");
    await runAt(plus(sentAt, 71 * MINUTE));
    expect((await mailsTo(tr.email)).map((m) => m.textBody.includes("> Please answer"))).toEqual([false, true]);
  });

  it("is not sent when the message was read in time, or to a parent whose email notifications are off", async () => {
    const read = await pair();
    const sentAt = await say(read.p.cookie, read.id, "Read me");
    await send(t, "POST", `/api/messages/conversations/${read.id}/read`, { cookie: read.tr.cookie });
    await runAt(plus(sentAt, 11 * MINUTE));
    expect(await mailsTo(read.tr.email)).toHaveLength(0);

    const off = await pair();
    const patch = await send(t, "PATCH", "/api/parents/me", { cookie: off.p.cookie, body: { notifications: { email: false, sms: false } } });
    expect(patch.status).toBe(200);
    const replyAt = await say(off.tr.cookie, off.id, "Hello from your teacher");
    await runAt(plus(replyAt, 11 * MINUTE));
    expect(await mailsTo(off.p.email)).toHaveLength(0);

    // With email on, the parent gets it.
    const on = await pair();
    const at = await say(on.tr.cookie, on.id, "Hello again");
    await runAt(plus(at, 11 * MINUTE));
    expect((await mailsTo(on.p.email)).map((m) => m.subject)).toEqual(["New message from Terry Teacher"]);
  });

  it("issue 45: goes to each guardian who has it unread, under their own settings, and a guardian's message to the teacher and the other guardians", async () => {
    const { p, tr, id } = await pair();
    const tom = await createGuardian(t.deps, p.parentId, { firstName: "Tom" });
    const lea = await createGuardian(t.deps, p.parentId, { firstName: "Lea" });
    const [tomCookie, leaCookie] = await Promise.all([signIn(t, "parent", tom.email, tom.password), signIn(t, "parent", lea.email, lea.password)]);
    // Lea turned message emails off (her own settings; the others' stay on).
    const off = await send(t, "PATCH", "/api/accounts/me/email-preferences", { cookie: leaCookie, body: { messages: false } });
    expect(off.status).toBe(200);

    const sentAt = await say(tr.cookie, id, "Lesson moved to 5pm");
    // Tom read it in time; Pat did not.
    await send(t, "POST", `/api/messages/conversations/${id}/read`, { cookie: tomCookie });
    await runAt(plus(sentAt, 11 * MINUTE));
    expect((await mailsTo(p.email)).map((m) => m.subject)).toEqual(["New message from Terry Teacher"]);
    expect(await mailsTo(tom.email)).toHaveLength(0);
    expect(await mailsTo(lea.email)).toHaveLength(0);

    // Tom writes: the teacher and Pat are told (Pat's hour since her last email is over by then), Lea is not.
    const replyAt = await say(tomCookie, id, "I'll drive her");
    await runAt(plus(replyAt, 72 * MINUTE));
    expect((await mailsTo(tr.email)).map((m) => m.subject)).toEqual(["New message from Tom Parent"]);
    const [, toPat] = await mailsTo(p.email);
    expect(toPat!.subject).toBe("New message from Tom Parent");
    expect(toPat!.textBody).toContain("Tom Parent wrote in your family's conversation with Terry Teacher");
    expect(await mailsTo(tom.email)).toHaveLength(0);
    expect(await mailsTo(lea.email)).toHaveLength(0);
  });
});
