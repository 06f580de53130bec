import { eq, inArray } from "drizzle-orm";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { createOperator, createParent, uniqueEmail } from "../../../tests/factories/accounts";
import { send, signInOperator } from "../../../tests/fixtures/http";
import { lastMail } from "../../../tests/fixtures/outbox";
import { testAppForFile } from "../../../tests/fixtures/test-app";
import { operators, parentProfiles, session, teacherProfiles, user, verification } from "../db/schema";
import { syncOperators } from "./operator-sync.service";
import { listOperators } from "./operators.repo";

const t = testAppForFile();

/** The start's log lines, kept to check what the sync said. */
function recordingLogger() {
  const lines: { level: number; msg: string }[] = [];
  const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line) as { level: number; msg: string }) });
  return { logger, lines };
}

/**
 * Syncs with the given addresses plus every operator other tests made (the list is the whole
 * truth, and on PostgreSQL other test files share the database).
 */
async function sync(listed: string[], logger = recordingLogger().logger) {
  const others = (await listOperators(t.deps.db)).map((row) => row.email);
  return syncOperators({ ...t.deps, logger, env: { ...t.deps.env, OPERATOR_EMAILS: [...new Set([...others, ...listed])] } });
}

describe("OPERATOR_EMAILS at start", () => {
  it("creates an operator account without a parent or teacher profile and emails a 24-hour set-your-password link that works", async () => {
    const email = uniqueEmail("new-operator");
    const { logger, lines } = recordingLogger();
    const result = await sync([email], logger);
    expect(result.created).toEqual([email]);
    expect(lines.some((line) => line.msg === "operators updated from OPERATOR_EMAILS")).toBe(true);

    const [account] = await t.deps.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    expect(account).toBeDefined();
    const userId = account!.id;
    expect(await t.deps.db.select().from(operators).where(eq(operators.userId, userId))).toHaveLength(1);
    expect(await t.deps.db.select().from(parentProfiles).where(eq(parentProfiles.userId, userId))).toHaveLength(0);
    expect(await t.deps.db.select().from(teacherProfiles).where(eq(teacherProfiles.userId, userId))).toHaveLength(0);

    const { mail, link } = await lastMail(t, email, "operator-set-password");
    expect(mail.subject).toBe("Set your password");
    expect(mail.textBody).toContain("24 hours");
    // The same token as a password reset, valid 24 hours instead of one.
    const [token] = await t.deps.db.select().from(verification).where(eq(verification.value, userId));
    const hours = (token!.expiresAt.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);

    // better-auth's reset link checks the token and sends the browser to our page with it.
    const redirect = await t.app.request(`${link!.pathname}${link!.search}`);
    expect(redirect.status).toBe(302);
    const landing = new URL(redirect.headers.get("location")!);
    expect(landing.pathname).toBe("/reset-password");
    expect(landing.searchParams.get("for")).toBe("operator");
    const resetToken = landing.searchParams.get("token");
    expect(resetToken).toBeTruthy();
    const reset = await send(t, "POST", "/api/auth/reset-password", {
      body: { newPassword: "operator-password-1", token: resetToken },
      headers: { origin: t.deps.env.PUBLIC_URL },
    });
    expect(reset.status).toBe(200);
    const cookie = await signInOperator(t, email, "operator-password-1");
    expect((await send(t, "GET", "/api/operator/me", { cookie })).json).toEqual({ email });
  });

  it("does not promote a parent's address, and says so in the log", async () => {
    const parent = await createParent(t.deps);
    const { logger, lines } = recordingLogger();
    const result = await sync([parent.email], logger);
    expect(result.refused).toEqual([parent.email]);
    expect(await t.deps.db.select().from(operators).where(eq(operators.userId, parent.userId))).toHaveLength(0);
    expect(lines.some((line) => line.level === 40 && line.msg.includes(parent.email) && line.msg.includes("parent account"))).toBe(true);
  });

  it("changes nothing for an address that already is an operator", async () => {
    const operator = await createOperator(t.deps);
    const result = await sync([operator.email]);
    expect(result).toEqual({ created: [], restored: [], removed: [], refused: [] });
    await expect(lastMail(t, operator.email, "operator-set-password")).rejects.toThrow();
  });

  it("takes operator rights and every session away from an address taken off the list, and gives them back when listed again", async () => {
    const operator = await createOperator(t.deps);
    const cookie = await signInOperator(t, operator.email, operator.password);
    expect((await send(t, "GET", "/api/operator/me", { cookie })).status).toBe(200);

    const others = (await listOperators(t.deps.db)).map((row) => row.email).filter((email) => email !== operator.email);
    const result = await syncOperators({ ...t.deps, env: { ...t.deps.env, OPERATOR_EMAILS: others } });
    expect(result.removed).toEqual([operator.email]);
    expect(await t.deps.db.select().from(operators).where(eq(operators.userId, operator.userId))).toHaveLength(0);
    expect(await t.deps.db.select().from(session).where(inArray(session.userId, [operator.userId]))).toHaveLength(0);
    expect((await send(t, "GET", "/api/operator/me", { cookie })).status).toBe(404);

    const again = await sync([operator.email]);
    expect(again.restored).toEqual([operator.email]);
    expect((await send(t, "GET", "/api/operator/me", { cookie: await signInOperator(t, operator.email, operator.password) })).status).toBe(200);
  });
});
