import { Hono } from "hono";
import { CONVERSATION_NOT_FOUND_MESSAGE } from "../../shared/messages/messages.api";
import { messagePageQuerySchema, sendMessageSchema, startConversationSchema, startFamilyConversationSchema } from "../../shared/messages/messages.schemas";
import { conversationIdParams } from "../../shared/path-params.schemas";
import { requireParent, requireTeacher, requireUser } from "../auth";
import type { Deps } from "../deps";
import type { AppEnv } from "../http/app-env";
import { validate, validateParams } from "../http/validate";
import * as conversations from "./conversations.service";
import * as messages from "./messages.service";

/**
 * /api/messages (shared/messages/messages.api.ts lists the routes). Routes on one conversation
 * need only a session: the service answers 404 to anyone who is not one of its two sides.
 */
export function createMessagesRoutes(deps: Deps) {
  const user = requireUser(deps);
  const conversationId = validateParams(conversationIdParams, CONVERSATION_NOT_FOUND_MESSAGE);
  return new Hono<AppEnv>()
    .get("/conversations", user, async (c) => c.json(await conversations.listConversations(deps, c.get("user").id)))
    .post("/conversations", user, requireParent(deps), validate("json", startConversationSchema), async (c) =>
      c.json(
        await conversations.openWithTeacher(deps, { userId: c.get("user").id, parentId: c.get("parentId") }, c.req.valid("json")),
      ),
    )
    .post("/conversations/family", user, requireTeacher(deps), validate("json", startFamilyConversationSchema), async (c) =>
      c.json(
        await conversations.openWithFamily(deps, { userId: c.get("user").id, teacherId: c.get("teacherId") }, c.req.valid("json")),
      ),
    )
    .get("/conversations/:conversationId", user, conversationId, async (c) =>
      c.json(await conversations.getConversation(deps.db, c.get("user").id, c.req.valid("param").conversationId)),
    )
    .get("/conversations/:conversationId/messages", user, conversationId, validate("query", messagePageQuerySchema), async (c) =>
      c.json(await messages.messagePage(deps, c.get("user").id, c.req.valid("param").conversationId, c.req.valid("query"))),
    )
    .post("/conversations/:conversationId/messages", user, conversationId, validate("json", sendMessageSchema), async (c) =>
      c.json(await messages.sendMessage(deps, c.get("user").id, c.req.valid("param").conversationId, c.req.valid("json")), 201),
    )
    .post("/conversations/:conversationId/read", user, conversationId, async (c) =>
      c.json(await messages.markConversationRead(deps, c.get("user").id, c.req.valid("param").conversationId)),
    )
    // Blocking (issue 27): either side blocks the other; DELETE unblocks.
    .post("/conversations/:conversationId/block", user, conversationId, async (c) =>
      c.json(await conversations.setBlock(deps, c.get("user").id, c.req.valid("param").conversationId, true)),
    )
    .delete("/conversations/:conversationId/block", user, conversationId, async (c) =>
      c.json(await conversations.setBlock(deps, c.get("user").id, c.req.valid("param").conversationId, false)),
    )
    .get("/unread", user, async (c) => c.json(await messages.unreadTotal(deps, c.get("user").id)));
}
