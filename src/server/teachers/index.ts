/**
 * The teachers feature's front door: what other features may use (services and types only).
 */
export { findPublicTeacherOrThrow, findTeacherOrThrow, isTeacherOfViewer, knownParent, noParent } from "./public-profile.service";
export type { ParentViewer } from "./public-profile.service";
export { deleteAccountData, deleteIntroVideo } from "./teacher-profile.service";
export { applicationForReview, keepApplicationAsDecided } from "./application-review.service";
