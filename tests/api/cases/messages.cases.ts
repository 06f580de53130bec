import type { World } from "../world";
import { parentsOnly, signedIn, type Allowed, type RouteCase } from "../route-case";

/**
 * Routes on world.conversationId: the household's conversation with the teacher. Every guardian of
 * the household is in it (issue 45: the second guardian reads, writes, blocks like the parent);
 * strangers (the other parent, the other teacher) get 404 as for a conversation that does not exist.
 */
const members: Allowed = { anonymous: false, parent: true, otherParent: false, teacher: true, otherTeacher: false };
/** The teacher teaches the parent's student (a booking and a class); the other teacher does not (no cold outreach). */
const teacherOfTheFamily: Allowed = { anonymous: false, parent: false, otherParent: false, teacher: true, otherTeacher: false };

const conversationPath = (world: World) => `/api/messages/conversations/${world.conversationId}`;
const message = () => ({ text: "Thank you, see you on Tuesday!" });

export const messagesCases: RouteCase[] = [
  { route: "GET /api/messages/conversations", allowed: signedIn, ok: 200, request: () => ({ path: "/api/messages/conversations" }) },
  {
    // Each household opens (or gets) its own conversation with the teacher (either guardian: the same one).
    route: "POST /api/messages/conversations",
    allowed: parentsOnly,
    ok: 200,
    request: (world) => ({ path: "/api/messages/conversations", body: { teacherId: world.teacher.teacherId } }),
    badInput: { as: "parent", validBody: (world) => ({ teacherId: world.teacher.teacherId }) },
  },
  {
    route: "POST /api/messages/conversations/family",
    allowed: teacherOfTheFamily,
    ok: 200,
    request: (world) => ({ path: "/api/messages/conversations/family", body: { studentId: world.parent.studentIds[0] } }),
    badInput: { as: "teacher", validBody: (world) => ({ studentId: world.parent.studentIds[0] }) },
  },
  { route: "GET /api/messages/conversations/:conversationId", allowed: members, ok: 200, request: (world) => ({ path: conversationPath(world) }) },
  {
    route: "GET /api/messages/conversations/:conversationId/messages",
    allowed: members,
    ok: 200,
    request: (world) => ({ path: `${conversationPath(world)}/messages?limit=10` }),
  },
  {
    route: "POST /api/messages/conversations/:conversationId/messages",
    allowed: members,
    ok: 201,
    request: (world) => ({ path: `${conversationPath(world)}/messages`, body: message() }),
    badInput: { as: "parent", validBody: message },
  },
  {
    route: "POST /api/messages/conversations/:conversationId/read",
    allowed: members,
    ok: 200,
    bodyless: true,
    request: (world) => ({ path: `${conversationPath(world)}/read` }),
  },
  // Blocking (issue 27): either side blocks the other, and unblocks.
  {
    route: "POST /api/messages/conversations/:conversationId/block",
    allowed: members,
    ok: 200,
    bodyless: true,
    request: (world) => ({ path: `${conversationPath(world)}/block` }),
  },
  {
    route: "DELETE /api/messages/conversations/:conversationId/block",
    allowed: members,
    ok: 200,
    request: (world) => ({ path: `${conversationPath(world)}/block` }),
  },
  { route: "GET /api/messages/unread", allowed: signedIn, ok: 200, request: () => ({ path: "/api/messages/unread" }) },
  { route: "GET /api/live", allowed: signedIn, ok: 200, stream: true, request: () => ({ path: "/api/live" }) },
];
