import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTeacher, uniqueEmail } from "../../../tests/factories/accounts";
import { parentSignUpBody } from "../../../tests/factories/sign-up";
import { teacherApplicationBody } from "../../../tests/factories/teacher-application";
import { send, signIn } from "../../../tests/fixtures/http";
import { lastMail, tokenBehindLink } from "../../../tests/fixtures/outbox";
import { createTestApp, type TestApp } from "../../../tests/fixtures/test-app";
import { UPLOAD_TOKEN_HEADER } from "../../shared/teachers/intro-video.constants";
import { listOperators } from "../operator/operators.repo";
import { syncOperators } from "../operator/operator-sync.service";

/**
 * Issue 39: every flow that issues a token runs against an app whose log is captured; no token
 * issued may appear anywhere in it (request lines, errors, better-auth's own logging).
 */
const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  const logger = pino({ level: "debug" }, { write: (line: string) => void lines.push(line) });
  t = await createTestApp({}, { logger });
});
afterAll(() => t.close());

const ORIGIN = { origin: "http://localhost:3000" };

const follow = (link: URL) => tokenBehindLink(t, link);

describe("no secret in a log", () => {
  it("logs the requests of every token flow without the tokens", async () => {
    const issued: Record<string, string> = {};

    // Email verification: the token is in the link's query.
    const signUp = parentSignUpBody();
    expect((await send(t, "POST", "/api/accounts/parents", { body: { ...signUp } })).status).toBe(201);
    const verifyLink = (await lastMail(t, signUp.parent.email, "verification")).link!;
    issued.verification = verifyLink.searchParams.get("token")!;
    expect([200, 302]).toContain((await t.app.request(`${verifyLink.pathname}${verifyLink.search}`)).status);

    // Password reset: the emailed link carries the token in its path, the page it lands on in its query.
    expect((await send(t, "POST", "/api/auth/request-password-reset", { body: { email: signUp.parent.email, redirectTo: "http://localhost:3000/reset-password" }, headers: ORIGIN })).status).toBe(200);
    const resetLink = (await lastMail(t, signUp.parent.email, "password-reset")).link!;
    issued.resetInPath = resetLink.pathname.split("/").pop()!;
    issued.reset = await follow(resetLink);
    expect((await send(t, "POST", "/api/auth/reset-password", { body: { newPassword: "a-brand-new-password", token: issued.reset }, headers: ORIGIN })).status).toBe(200);

    // An operator's 24-hour set-password link.
    const operatorEmail = uniqueEmail("log-operator");
    const others = (await listOperators(t.deps.db)).map((row) => row.email);
    await syncOperators({ ...t.deps, env: { ...t.deps.env, OPERATOR_EMAILS: [...others, operatorEmail] } });
    const setLink = (await lastMail(t, operatorEmail, "operator-set-password")).link!;
    issued.setPasswordInPath = setLink.pathname.split("/").pop()!;
    issued.setPassword = await follow(setLink);

    // The private calendar feed: the token is the file name, fetched by calendar apps with no session.
    const teacher = await createTeacher(t.deps);
    const cookie = await signIn(t, "teacher", teacher.email, teacher.password);
    const feed = await send(t, "POST", "/api/calendar/feed", { cookie });
    expect(feed.status).toBe(201);
    const feedPath = new URL(feed.json.url as string).pathname;
    issued.feed = feedPath.split("/").pop()!.replace(/\.ics$/, "");
    expect((await t.app.request(feedPath)).status).toBe(200);

    // The application wizard's upload token, sent in a header (a refused upload is logged too).
    const applied = await send(t, "POST", "/api/teachers", { body: teacherApplicationBody() as unknown as Record<string, unknown> });
    expect(applied.status).toBe(201);
    issued.upload = applied.json.uploadToken as string;
    const upload = await t.app.request("/api/teachers/me/intro-video", { method: "PUT", headers: { [UPLOAD_TOKEN_HEADER]: issued.upload, "content-type": "video/mp4" }, body: "not a video" });
    expect(upload.status).toBeGreaterThanOrEqual(400);

    const log = lines.join("\n");
    // No token issued is anywhere in it...
    for (const [flow, token] of Object.entries(issued)) {
      expect(token.length, flow).toBeGreaterThan(8);
      expect(log.includes(token), `the ${flow} token is in the log`).toBe(false);
    }
    // ...and the requests were logged, with their routes.
    expect(log).toContain('"path":"/api/calendar/feed/[redacted].ics"');
    expect(log).toContain('"path":"/api/auth/reset-password/[redacted]"');
    expect(log).toContain('"path":"/api/auth/verify-email"');
    expect(log).toContain('"path":"/api/teachers/me/intro-video"');
  });
});
