import type { ReportStatus, ReportTarget } from "../../../../shared/operator/operator.constants";
import type { ReportPerson } from "../../../../shared/reports/reports.schemas";

export const TARGET_LABELS: Record<ReportTarget, string> = { teacher: "Teacher profile", review: "Review", message: "Message" };
export const STATUS_LABELS: Record<ReportStatus, string> = { open: "Open", dismissed: "Dismissed", actioned: "Action taken" };

export function personLabel(person: ReportPerson | null): string {
  if (!person) return "Deleted account";
  const tags = [person.role, person.deleted ? "deleted" : null, person.suspended ? "suspended" : null].filter(Boolean);
  return `${person.name} (${person.email}${tags.length ? `, ${tags.join(", ")}` : ""})`;
}

export function formatWhen(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}
