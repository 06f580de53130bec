import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { householdInvitations, parentProfiles, studentProfiles } from "../db/schema";
import { createParent, uniqueEmail } from "../../../tests/factories/accounts";
import { createGuardian, createInvitation } from "../../../tests/factories/households";
import { cookieHeader, send, signIn } from "../../../tests/fixtures/http";
import { lastMail } from "../../../tests/fixtures/outbox";
import { testAppForFile } from "../../../tests/fixtures/test-app";
import type { Household } from "../../shared/households/households.schemas";
import { INVITATION_EMAIL_KIND, REMOVED_EMAIL_KIND } from "./households.emails";

const t = testAppForFile();

type Parent = Awaited<ReturnType<typeof createParent>>;

/** A founder (the household: one child), signed in; fresh for every test. */
let founder: Parent;
let founderCookie: string;

beforeEach(async () => {
  founder = await createParent(t.deps, { firstName: "Maria", students: 1 });
  await t.deps.db.update(parentProfiles).set({ lastName: "Lopez", timeZone: "America/New_York" }).where(eq(parentProfiles.id, founder.parentId));
  founderCookie = await signIn(t, "parent", founder.email, founder.password);
});

const household = (cookie: string) => send(t, "GET", "/api/household", { cookie });
const students = (cookie: string) => send(t, "GET", "/api/students", { cookie });

async function joinNew(token: string, firstName = "Diego") {
  return send(t, "POST", "/api/household/invitations/join", {
    body: { token, firstName, lastName: "Lopez", password: "a-long-password", relationshipToChild: "father" },
  });
}

describe("inviting and joining", () => {
  it("emails a link; the invitee makes a login with it, is signed in and acts on the household's children", async () => {
    const email = uniqueEmail("diego");
    const invited = await send(t, "POST", "/api/household/invitations", { cookie: founderCookie, body: { email: email.toUpperCase() } });
    expect(invited.status).toBe(201);
    expect(invited.json).toMatchObject({ email, invitedByName: "Maria Lopez" });

    const { mail, link } = await lastMail(t, email, INVITATION_EMAIL_KIND);
    expect(mail.subject).toBe("Maria Lopez invited you to join the Lopez household on Music Lessons");
    expect(link?.pathname).toBe("/household/join");
    const token = link!.hash.slice(1);
    // The secret is never stored, only its hash.
    const [stored] = await t.deps.db.select().from(householdInvitations).where(eq(householdInvitations.email, email));
    expect(stored!.tokenHash).not.toContain(token);

    const preview = await send(t, "POST", "/api/household/invitations/preview", { body: { token } });
    expect(preview.json).toMatchObject({ status: "pending", email, inviterName: "Maria Lopez", householdName: "the Lopez household", accountExists: false });
    expect((await household(founderCookie)).json.invitations).toHaveLength(1);

    const joined = await joinNew(token);
    expect(joined.status, joined.text).toBe(201);
    const diegoCookie = cookieHeader(joined.headers);
    const kids = await students(diegoCookie);
    expect((kids.json as unknown as { id: string }[]).map((s) => s.id)).toEqual(founder.studentIds);

    // A child added by the second guardian is the household's: the founder sees it too.
    const added = await send(t, "POST", "/api/students", { cookie: diegoCookie, body: { firstName: "Lucia", lastName: "Lopez", age: 7 } });
    expect(added.status, added.text).toBe(201);
    expect((await students(founderCookie)).json).toHaveLength(2);

    const view = await household(diegoCookie);
    expect((view.json as unknown as Household).guardians.map((g) => [g.firstName, g.isFounder, g.isYou])).toEqual([
      ["Maria", true, false],
      ["Diego", false, true],
    ]);
    expect(view.json.guardians[1]).toMatchObject({ email, invitedByName: "Maria Lopez", canRemove: false });
    expect(view.json.invitations).toEqual([]);
    expect(view.json.you).toMatchObject({ isFounder: false, canLeave: true });

    // One use: the link is spent.
    const again = await send(t, "POST", "/api/household/invitations/preview", { body: { token } });
    expect(again.json).toMatchObject({ status: "accepted" });
    const reused = await joinNew(token, "Other");
    expect(reused.status).toBe(409);
    expect(reused.json.error.message).toMatch(/already exists|already used/);
  });

  it("lets an existing parent account without students accept while signed in with the invited address", async () => {
    const dad = await createParent(t.deps, { firstName: "Diego", students: 0 });
    const dadCookie = await signIn(t, "parent", dad.email, dad.password);
    const { token } = await createInvitation(t.deps, { householdId: founder.parentId, email: dad.email });
    expect((await send(t, "POST", "/api/household/invitations/preview", { body: { token } })).json.accountExists).toBe(true);

    // Someone else signed in cannot use it.
    const stranger = await createParent(t.deps, { students: 0 });
    const strangerCookie = await signIn(t, "parent", stranger.email, stranger.password);
    const wrong = await send(t, "POST", "/api/household/invitations/accept", { cookie: strangerCookie, body: { token } });
    expect(wrong.status).toBe(403);
    expect(wrong.json.error.message).toBe(`This invitation was sent to ${dad.email}. Sign in with that address to accept it.`);

    const accepted = await send(t, "POST", "/api/household/invitations/accept", { cookie: dadCookie, body: { token } });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.json).toEqual({ householdId: founder.parentId });
    expect((await students(dadCookie)).json).toHaveLength(1);
    const reused = await send(t, "POST", "/api/household/invitations/accept", { cookie: dadCookie, body: { token } });
    expect(reused.status).toBe(409);
    expect(reused.json.error.reason).toBe("invitation_accepted");
  });

  it("refuses an account with children of its own, which joining would leave behind", async () => {
    const other = await createParent(t.deps, { students: 1 });
    const cookie = await signIn(t, "parent", other.email, other.password);
    const { token } = await createInvitation(t.deps, { householdId: founder.parentId, email: other.email });
    const res = await send(t, "POST", "/api/household/invitations/accept", { cookie, body: { token } });
    expect(res.status).toBe(409);
    expect(res.json.error.reason).toBe("has_students");
    expect((await students(cookie)).json).toHaveLength(1);
  });

  it("refuses an expired link with what to do next", async () => {
    const { token } = await createInvitation(t.deps, { householdId: founder.parentId, createdAt: new Date(Date.now() - 8 * 24 * 3600_000) });
    const preview = await send(t, "POST", "/api/household/invitations/preview", { body: { token } });
    expect(preview.json).toMatchObject({ status: "expired", closedMessage: "This invitation has expired (links work for 7 days). Ask Maria Lopez to send a new one." });
    const res = await joinNew(token);
    expect(res.status).toBe(409);
    expect(res.json.error.reason).toBe("invitation_expired");
    expect((await household(founderCookie)).json.invitations).toEqual([]);
  });

  it("lets the invitee refuse without an account; the link then joins nobody", async () => {
    const { token } = await createInvitation(t.deps, { householdId: founder.parentId });
    const refused = await send(t, "POST", "/api/household/invitations/refuse", { body: { token } });
    expect(refused.status).toBe(200);
    expect((await send(t, "POST", "/api/household/invitations/preview", { body: { token } })).json.status).toBe("refused");
    const res = await joinNew(token);
    expect(res.status).toBe(409);
    expect(res.json.error.reason).toBe("invitation_refused");
    expect((await send(t, "POST", "/api/household/invitations/refuse", { body: { token } })).status).toBe(409);
  });

  it("answers 404 to a link nobody sent, and a new invitation to an address replaces the open one", async () => {
    const unknown = await send(t, "POST", "/api/household/invitations/preview", { body: { token: "a".repeat(43) } });
    expect(unknown.status).toBe(404);
    const email = uniqueEmail("twice");
    await send(t, "POST", "/api/household/invitations", { cookie: founderCookie, body: { email } });
    const first = (await lastMail(t, email, INVITATION_EMAIL_KIND)).link!.hash.slice(1);
    await send(t, "POST", "/api/household/invitations", { cookie: founderCookie, body: { email } });
    expect((await household(founderCookie)).json.invitations).toHaveLength(1);
    expect((await send(t, "POST", "/api/household/invitations/preview", { body: { token: first } })).json.status).toBe("revoked");
  });

  it("refuses inviting a guardian already in the household, or yourself", async () => {
    const mine = await send(t, "POST", "/api/household/invitations", { cookie: founderCookie, body: { email: founder.email } });
    expect(mine.status).toBe(409);
    expect(mine.json.error.fields.email).toBe("That is your own address: invite the other adult's email.");
    const guardian = await createGuardian(t.deps, founder.parentId);
    const again = await send(t, "POST", "/api/household/invitations", { cookie: founderCookie, body: { email: guardian.email } });
    expect(again.status).toBe(409);
    expect(again.json.error.reason).toBe("already_guardian");
  });

  it("lets a guardian withdraw a waiting invitation; another household's is not found", async () => {
    const { id, token } = await createInvitation(t.deps, { householdId: founder.parentId });
    const stranger = await createParent(t.deps);
    const strangerCookie = await signIn(t, "parent", stranger.email, stranger.password);
    expect((await send(t, "DELETE", `/api/household/invitations/${id}`, { cookie: strangerCookie })).status).toBe(404);
    expect((await send(t, "DELETE", `/api/household/invitations/${id}`, { cookie: founderCookie })).status).toBe(200);
    expect((await send(t, "DELETE", `/api/household/invitations/${id}`, { cookie: founderCookie })).status).toBe(409);
    expect((await joinNew(token)).json.error.reason).toBe("invitation_revoked");
  });
});

describe("removing and leaving", () => {
  it("the founder removes a guardian, who keeps their login but no longer sees the children, and is told", async () => {
    const guardian = await createGuardian(t.deps, founder.parentId);
    const cookie = await signIn(t, "parent", guardian.email, guardian.password);
    expect((await students(cookie)).json).toHaveLength(1);
    const removed = await send(t, "DELETE", `/api/household/guardians/${guardian.guardianId}`, { cookie: founderCookie });
    expect(removed.status, removed.text).toBe(200);
    expect((await students(cookie)).json).toEqual([]);
    expect((await household(cookie)).json.guardians).toHaveLength(1);
    const { mail } = await lastMail(t, guardian.email, REMOVED_EMAIL_KIND);
    expect(mail.subject).toBe("You are no longer a guardian of the Lopez household");
    expect((await send(t, "DELETE", `/api/household/guardians/${guardian.guardianId}`, { cookie: founderCookie })).status).toBe(404);
  });

  it("a guardian removes whom they invited, not the founder nor one the founder invited", async () => {
    const first = await createGuardian(t.deps, founder.parentId, { firstName: "Ana" });
    const theirGuest = await createGuardian(t.deps, founder.parentId, { firstName: "Abuela", invitedBy: first.guardianId });
    const foundersGuest = await createGuardian(t.deps, founder.parentId, { firstName: "Tio" });
    const cookie = await signIn(t, "parent", first.email, first.password);
    const view = await household(cookie);
    expect((view.json as unknown as Household).guardians.map((g) => [g.firstName, g.canRemove])).toEqual([
      ["Maria", false],
      ["Ana", false],
      ["Abuela", true],
      ["Tio", false],
    ]);
    const founderRes = await send(t, "DELETE", `/api/household/guardians/${founder.parentId}`, { cookie });
    expect(founderRes.status).toBe(403);
    expect(founderRes.json.error.message).toMatch(/founder cannot be removed/);
    expect((await send(t, "DELETE", `/api/household/guardians/${foundersGuest.guardianId}`, { cookie })).status).toBe(403);
    expect((await send(t, "DELETE", `/api/household/guardians/${theirGuest.guardianId}`, { cookie })).status).toBe(200);
  });

  it("a guardian leaves (their open invitations go with them); the founder cannot, so the household keeps a guardian who can act", async () => {
    const guardian = await createGuardian(t.deps, founder.parentId);
    const cookie = await signIn(t, "parent", guardian.email, guardian.password);
    const invited = await send(t, "POST", "/api/household/invitations", { cookie, body: { email: uniqueEmail("friend") } });
    expect(invited.status).toBe(201);
    const founderLeaves = await send(t, "POST", "/api/household/leave", { cookie: founderCookie });
    expect(founderLeaves.status).toBe(403);
    expect(founderLeaves.json.error.reason).toBe("founder_cannot_leave");
    expect((await send(t, "POST", "/api/household/leave", { cookie })).status).toBe(200);
    expect((await students(cookie)).json).toEqual([]);
    expect((await household(founderCookie)).json).toMatchObject({ invitations: [], guardians: [{ firstName: "Maria" }] });
  });
});

describe("each guardian's own settings, and account deletion", () => {
  it("keeps name and zone per guardian, and the home address the household's", async () => {
    const guardian = await createGuardian(t.deps, founder.parentId);
    const cookie = await signIn(t, "parent", guardian.email, guardian.password);
    const saved = await send(t, "PATCH", "/api/parents/me", { cookie, body: { firstName: "Diego", timeZone: "Europe/Madrid", address: "1 Main St" } });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json).toMatchObject({ firstName: "Diego", timeZone: "Europe/Madrid", address: "1 Main St" });
    const founderSettings = (await send(t, "GET", "/api/parents/me", { cookie: founderCookie })).json;
    expect(founderSettings).toMatchObject({ firstName: "Maria", timeZone: "America/New_York", address: "1 Main St" });
    expect((await send(t, "GET", "/api/parents/me/dashboard", { cookie })).json).toMatchObject({ firstName: "Diego", counts: { students: 1 } });
  });

  it("a guardian's deletion takes only their profile; the founder's waits until they are the last", async () => {
    const guardian = await createGuardian(t.deps, founder.parentId);
    const cookie = await signIn(t, "parent", guardian.email, guardian.password);
    const refused = await send(t, "DELETE", "/api/accounts/me", { cookie: founderCookie, body: { password: founder.password } });
    expect(refused.status).toBe(409);
    expect(refused.json.error.reason).toBe("household_has_guardians");
    const gone = await send(t, "DELETE", "/api/accounts/me", { cookie, body: { password: guardian.password } });
    expect(gone.status, gone.text).toBe(200);
    expect(await t.deps.db.select().from(studentProfiles).where(eq(studentProfiles.parentId, founder.parentId))).toHaveLength(1);
    const last = await send(t, "DELETE", "/api/accounts/me", { cookie: founderCookie, body: { password: founder.password } });
    expect(last.status, last.text).toBe(200);
    expect(await t.deps.db.select().from(studentProfiles).where(eq(studentProfiles.parentId, founder.parentId))).toEqual([]);
  });
});
