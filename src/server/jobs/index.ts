/**
 * The jobs feature's front door: what other features may use (services and types only).
 */
export type { ClaimedJob, JobContext, JobKind, Sweep } from "./job.types";
export { hourlySweep } from "./hourly-sweep";
export { scheduleJob } from "./schedule-job";
