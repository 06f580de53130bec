import { AppError } from "../../shared/errors";
import {
  blockedByMeMessage,
  CONVERSATION_NOT_FOUND_MESSAGE,
  SEND_BLOCKED_MESSAGE,
  type MessageDTO,
  type MessagePage,
  type ReadReceipt,
  type UnreadTotal,
} from "../../shared/messages/messages.api";
import { decodeCursor, encodeCursor, type MessagePageQuery, type SendMessage } from "../../shared/messages/messages.schemas";
import { hitWindow } from "../http/rate-limit-windows.repo";
import type { Deps } from "../deps";
import { withLiveEvents } from "../live";
import type { Executor } from "../db/client";
import { toConversationSummary, toMessageDTO } from "./messages.dto";
import * as repo from "./messages.repo";
import { scheduleUnreadEmail } from "./unread-email.job";

/** Messages one user may send per window (all conversations together); enough for a lively chat, not for a flood. */
export const SEND_LIMIT = 30;
export const SEND_WINDOW_MS = 60_000;
export const CONVERSATION_CLOSED_MESSAGE =
  "This person has deleted their account, so no more messages can be sent in this conversation. The history stays readable.";

/** The other side is suspended, or a teacher the desk has not approved (account-standing.ts). */
export const RECIPIENT_UNAVAILABLE_MESSAGE = "This account can't receive messages right now, so none can be sent here. The history stays readable.";

type MessagesDeps = Pick<Deps, "db" | "driver" | "logger">;

function notFound(): AppError {
  return new AppError("not_found", CONVERSATION_NOT_FOUND_MESSAGE);
}

/** A page of the conversation, newest first, older pages by cursor (keyset on (created_at, id)). */
export async function messagePage(
  deps: Pick<Deps, "db">,
  userId: string,
  conversationId: string,
  query: MessagePageQuery,
): Promise<MessagePage> {
  if (!(await repo.isInConversation(deps.db, conversationId, userId))) throw notFound();
  const rows = await repo.messagesBefore(deps.db, conversationId, query.before ? decodeCursor(query.before) : undefined, query.limit);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    messages: page.map((row) => toMessageDTO(row, userId)),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.cursorAt, last.id) : null,
  };
}

/**
 * Sends a message: counted against the sender's limit first (shared by every process through the
 * database), then stored under the conversation's row lock with the live events for both sides
 * (the recipient's message and new unread total, the sender's other tabs' message).
 */
export async function sendMessage(
  deps: MessagesDeps,
  userId: string,
  conversationId: string,
  input: SendMessage,
  onSent?: (message: MessageDTO, recipientUserId: string) => Promise<void>,
): Promise<MessageDTO> {
  const { hits, resetAt } = await hitWindow(deps.db, `messages:${userId}`, SEND_WINDOW_MS);
  if (hits > SEND_LIMIT) {
    const seconds = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
    throw new AppError("rate_limited", `You are sending messages too quickly. Please wait ${seconds} seconds and send again.`, {
      retryAfterSeconds: seconds,
    });
  }
  const { message, recipientUserId } = await withLiveEvents(deps, async (tx, emit) => {
    const conversation = await repo.lockConversationOf(tx, conversationId, userId);
    if (!conversation) throw notFound();
    if (conversation.closed) throw new AppError("conflict", CONVERSATION_CLOSED_MESSAGE, { reason: "conversation_closed" });
    if (conversation.otherUnavailable) throw new AppError("conflict", RECIPIENT_UNAVAILABLE_MESSAGE, { reason: "recipient_unavailable" });
    await refuseWhileBlocked(tx, conversationId, userId);
    const recipient = (conversation.parentUserId === userId ? conversation.teacherUserId : conversation.parentUserId)!;
    const row = await repo.insertMessage(tx, conversationId, userId, input.text);
    await scheduleUnreadEmail(tx, row.id, new Date(row.createdAt));
    const unread = await repo.unreadTotal(tx, recipient);
    emit(
      { userId: recipient, type: "message", payload: { message: toMessageDTO(row, recipient) } },
      { userId: recipient, type: "unread", payload: { unread } },
      { userId, type: "message", payload: { message: toMessageDTO(row, userId) } },
    );
    return { message: toMessageDTO(row, userId), recipientUserId: recipient };
  });
  await onSent?.(message, recipientUserId);
  return message;
}

/**
 * Blocks (issue 27): the blocked side is told only that they cannot send here; the blocking side
 * is reminded that they blocked the other and can unblock. Read under the conversation's lock,
 * which block and unblock take too, so a message never slips past a block made at the same time.
 */
async function refuseWhileBlocked(tx: Executor, conversationId: string, userId: string): Promise<void> {
  const blockers = await repo.blockersOf(tx, conversationId);
  if (blockers.includes(userId)) {
    const [row] = await repo.listConversations(tx, userId, { conversationId, limit: 1 });
    const name = row ? toConversationSummary(row, userId).other.name : "this person";
    throw new AppError("conflict", blockedByMeMessage(name), { reason: "blocked_by_me" });
  }
  if (blockers.length > 0) throw new AppError("conflict", SEND_BLOCKED_MESSAGE, { reason: "send_blocked" });
}

/** Read receipts: the other side's messages become read; they hear it live, the reader's other tabs get the new total. */
export async function markConversationRead(deps: MessagesDeps, userId: string, conversationId: string): Promise<ReadReceipt> {
  return withLiveEvents(deps, async (tx, emit) => {
    const conversation = await repo.lockConversationOf(tx, conversationId, userId);
    if (!conversation) throw notFound();
    const { marked, readAt } = await repo.markRead(tx, conversationId, userId);
    if (marked > 0 && readAt) {
      const other = conversation.parentUserId === userId ? conversation.teacherUserId : conversation.parentUserId;
      if (other) emit({ userId: other, type: "read", payload: { conversationId, readerUserId: userId, readAt } });
      emit({ userId, type: "unread", payload: { unread: await repo.unreadTotal(tx, userId) } });
    }
    return { conversationId, marked, readAt };
  });
}

export async function unreadTotal(deps: Pick<Deps, "db">, userId: string): Promise<UnreadTotal> {
  return { unread: await repo.unreadTotal(deps.db, userId) };
}
