import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createParent, uniqueEmail } from "../../../tests/factories/accounts";
import { parentSignUpBody } from "../../../tests/factories/sign-up";
import { send } from "../../../tests/fixtures/http";
import { lastMail, tokenBehindLink } from "../../../tests/fixtures/outbox";
import { testAppForFile } from "../../../tests/fixtures/test-app";
import { mailOutbox, verification } from "../db/schema";
import { listOperators } from "../operator/operators.repo";
import { syncOperators } from "../operator/operator-sync.service";
import { USED_LINK } from "./used-links.repo";

/**
 * Issue 39: links in emails are never kept in clear after use. The database holds tokens only as
 * hashes; the stored email keeps its link until the link did its work, then loses the token.
 */
const t = testAppForFile();
const ORIGIN = { origin: "http://localhost:3000" };

const storedBody = async (id: string) => (await t.deps.db.select({ text: mailOutbox.textBody }).from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!.text;
const verificationRowsHolding = async (token: string) =>
  (await t.deps.db.select({ identifier: verification.identifier }).from(verification)).filter((row) => row.identifier.includes(token)).length;

const tokenOf = (link: URL) => tokenBehindLink(t, link);

describe("links in emails after use", () => {
  it("a password reset: the token is stored hashed, the link works once, then the stored email no longer holds it", async () => {
    const parent = await createParent(t.deps);
    expect((await send(t, "POST", "/api/auth/request-password-reset", { body: { email: parent.email, redirectTo: "http://localhost:3000/reset-password" }, headers: ORIGIN })).status).toBe(200);
    const { mail, link } = await lastMail(t, parent.email, "password-reset");
    const token = await tokenOf(link!);
    expect(await verificationRowsHolding(token)).toBe(0);
    // Until used the email keeps it (the outbox may still have to deliver it).
    expect(await storedBody(mail.id)).toContain(token);

    // A wrong try changes nothing.
    expect((await send(t, "POST", "/api/auth/reset-password", { body: { newPassword: "x", token }, headers: ORIGIN })).status).toBe(400);
    expect(await storedBody(mail.id)).toContain(token);

    expect((await send(t, "POST", "/api/auth/reset-password", { body: { newPassword: "a-brand-new-password", token }, headers: ORIGIN })).status).toBe(200);
    const after = await storedBody(mail.id);
    expect(after).not.toContain(token);
    expect(after).toContain(USED_LINK);
    // Spent: a second use is refused.
    expect((await send(t, "POST", "/api/auth/reset-password", { body: { newPassword: "another-new-password", token }, headers: ORIGIN })).status).toBe(400);
  });

  it("an operator's set-password link: hashed at rest, forgotten once the password is set", async () => {
    const email = uniqueEmail("links-operator");
    const others = (await listOperators(t.deps.db)).map((row) => row.email);
    await syncOperators({ ...t.deps, env: { ...t.deps.env, OPERATOR_EMAILS: [...others, email] } });
    const { mail, link } = await lastMail(t, email, "operator-set-password");
    const token = await tokenOf(link!);
    expect(await verificationRowsHolding(token)).toBe(0);
    expect((await send(t, "POST", "/api/auth/reset-password", { body: { newPassword: "an-operator-password", token }, headers: ORIGIN })).status).toBe(200);
    expect(await storedBody(mail.id)).not.toContain(token);
  });

  it("an email verification: forgotten once the address is verified, not before", async () => {
    const signUp = parentSignUpBody();
    expect((await send(t, "POST", "/api/accounts/parents", { body: { ...signUp } })).status).toBe(201);
    const { mail, link } = await lastMail(t, signUp.parent.email, "verification");
    const token = link!.searchParams.get("token")!;
    // A forged token verifies nothing and forgets nothing.
    await t.app.request(`${link!.pathname}?token=not-a-token`);
    expect(await storedBody(mail.id)).toContain(token);

    expect([200, 302]).toContain((await t.app.request(`${link!.pathname}${link!.search}`)).status);
    const after = await storedBody(mail.id);
    expect(after).not.toContain(token);
    expect(after).toContain(USED_LINK);
  });
});
