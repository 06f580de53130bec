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
  const rows = await repo.messagesBefore(deps.db, conversationId, userId, query.before ? decodeCursor(query.before) : undefined, query.limit);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    messages: page.map((row) => toMessageDTO(row, userId)),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.cursorAt, last.id) : null,
  };
}

/**
 * Sends a message: counted against the sender's limit first (shared by every process through the
 * database), then stored under the conversation's row lock with the live events for everyone in it
 * (issue 45: the teacher and every guardian of the household, the sender's other tabs too): each
 * recipient gets the message and their new unread total.
 */
export async function sendMessage(
  deps: MessagesDeps,
  userId: string,
  conversationId: string,
  input: SendMessage,
  onSent?: (message: MessageDTO, recipientUserIds: string[]) => Promise<void>,
): Promise<MessageDTO> {
  const { hits, resetAt } = await hitWindow(deps.db, `messages:${userId}`, SEND_WINDOW_MS);
  if (hits > SEND_LIMIT) {
    const seconds = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
    throw new AppError("rate_limited", `You are sending messages too quickly. Please wait ${seconds} seconds and send again.`, {
      retryAfterSeconds: seconds,
    });
  }
  const { message, recipientUserIds } = await withLiveEvents(deps, async (tx, emit) => {
    const conversation = await repo.lockConversationOf(tx, conversationId, userId);
    if (!conversation) throw notFound();
    if (conversation.closed) throw new AppError("conflict", CONVERSATION_CLOSED_MESSAGE, { reason: "conversation_closed" });
    if (conversation.otherUnavailable) throw new AppError("conflict", RECIPIENT_UNAVAILABLE_MESSAGE, { reason: "recipient_unavailable" });
    await refuseWhileBlocked(tx, conversationId, userId, conversation.iAmTeacher);
    const row = await repo.insertMessage(tx, conversationId, userId, input.text);
    await scheduleUnreadEmail(tx, row.id, new Date(row.createdAt));
    const recipients = everyoneElse(await repo.participantsOf(tx, conversationId), userId);
    for (const recipient of recipients) {
      const unread = await repo.unreadTotal(tx, recipient);
      emit(
        { userId: recipient, type: "message", payload: { message: toMessageDTO(row, recipient) } },
        { userId: recipient, type: "unread", payload: { unread } },
      );
    }
    emit({ userId, type: "message", payload: { message: toMessageDTO(row, userId) } });
    return { message: toMessageDTO(row, userId), recipientUserIds: recipients };
  });
  await onSent?.(message, recipientUserIds);
  return message;
}

function everyoneElse(participants: { teacherUserId: string | null; guardianUserIds: string[] }, userId: string): string[] {
  const all = [...(participants.teacherUserId ? [participants.teacherUserId] : []), ...participants.guardianUserIds];
  return [...new Set(all)].filter((id) => id !== userId);
}

/**
 * Blocks (issue 27): the blocked side is told only that they cannot send here; the blocking side
 * is reminded that they blocked the other and can unblock. Read under the conversation's lock,
 * which block and unblock take too, so a message never slips past a block made at the same time.
 */
async function refuseWhileBlocked(tx: Executor, conversationId: string, userId: string, iAmTeacher: boolean): Promise<void> {
  const blocks = await repo.blocksOf(tx, conversationId);
  // Issue 45: a block is its side's; a guardian is reminded of the household's block as of their own.
  if (blocks.some((block) => block.byTeacher === iAmTeacher)) {
    const [row] = await repo.listConversations(tx, userId, { conversationId, limit: 1 });
    const name = row ? toConversationSummary(row, userId).other.name : "this person";
    throw new AppError("conflict", blockedByMeMessage(name), { reason: "blocked_by_me" });
  }
  if (blocks.length > 0) throw new AppError("conflict", SEND_BLOCKED_MESSAGE, { reason: "send_blocked" });
}

/**
 * The viewer has read the conversation (issue 45: their own read state; another guardian's unread
 * count stays theirs). When this is the first read of the other side's messages, the other side
 * hears it live (their "Read"): the teacher when a guardian reads, every guardian when the teacher
 * does. The reader's other tabs get their new total.
 */
export async function markConversationRead(deps: MessagesDeps, userId: string, conversationId: string): Promise<ReadReceipt> {
  return withLiveEvents(deps, async (tx, emit) => {
    const conversation = await repo.lockConversationOf(tx, conversationId, userId);
    if (!conversation) throw notFound();
    const { marked, readAt, firstRead } = await repo.markRead(tx, conversationId, { userId, isTeacher: conversation.iAmTeacher });
    if (marked > 0 && readAt) {
      if (firstRead) {
        const participants = await repo.participantsOf(tx, conversationId);
        const otherSide = conversation.iAmTeacher ? participants.guardianUserIds : participants.teacherUserId ? [participants.teacherUserId] : [];
        for (const other of otherSide) emit({ userId: other, type: "read", payload: { conversationId, readerUserId: userId, readAt } });
      }
      emit({ userId, type: "unread", payload: { unread: await repo.unreadTotal(tx, userId) } });
    }
    return { conversationId, marked, readAt };
  });
}

export async function unreadTotal(deps: Pick<Deps, "db">, userId: string): Promise<UnreadTotal> {
  return { unread: await repo.unreadTotal(deps.db, userId) };
}
