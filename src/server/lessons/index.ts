/**
 * The lessons feature's front door: what other features may use (services and types only).
 */
export { closeLessonsOfParent, closeLessonsOfTeacher, eachReader } from "./closed-account.service";
export type { ClosedAccountNotice } from "./closed-account.service";
export { closeLessonsOfSuspendedTeacher, enqueueFamiliesMailOfSuspendedTeacher, tellFamiliesOfSuspendedTeacher } from "./suspended-teacher.service";
export type { SuspendedTeacherOutcome } from "./suspended-teacher.service";
export { closedLessonLines, teacherGoneEmail } from "./teacher-gone.emails";
