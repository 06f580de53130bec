import { dateTimeFormat } from "../../../shared/date-time-format";
/** Times as the viewer's clock shows them, with the zone named ("Mon, Jan 14 · 9:00 AM EST"). */
export function formatSlot(iso: string, timeZone?: string): string {
  return dateTimeFormat("en-US", {
    weekday: "short",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(iso));
}

export function formatClock(iso: string): string {
  return dateTimeFormat("en-US", { hour: "numeric", minute: "2-digit" }).format(new Date(iso));
}

/** "Eastern Standard Time" style name of the viewer's zone, for "Times shown in …". */
export function zoneLabel(timeZone: string): string {
  const parts = dateTimeFormat("en-US", { timeZone, timeZoneName: "long" }).formatToParts(new Date());
  return `${parts.find((p) => p.type === "timeZoneName")?.value ?? timeZone} (${timeZone})`;
}
