/**
 * The waitlist feature's front door (issue 44): what other features may use. Only the entry
 * point for freed times, so booking and lessons can call it without importing the waitlist's
 * services (which use booking's): app.ts and job-kinds.ts take the routes and jobs from their files.
 */
export { waitlistTimesFreed } from "./times-freed";
export type { FreedInterval } from "./times-freed";
