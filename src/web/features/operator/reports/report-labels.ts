import type { ReportStatus, ReportTarget } from "../../../../shared/operator/operator.constants";
import type { ReportPerson } from "../../../../shared/reports/reports.schemas";

export const TARGET_LABELS: Record<ReportTarget, string> = { teacher: "Teacher profile", review: "Review", message: "Message" };
export const STATUS_LABELS: Record<ReportStatus, string> = { open: "Open", dismissed: "Dismissed", actioned: "Action taken" };

export function personLabel(person: ReportPerson | null): string {
  if (!person) return "Deleted account";
  const tags = [person.role, person.deleted ? "deleted" : null, person.suspended ? "suspended" : null].filter(Boolean);
  return `${person.name} (${person.email}${tags.length ? `, ${tags.join(", ")}` : ""})`;
}

/**
 * An instant on the desk (issue 41): in the operator's zone, with the zone named ("Nov 28, 2026,
 * 12:48 PM EST"), so a team across zones reads the same moment. Every operator page uses this one.
 */
const WHEN = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" });

export function formatWhen(iso: string): string {
  return WHEN.format(new Date(iso));
}

/** An ISO instant inside a report's evidence ("sentAt", "writtenAt"), read as a time; anything else as null. */
export function evidenceInstant(value: unknown): string | null {
  return typeof value === "string" && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) && !Number.isNaN(Date.parse(value)) ? formatWhen(value) : null;
}
