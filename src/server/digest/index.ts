/**
 * The digest feature's front door: what other features may use (services and types only).
 */
export { sendWeeklyPreview } from "./weekly-preview.service";
