/**
 * The students feature's front door: what other features may use (services and types only).
 */
export { deleteAccountData, getStudent, insertFirstStudent } from "./students.service";
