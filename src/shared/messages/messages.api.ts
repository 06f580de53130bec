/**
 * Response shapes of /api/messages and the events of /api/live. The routes build them; the web
 * client reads them (with the route types through hc<AppType>).
 *
 * Routes (all need a signed-in user; a conversation that is not yours answers 404):
 *   GET  /api/messages/conversations                         → { conversations: ConversationSummary[] } newest first
 *   POST /api/messages/conversations        (parent)          → ConversationSummary (open or get the household's one with a teacher)
 *   POST /api/messages/conversations/family (teacher)         → ConversationSummary (a family whose student they teach)
 *   GET  /api/messages/conversations/:conversationId          → ConversationSummary
 *   GET  /api/messages/conversations/:conversationId/messages?before=&limit= → MessagePage (newest first)
 *   POST /api/messages/conversations/:conversationId/messages → 201 MessageDTO
 *   POST /api/messages/conversations/:conversationId/read     → ReadReceipt (the viewer has read everything so far)
 *
 * Issue 45: a conversation is between a household and a teacher. Every guardian of the household
 * lists, reads and writes it (a former guardian, like any stranger, gets 404); each message says
 * who wrote it; each participant has their own unread count.
 *   GET  /api/messages/unread                                 → UnreadTotal
 *   GET  /api/live                                            → text/event-stream of LiveEvent
 */

export const CONVERSATION_NOT_FOUND_MESSAGE = "Conversation not found";
/** What the blocked side is told: neutral, it does not say who did what. */
export const SEND_BLOCKED_MESSAGE = "You can't send messages in this conversation.";
export const blockedByMeMessage = (name: string) => `You blocked ${name}. Unblock them to send messages again.`;
/** The name shown for the other side once their account is deleted (as on the class page). */
export { DELETED_USER_NAME } from "../classes/classes.api";

export type ConversationRole = "parent" | "teacher";

/** The other side of a conversation, as the inbox and the thread header show them. */
export interface ConversationPerson {
  /** null once their account is deleted. For a family: the household founder's login. */
  userId: string | null;
  /**
   * Full name, or DELETED_USER_NAME (a family), DELETED_TEACHER_NAME (a teacher). A family with
   * several guardians: all of them, "Anna Berg & Tom Berg" (messages.rules familyNames).
   */
  name: string;
  /** "Anna", or "Anna & Tom" for a family with several guardians. */
  firstName: string;
  /** Two letters for the avatar when there is no photo ("" for a deleted user). */
  initials: string;
  photoUrl: string | null;
  role: ConversationRole;
  /** teacher_profiles.id when the other side is a teacher whose profile is shown (a link to /teacher/profile/{id}); null once suspended or gone. */
  teacherId: string | null;
  deleted: boolean;
  /** Not deleted, but may no longer be written to (suspended; a teacher no longer in good standing). */
  unavailable: boolean;
}

/** What a conversation was started about (context only: one conversation per household and teacher). */
export interface ConversationContext {
  student: { id: string; firstName: string } | null;
  class: { id: string; name: string } | null;
}

export interface LastMessage {
  id: string;
  /** REMOVED_MESSAGE_TEXT once an operator removed it. */
  text: string;
  senderUserId: string | null;
  /** The sender's first name ("" once their account is deleted), for "Tom: …" in the inbox. */
  senderFirstName: string;
  senderRole: ConversationRole;
  mine: boolean;
  sentAt: string;
}

/** A guardian of the conversation's household (issue 45), founder first. */
export interface ConversationGuardian {
  userId: string;
  name: string;
  /** The viewer themselves. */
  isYou: boolean;
}

export interface ConversationSummary {
  id: string;
  /** Which side the viewer is on. */
  myRole: ConversationRole;
  other: ConversationPerson;
  /** The household's guardians now (every one of them reads and writes here). */
  guardians: ConversationGuardian[];
  lastMessage: LastMessage | null;
  /** Messages from anyone else (the other side, another guardian) the viewer has not read. */
  unreadCount: number;
  /** ISO instant of the last message, or null when nothing was sent yet. */
  lastMessageAt: string | null;
  createdAt: string;
  context: ConversationContext;
  /** false when the other side deleted their account, or while either side blocks the other. */
  canSend: boolean;
  /**
   * The viewer's side blocked the other side (issue 27): they see "You blocked {name}" with
   * Unblock. A household's block is every guardian's (any of them may lift it).
   */
  blockedByMe: boolean;
  /** Sending is blocked by either side; the blocked side is told only that they cannot send here. */
  sendBlocked: boolean;
}

export interface ConversationList {
  conversations: ConversationSummary[];
}

export interface MessageDTO {
  id: string;
  conversationId: string;
  /** null once the sender's account is deleted. */
  senderUserId: string | null;
  /** Who wrote it (issue 45): their full name, or "Deleted user" / "Deleted teacher" once gone. */
  senderName: string;
  /** Their first name ("" once gone), for "Tom: …" in the inbox. */
  senderFirstName: string;
  /** The side they wrote from: the teacher, or a guardian of the household. */
  senderRole: ConversationRole;
  /** Sent by the viewer (each participant's live event says it for them). */
  mine: boolean;
  /** As typed; show it as text, never as HTML. REMOVED_MESSAGE_TEXT once an operator removed it. */
  text: string;
  /** An operator removed the message (issue 27): `text` says so, the original is gone for both sides. */
  removed: boolean;
  /** ISO instants. */
  sentAt: string;
  /**
   * The viewer's own message: when the other side first read it (the "Read" receipt: the teacher,
   * or the first guardian to read). Anyone else's: when the viewer read it, null while unread.
   */
  readAt: string | null;
}

/** One page of a conversation, newest first; `nextCursor` asks for the page before it (null: no older messages). */
export interface MessagePage {
  messages: MessageDTO[];
  nextCursor: string | null;
}

export interface ReadReceipt {
  conversationId: string;
  /** How many messages were unread for the viewer and are read now (0 when all were read already). */
  marked: number;
  /** When they were read (ISO), or null when nothing was marked. */
  readAt: string | null;
}

export interface UnreadTotal {
  /** Unread messages across all the viewer's conversations. */
  unread: number;
}

// ---------------------------------------------------------------------------------------------
// Live events (GET /api/live, Server-Sent Events). The SSE `event:` field is the type, `data:` the
// JSON payload, `id:` the event's id (send it back as Last-Event-ID to get what was missed; the
// browser's EventSource does this by itself). Lines starting with ":" are heartbeats.

export interface LiveEventPayloads {
  /** A message in one of the viewer's conversations (sent by anyone in it: other tabs see own sends too). */
  message: { message: MessageDTO };
  /** The other side first read the viewer's messages in a conversation up to `readAt` (a guardian's read is the household's). */
  read: { conversationId: string; readerUserId: string; readAt: string };
  /** The desk removed a message of one of the viewer's conversations (issue 27): the thread is fetched again. */
  message_removed: { conversationId: string; messageId: string };
  /** The viewer's unread total changed (a message arrived, or they read some on another tab). */
  unread: { unread: number };
  /** Teacher: a new booking request arrived (refresh the Requests panel). */
  booking_request: { bookingId: string };
  /**
   * Parent: the teacher accepted or declined a request (every lesson of it: a series is decided
   * whole). Every list, calendar and tile that shows those lessons is fetched again.
   */
  booking_decided: { bookingIds: string[]; decision: "accepted" | "declined" };
  /** The other side cancelled, moved, or recorded attendance for some of the viewer's lessons (refresh as above). */
  lesson_changed: { bookingIds: string[]; change: LessonChange };
  /**
   * One of the viewer's invoices changed (issue 40): sent to them, a payment recorded, voided.
   * Both sides' invoice and billing pages are fetched again (credit may have paid other invoices too).
   */
  invoice_changed: { invoiceId: string; change: InvoiceChange };
  /**
   * Parent: a waitlist offer arrived, was claimed, passed or closed (issue 44): the waitlist and
   * the offer banner are fetched again. Teacher: someone joined, left or claimed (`offerId` null).
   */
  waitlist_changed: { offerId: string | null };
  /** A family's balance with a teacher changed (issue 40): a payment on account, a lesson package sold. */
  balance_changed: { teacherId: string; parentId: string };
  /**
   * The account's sessions were ended by the desk (issue 27: suspended). The server closes the
   * stream right after this event; the page drops the signed-in state and says why (issue 41):
   * `message` is the one a refused sign-in reads, with the desk's reason and the support address.
   */
  signed_out: { reason: "account_suspended"; message: string };
}

/** What happened to an invoice that both sides hear of live. */
export type InvoiceChange = "sent" | "payment" | "void";

/** What happened to a lesson that the other side hears of live. */
export type LessonChange = "cancelled" | "rescheduled" | "attendance";

export type LiveEventType = keyof LiveEventPayloads;
export const LIVE_EVENT_TYPES = [
  "message",
  "message_removed",
  "read",
  "unread",
  "booking_request",
  "booking_decided",
  "lesson_changed",
  "invoice_changed",
  "balance_changed",
  "waitlist_changed",
  "signed_out",
] as const satisfies readonly LiveEventType[];

export type LiveEvent = {
  [T in LiveEventType]: { id: number; type: T; payload: LiveEventPayloads[T] };
}[LiveEventType];
