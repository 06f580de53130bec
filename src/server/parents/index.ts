/**
 * The parents feature's front door: what other features may use (services and types only).
 */
export { signUpParent } from "./parent-sign-up.service";
export { createGuardianProfile, deleteAccountData } from "./parents.service";
