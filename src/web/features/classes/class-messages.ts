import type { ClassDetail } from "../../../shared/classes/classes.api";
import { cannotTeachText } from "../../../shared/lessons/teacher-gone.rules";
import type { MessageTarget } from "../messages/use-messages";

/**
 * Who the class page's Messages tab and Send Message write to: the parent writes to the class's
 * teacher, the teacher to the family of the class's student. null while there is nobody to write to
 * (no student joined yet, or the other account was deleted), with the reason to show.
 */
export function classMessageTarget(detail: ClassDetail): { target: MessageTarget; title: string } | { reason: string } {
  if (detail.viewerRole === "teacher") {
    if (!detail.parentId || !detail.studentName) return { reason: "Messages open once a student joins this class." };
    return { target: { kind: "family", classId: detail.id }, title: `Message ${detail.studentName}'s family` };
  }
  if (!detail.teacherId) return { reason: "This class's teacher deleted their account, so no messages can be sent." };
  if (!detail.teacherCanTeach) return { reason: `${cannotTeachText(detail.teacherName)}, so no messages can be sent.` };
  return {
    target: { kind: "teacher", teacherId: detail.teacherId, classId: detail.id, ...(detail.studentId ? { studentId: detail.studentId } : {}) },
    title: `Message ${detail.teacherName}`,
  };
}
