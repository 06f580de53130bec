import { DELETED_TEACHER_NAME } from "../../shared/accounts/accounts.constants";
import { DELETED_USER_NAME, type ConversationSummary, type MessageDTO } from "../../shared/messages/messages.api";
import { familyNames } from "../../shared/messages/messages.rules";
import { REMOVED_MESSAGE_TEXT } from "../../shared/reports/reports.schemas";
import { initials } from "../../shared/teachers/public-profile.rules";
import type { ConversationRow, MessageRow } from "./messages.repo";

/** What the routes answer, built from the repo's rows for one viewer. */

export function toMessageDTO(row: MessageRow, viewerUserId: string): MessageDTO {
  const mine = row.senderUserId === viewerUserId;
  return {
    id: row.id,
    conversationId: row.conversationId,
    senderUserId: row.senderUserId,
    senderName: row.senderName ?? (row.senderIsTeacher ? DELETED_TEACHER_NAME : DELETED_USER_NAME),
    senderFirstName: row.senderFirstName ?? "",
    senderRole: row.senderIsTeacher ? "teacher" : "parent",
    mine,
    text: row.hidden ? REMOVED_MESSAGE_TEXT : row.body,
    removed: row.hidden,
    sentAt: row.createdAt,
    // Own messages: the other side's first read (the receipt). Others': the viewer's own read.
    readAt: mine ? row.readAt : (row.myReadAt ?? null),
  };
}

/** The other side's name: the teacher's, or (to the teacher) the household's guardians, founder first. */
function otherNames(row: ConversationRow): { name: string; firstName: string; lastName: string } {
  if (row.iAmParent || row.guardians.length <= 1) {
    const firstName = row.otherFirstName ?? "";
    const lastName = row.otherLastName ?? "";
    return { name: `${firstName} ${lastName}`.trim(), firstName, lastName };
  }
  return { ...familyNames(row.guardians), lastName: row.otherLastName ?? "" };
}

export function toConversationSummary(row: ConversationRow, viewerUserId: string): ConversationSummary {
  const deleted = !row.otherUserId || row.otherDeleted === true || row.otherFirstName === null;
  const names = deleted ? { name: "", firstName: "", lastName: "" } : otherNames(row);
  return {
    id: row.id,
    myRole: row.iAmParent ? "parent" : "teacher",
    other: {
      userId: row.otherUserId,
      // A deleted teacher reads "Deleted teacher" as in lessons and billing (issue 41).
      name: deleted ? (row.iAmParent ? DELETED_TEACHER_NAME : DELETED_USER_NAME) : names.name,
      firstName: names.firstName,
      // The avatar is the founder's (or the teacher's): one face per side.
      initials: deleted ? "" : initials(row.otherFirstName ?? "", row.otherLastName ?? ""),
      photoUrl: deleted ? null : row.otherImage,
      role: row.iAmParent ? "teacher" : "parent",
      // No link to a profile that answers 404 (a suspended or deleted teacher, issue 41).
      teacherId: deleted || !row.otherReachable ? null : row.otherTeacherId,
      deleted,
      unavailable: !deleted && !row.otherReachable,
    },
    guardians: row.guardians.map((g) => ({ userId: g.userId, name: `${g.firstName} ${g.lastName}`.trim(), isYou: g.userId === viewerUserId })),
    lastMessage:
      row.lastId && row.lastSentAt && row.lastBody !== null
        ? {
            id: row.lastId,
            text: row.lastHidden ? REMOVED_MESSAGE_TEXT : row.lastBody,
            senderUserId: row.lastSenderUserId,
            senderFirstName: row.lastSenderFirstName ?? "",
            senderRole: row.lastSenderIsTeacher ? "teacher" : "parent",
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
