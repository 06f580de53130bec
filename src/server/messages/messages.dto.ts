import { DELETED_TEACHER_NAME } from "../../shared/accounts/accounts.constants";
import { DELETED_USER_NAME, type ConversationSummary, type MessageDTO } from "../../shared/messages/messages.api";
import { REMOVED_MESSAGE_TEXT } from "../../shared/reports/reports.schemas";
import { initials } from "../../shared/teachers/public-profile.rules";
import type { ConversationRow, MessageRow } from "./messages.repo";

/** What the routes answer, built from the repo's rows for one viewer. */

export function toMessageDTO(row: MessageRow, viewerUserId: string): MessageDTO {
  return {
    id: row.id,
    conversationId: row.conversationId,
    senderUserId: row.senderUserId,
    mine: row.senderUserId === viewerUserId,
    text: row.hidden ? REMOVED_MESSAGE_TEXT : row.body,
    removed: row.hidden,
    sentAt: row.createdAt,
    readAt: row.readAt,
  };
}

export function toConversationSummary(row: ConversationRow, viewerUserId: string): ConversationSummary {
  const deleted = !row.otherUserId || row.otherDeleted === true || row.otherFirstName === null;
  const firstName = deleted ? "" : (row.otherFirstName ?? "");
  const lastName = deleted ? "" : (row.otherLastName ?? "");
  return {
    id: row.id,
    myRole: row.iAmParent ? "parent" : "teacher",
    other: {
      userId: row.otherUserId,
      // A deleted teacher reads "Deleted teacher" as in lessons and billing (issue 41).
      name: deleted ? (row.iAmParent ? DELETED_TEACHER_NAME : DELETED_USER_NAME) : `${firstName} ${lastName}`.trim(),
      firstName,
      initials: deleted ? "" : initials(firstName, lastName),
      photoUrl: deleted ? null : row.otherImage,
      role: row.iAmParent ? "teacher" : "parent",
      // No link to a profile that answers 404 (a suspended or deleted teacher, issue 41).
      teacherId: deleted || !row.otherReachable ? null : row.otherTeacherId,
      deleted,
      unavailable: !deleted && !row.otherReachable,
    },
    lastMessage:
      row.lastId && row.lastSentAt && row.lastBody !== null
        ? {
            id: row.lastId,
            text: row.lastHidden ? REMOVED_MESSAGE_TEXT : row.lastBody,
            senderUserId: row.lastSenderUserId,
            mine: row.lastSenderUserId === viewerUserId,
            sentAt: row.lastSentAt,
          }
        : null,
    unreadCount: row.unread,
    lastMessageAt: row.lastMessageAt,
    createdAt: row.createdAt,
    context: {
      student: row.studentId && row.studentFirstName !== null ? { id: row.studentId, firstName: row.studentFirstName } : null,
      class: row.classId && row.className !== null ? { id: row.classId, name: row.className } : null,
    },
    canSend: !deleted && row.otherReachable && !row.blockedByMe && !row.blockedByOther,
    blockedByMe: row.blockedByMe,
    sendBlocked: row.blockedByMe || row.blockedByOther,
  };
}
