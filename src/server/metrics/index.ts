/**
 * The metrics feature's front door: what other features may use (services and types only).
 */
export { emailsFailed, emailsSent } from "./metrics";
