import { dateTimeFormat } from "../../../shared/date-time-format";

/** A day as the viewer's browser reads it ("Mar 8, 2026"). */
export function formatDay(iso: string): string {
  return dateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" }).format(new Date(iso));
}
