/**
 * The booking feature's front door: what other features may use (services and types only).
 */
export { checkBookableTimes, lockTeacherSchedule, unavailableTimesError } from "./bookable-times";
export { bookingDecidedEmail } from "./booking.emails";
export { openTimesBetween, requestBooking, scheduleConflict } from "./booking.service";
export type { WithRequest } from "./booking.service";
export { issueCredits, parentCredits, returnSpentCredits, teacherCredits, voidCreditsOfTeacher } from "./credits.service";
export { quotedReason, readerZone, studentFirstName, studentName, teacherName, timeFor, toEachGuardian, typeOf, whereAndHowBlock } from "./lesson-mail";
export type { Reader } from "./lesson-mail";
export { declineLockedRequests } from "./request-decision.service";
