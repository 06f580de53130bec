import type { Role } from "../../shared/accounts/accounts.constants";

export type Access = "public" | "signed-in" | Role;

const PARENT_PREFIXES = ["/dashboard", "/parent/", "/manage", "/settings", "/billing"];
const TEACHER_PREFIXES = ["/teacher-landing", "/teacher/schedule", "/teacher/calendar", "/teacher/manage", "/teacher/settings", "/teacher/earnings", "/teacher/students", "/teacher/invoices"];
const SIGNED_IN_PREFIXES = ["/class/", "/messages"];

function matches(path: string, prefix: string): boolean {
  if (prefix.endsWith("/")) return path.startsWith(prefix);
  return path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`);
}

/** Who may open a path of the route table (spec section 2); used to pick where sign-in continues. */
export function accessFor(path: string): Access {
  if (SIGNED_IN_PREFIXES.some((p) => matches(path, p))) return "signed-in";
  if (TEACHER_PREFIXES.some((p) => matches(path, p))) return "teacher";
  if (PARENT_PREFIXES.some((p) => matches(path, p))) return "parent";
  return "public";
}

export function mayOpen(path: string, role: Role | null): boolean {
  const access = accessFor(path);
  if (access === "public") return true;
  if (role === null) return false;
  return access === "signed-in" || access === role;
}
