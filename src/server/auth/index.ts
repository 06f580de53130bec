/**
 * The auth feature's front door: what other features may use (services and types only).
 */
export type { Auth } from "./auth";
export { confirmIdentity } from "./confirm-identity";
export { createAccount, hashPassword, insertCredentialUser } from "./credentials";
export { lazyParentViewer, optionalUser, requireParent, requireTeacher, requireUser } from "./guards";
export { requireOperator } from "./operator-guard";
export { findProfileIds, resolveRole } from "./roles.service";
export { signInNewAccount, signInWithRole } from "./sign-in.service";
export { signUpLimit } from "./sign-up-limit";
