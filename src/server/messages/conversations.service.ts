import { AppError } from "../../shared/errors";
import { CONVERSATION_NOT_FOUND_MESSAGE, type ConversationList, type ConversationSummary } from "../../shared/messages/messages.api";
import type { StartConversation, StartFamilyConversation } from "../../shared/messages/messages.schemas";
import { STUDENT_PAGE_MESSAGES_LABEL } from "../../shared/parents/parents.schemas";
import type { Executor } from "../db/client";
import type { Deps } from "../deps";
import { toConversationSummary } from "./messages.dto";
import * as repo from "./messages.repo";

/** The inbox holds the most recent conversations; a family or teacher with more sees these first. */
const INBOX_LIMIT = 200;

export const STUDENT_MESSAGES_OFF_MESSAGE = `Messages from student and class pages are turned off. Turn on "${STUDENT_PAGE_MESSAGES_LABEL}" in Settings, or message the teacher from their profile.`;
export const COLD_OUTREACH_MESSAGE =
  "You can message a family once they have contacted you, booked a lesson or joined one of your classes.";

export async function listConversations(deps: Pick<Deps, "db">, userId: string): Promise<ConversationList> {
  const rows = await repo.listConversations(deps.db, userId, { limit: INBOX_LIMIT });
  return { conversations: rows.map((row) => toConversationSummary(row, userId)) };
}

/** One conversation of the viewer; anyone else (another parent or teacher) gets 404, as for no conversation. */
export async function getConversation(db: Executor, userId: string, conversationId: string): Promise<ConversationSummary> {
  const [row] = await repo.listConversations(db, userId, { conversationId, limit: 1 });
  if (!row) throw new AppError("not_found", CONVERSATION_NOT_FOUND_MESSAGE);
  return toConversationSummary(row, userId);
}

/**
 * "Message {first name}" (profile), Message Teacher (student page), the class page's Messages tab:
 * the household's one conversation with the teacher, opened or created, whichever guardian opens
 * it (issue 45). A student or class given must be the household's (and the class with this
 * teacher), else 404.
 *
 * "Message teachers from student and class pages" (parent settings; the spec's "Allow Student to
 * Message Teacher", persisted per decisions.md section 2): students have no accounts of their own,
 * so a child writes from the family's account on their student page or class page. The setting
 * governs exactly those entry points: when it is off,
 * opening a conversation about a student or a class is refused (403 saying where to turn it on),
 * while the parent's own entry point, the teacher's profile, keeps working. It cannot govern the
 * /messages page itself: the server cannot tell a parent from a child using the same account.
 */
export async function openWithTeacher(
  deps: Pick<Deps, "db">,
  parent: { userId: string; parentId: string },
  input: StartConversation,
): Promise<ConversationSummary> {
  const teacher = await repo.findTeacherAccount(deps.db, input.teacherId);
  if (!teacher) throw new AppError("not_found", "Teacher not found");
  if (teacher.userId === parent.userId || (await repo.isGuardianOf(deps.db, parent.parentId, teacher.userId))) {
    throw new AppError("forbidden", "You cannot message yourself.");
  }
  if (input.studentId && !(await repo.isParentsStudent(deps.db, parent.parentId, input.studentId))) {
    throw new AppError("not_found", "Student not found");
  }
  if (input.classId && !(await repo.isParentsClassWithTeacher(deps.db, parent.parentId, input.classId, input.teacherId))) {
    throw new AppError("not_found", "Class not found");
  }
  if ((input.studentId || input.classId) && !(await repo.allowsStudentMessages(deps.db, parent.parentId))) {
    throw new AppError("forbidden", STUDENT_MESSAGES_OFF_MESSAGE, { reason: "student_messages_off" });
  }
  const id = await repo.upsertConversation(deps.db, {
    parentId: parent.parentId,
    teacherUserId: teacher.userId,
    studentId: input.studentId ?? null,
    classId: input.classId ?? null,
  });
  return getConversation(deps.db, parent.userId, id);
}

/**
 * A teacher opens the conversation with a family from a student they teach (booked with them or in
 * their class) or from one of their classes. No cold outreach: any other family is refused with
 * 403 and the rule, whether or not the student exists (the answer tells nothing about strangers).
 * It is the household's one conversation (issue 45): a teacher cannot talk to one guardian alone.
 */
export async function openWithFamily(
  deps: Pick<Deps, "db">,
  teacher: { userId: string; teacherId: string },
  input: StartFamilyConversation,
): Promise<ConversationSummary> {
  let family: repo.Family | null = null;
  if (input.classId) {
    family = await repo.findFamilyOfClass(deps.db, teacher.teacherId, input.classId);
    if (family && input.studentId && family.studentId !== input.studentId) family = null;
  } else if (input.studentId) {
    family = await repo.findFamilyOfStudent(deps.db, teacher.teacherId, input.studentId);
  }
  if (!family) throw new AppError("forbidden", COLD_OUTREACH_MESSAGE, { reason: "no_cold_outreach" });
  if (await repo.isGuardianOf(deps.db, family.parentId, teacher.userId)) throw new AppError("forbidden", "You cannot message yourself.");
  const id = await repo.upsertConversation(deps.db, {
    parentId: family.parentId,
    teacherUserId: teacher.userId,
    studentId: family.studentId,
    classId: family.classId,
  });
  return getConversation(deps.db, teacher.userId, id);
}

/**
 * Block (issue 27): the viewer blocks the other side of the conversation. Either side may; blocking
 * twice changes nothing. Taken under the conversation's lock, as sending is (messages.service.ts).
 * Issue 45: a block is its side's. The teacher's block shuts out the whole household; a guardian's
 * is the household's, and any guardian may lift it (they act for the family alike).
 */
export async function setBlock(deps: Pick<Deps, "db">, userId: string, conversationId: string, blocked: boolean): Promise<ConversationSummary> {
  await deps.db.transaction(async (tx) => {
    const conversation = await repo.lockConversationOf(tx, conversationId, userId);
    if (!conversation) throw new AppError("not_found", CONVERSATION_NOT_FOUND_MESSAGE);
    if (blocked) await repo.insertBlock(tx, conversationId, userId);
    else await repo.deleteBlocksOfSide(tx, conversationId, conversation.iAmTeacher);
  });
  return getConversation(deps.db, userId, conversationId);
}

/**
 * Issue 45: a parent joining a household brings their conversations into it (one with a teacher
 * the household already talks to is merged into the household's). In the join's transaction.
 */
export function moveConversationsToHousehold(tx: Executor, joiner: { userId: string; ownHouseholdId: string; householdId: string }, now: Date) {
  return repo.moveConversationsToHousehold(tx, joiner.ownHouseholdId, joiner.householdId, joiner.userId, now);
}
