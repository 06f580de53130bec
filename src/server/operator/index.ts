/**
 * The operator feature's front door: what other features may use (services and types only).
 */
export { recordOperatorAction } from "./audit-trail";
export { suspendAccount } from "./suspension.service";
