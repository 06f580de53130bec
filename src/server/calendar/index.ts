/**
 * The calendar feature's front door: what other features may use (services and types only).
 */
export { deleteAccountData, eventsStartingIn } from "./calendar.service";
export { busyTimesOverlapping } from "./busy-calendars.service";
