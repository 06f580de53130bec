import { eq } from "drizzle-orm";
import { studentProfiles } from "../../../src/server/db/schema";
import { createParent } from "../../factories/accounts";
import { createInvitation } from "../../factories/households";
import { signIn } from "../../fixtures/http";
import { everyone, nobody, parentsOnly, type RouteCase } from "../route-case";
import type { Actor, World } from "../world";

/**
 * Issue 45: /api/household. A guardian reads and changes only their own household (the parent's
 * second guardian as the parent; the other parent's household answers 404); the invitation's
 * secret is the key of preview, refuse and join, which need no session.
 */
const tokenOf = (world: World, actor: Actor) => ({ token: world.household.invitations[actor].token });
const joinBody = (world: World, actor: Actor) => ({
  ...tokenOf(world, actor),
  firstName: "Diego",
  lastName: "Lopez",
  password: "a-long-password",
  relationshipToChild: "father",
});

/** The accept request of each actor: an invitation to their own address, or (parent, anonymous, operator) to someone else's. */
function acceptToken(world: World, actor: Actor) {
  const own = world.household.toOwnAddress;
  if (actor === "otherParent" || actor === "teacher" || actor === "otherTeacher") return { token: own[actor].token };
  return tokenOf(world, actor);
}

export const householdsCases: RouteCase[] = [
  { route: "GET /api/household", ok: 200, allowed: parentsOnly, request: () => ({ path: "/api/household" }) },
  {
    route: "POST /api/household/invitations", ok: 201,
    allowed: parentsOnly,
    request: () => ({ path: "/api/household/invitations", body: { email: "grandma@example.test" } }),
    badInput: { as: "parent", validBody: () => ({ email: "grandma@example.test" }) },
  },
  {
    // Any guardian of the household withdraws its invitation; another household's is not found.
    route: "DELETE /api/household/invitations/:invitationId", ok: 200,
    allowed: { ...nobody, parent: true },
    request: (world) => ({ path: `/api/household/invitations/${world.household.pendingInvitationId}` }),
  },
  {
    route: "POST /api/household/invitations/preview", ok: 200,
    allowed: everyone,
    request: (world, actor) => ({ path: "/api/household/invitations/preview", body: tokenOf(world, actor) }),
    badInput: { as: "anonymous", validBody: (world) => tokenOf(world, "anonymous") },
  },
  {
    route: "POST /api/household/invitations/refuse", ok: 200,
    allowed: everyone,
    request: (world, actor) => ({ path: "/api/household/invitations/refuse", body: tokenOf(world, actor) }),
    badInput: { as: "anonymous", validBody: (world) => tokenOf(world, "anonymous") },
  },
  {
    // A new login made with the invitation's address; the caller's own session plays no part.
    route: "POST /api/household/invitations/join", ok: 201,
    allowed: everyone,
    request: (world, actor) => ({ path: "/api/household/invitations/join", body: joinBody(world, actor) }),
    badInput: { as: "anonymous", validBody: (world) => joinBody(world, "anonymous") },
  },
  {
    // Only the account the invitation was sent to, a parent without students of its own (the other
    // parent's child is removed first); a teacher-only account holds no parent profile (403).
    route: "POST /api/household/invitations/accept", ok: 200,
    allowed: { ...nobody, otherParent: true, secondGuardian: false },
    prepare: async (t, world) => {
      await t.deps.db.delete(studentProfiles).where(eq(studentProfiles.parentId, world.otherParent.parentId));
    },
    request: (world, actor) => ({ path: "/api/household/invitations/accept", body: acceptToken(world, actor) }),
    badInput: {
      as: "otherParent",
      validBody: () => ({}),
      session: async (t, world) => {
        const invitee = await createParent(t.deps, { students: 0 });
        const { token } = await createInvitation(t.deps, { householdId: world.parent.parentId, email: invitee.email });
        return { cookie: await signIn(t, "parent", invitee.email, invitee.password), validBody: { token } };
      },
    },
  },
  {
    // The founder removes anyone; the second guardian the guardian they invited; another household 404.
    route: "DELETE /api/household/guardians/:guardianId", ok: 200,
    allowed: { ...nobody, parent: true },
    request: (world) => ({ path: `/api/household/guardians/${world.household.invitedGuardianId}` }),
  },
  {
    // A guardian who joined leaves; a founder (every parent who started their household) may not: 403.
    route: "POST /api/household/leave", ok: 200,
    allowed: { ...nobody, secondGuardian: true },
    request: () => ({ path: "/api/household/leave" }),
    bodyless: true,
  },
];

