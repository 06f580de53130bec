/**
 * The invoices feature's front door: what other features may use (services and types only).
 */
export { drawPackageLesson, returnPackageLesson } from "./lesson-package-draws";
export { owedToTeacherByFamily } from "./invoice-lists.service";
export { leaveContactOnInvoices } from "./invoices.service";
