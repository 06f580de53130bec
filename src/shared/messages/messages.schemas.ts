import { z } from "zod";
import { isRealInstant } from "../instants.rules";
import { isSafeText, unsafeTextMessage } from "../text.schemas";

/**
 * Request schemas of /api/messages. The composer and the routes use the same ones, so the browser
 * and the server say the same thing (decisions.md section 3).
 */

export const MESSAGE_MAX_LENGTH = 5000;
export const MESSAGE_REQUIRED_MESSAGE = "Message is required";
export const MESSAGE_TOO_LONG_MESSAGE = `Message must be at most ${MESSAGE_MAX_LENGTH} characters`;
/** Messages per page of a conversation; older pages load on request (scrolling up). */
export const MESSAGES_PAGE_SIZE = 30;
export const MESSAGES_PAGE_MAX = 100;

/**
 * A message's text. Checked on its trimmed length (a message of spaces is empty) but stored as
 * typed: leading indentation and blank lines are the sender's, not ours to remove.
 */
export const messageTextSchema = z
  .string({ error: (issue) => (issue.input === undefined ? MESSAGE_REQUIRED_MESSAGE : "Message must be text") })
  .refine((text) => text.trim().length > 0, MESSAGE_REQUIRED_MESSAGE)
  .refine((text) => text.trim().length <= MESSAGE_MAX_LENGTH, MESSAGE_TOO_LONG_MESSAGE)
  .refine(isSafeText, unsafeTextMessage("Message"));

/** POST /api/messages/conversations/:conversationId/messages */
export const sendMessageSchema = z.object(
  { text: messageTextSchema },
  { error: "Send the message as a JSON object with its text" },
);
export type SendMessageInput = z.input<typeof sendMessageSchema>;
export type SendMessage = z.output<typeof sendMessageSchema>;

const optionalId = (message: string) => z.guid({ error: message }).optional();

/**
 * POST /api/messages/conversations (parent): open the conversation with a teacher, or get the one
 * that exists. `teacherId` is teacher_profiles.id (as in /teacher/profile/{teacherId}); a student
 * or a class (the student page, the class page) is context only: the pair has ONE conversation.
 */
export const startConversationSchema = z.object(
  {
    teacherId: z.guid({ error: "Choose the teacher to message" }),
    studentId: optionalId("Choose one of your students"),
    classId: optionalId("Choose one of your classes"),
  },
  { error: "Send the teacher to message as a JSON object" },
);
export type StartConversationInput = z.input<typeof startConversationSchema>;
export type StartConversation = z.output<typeof startConversationSchema>;

/**
 * POST /api/messages/conversations/family (teacher): open the conversation with the family of a
 * student the teacher teaches (booked with them or in one of their classes). A teacher cannot
 * write to a family that never contacted or booked them (no cold outreach).
 */
export const startFamilyConversationSchema = z
  .object(
    {
      studentId: optionalId("Choose one of your students"),
      classId: optionalId("Choose one of your classes"),
    },
    { error: "Send the student or class as a JSON object" },
  )
  .refine((body) => body.studentId !== undefined || body.classId !== undefined, {
    message: "Choose the student or class whose family you want to message",
    path: ["studentId"],
  });
export type StartFamilyConversationInput = z.input<typeof startFamilyConversationSchema>;
export type StartFamilyConversation = z.output<typeof startFamilyConversationSchema>;

/**
 * A keyset cursor over (sent time, id): "<ISO instant>_<uuid>". Opaque to the page, which only
 * sends back the `nextCursor` it received.
 */
const CURSOR_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const CURSOR_MESSAGE = "This page link is not valid: load the conversation again";

export const messagePageQuerySchema = z.object({
  /** Messages sent before this cursor (older); absent: the newest page. */
  before: z.string({ error: CURSOR_MESSAGE }).regex(CURSOR_PATTERN, CURSOR_MESSAGE).refine(isRealInstant, CURSOR_MESSAGE).optional(),
  limit: z.coerce
    .number({ error: `Page size must be a number from 1 to ${MESSAGES_PAGE_MAX}` })
    .int(`Page size must be a number from 1 to ${MESSAGES_PAGE_MAX}`)
    .min(1, `Page size must be a number from 1 to ${MESSAGES_PAGE_MAX}`)
    .max(MESSAGES_PAGE_MAX, `Page size must be a number from 1 to ${MESSAGES_PAGE_MAX}`)
    .default(MESSAGES_PAGE_SIZE),
});
export type MessagePageQuery = z.output<typeof messagePageQuerySchema>;

export function encodeCursor(sentAt: string, id: string): string {
  return `${sentAt}_${id}`;
}

export function decodeCursor(cursor: string): { sentAt: string; id: string } {
  const at = cursor.lastIndexOf("_");
  return { sentAt: cursor.slice(0, at), id: cursor.slice(at + 1) };
}
