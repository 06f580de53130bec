/**
 * The classes feature's front door: what other features may use (services and types only).
 */
export { assertClassForBooking, countActiveClasses } from "./classes.service";
