import { localDateTime } from "../../../shared/calendar/calendar-views.rules";
import { dateTimeFormat } from "../../../shared/date-time-format";

/** A local "yyyy-MM-dd" read as a UTC date, for Intl formatting of the date alone. */
function utcNoon(date: string): Date {
  return new Date(`${date}T12:00:00Z`);
}

export function formatLocalDate(date: string, options: Intl.DateTimeFormatOptions): string {
  return dateTimeFormat("en-US", { ...options, timeZone: "UTC" }).format(utcNoon(date));
}

/** "10:00 AM" of an instant on the viewer's clock. */
export function formatTime(iso: string, timeZone: string): string {
  return dateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone }).format(new Date(iso));
}

/** "6p", "6:30p", "11a": a time that fits a month cell on a phone (the chip's label has the full one). */
export function compactTime(iso: string, timeZone: string): string {
  return formatTime(iso, timeZone).replace(":00", "").replace(/\s?AM$/, "a").replace(/\s?PM$/, "p");
}

/** "10:00 AM – 11:00 AM", with the date when it ends on another day. */
export function formatSpan(startsAt: string, endsAt: string, timeZone: string): string {
  const sameDay = localDateTime(startsAt, timeZone).date === localDateTime(endsAt, timeZone).date;
  const end = sameDay
    ? formatTime(endsAt, timeZone)
    : dateTimeFormat("en-US", { month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZone }).format(new Date(endsAt));
  return `${formatTime(startsAt, timeZone)} – ${end}`;
}

/** "12 AM", "1 PM": the hour rows' labels from a local "HH:mm". */
export function hourLabel(time: string): string {
  const hour = Number(time.slice(0, 2));
  return `${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 ? "AM" : "PM"}`;
}

/** "Eastern Standard Time (America/New_York)": the zone named beside every calendar. */
export function zoneName(timeZone: string): string {
  const parts = dateTimeFormat("en-US", { timeZone, timeZoneName: "long" }).formatToParts(new Date());
  return `${parts.find((p) => p.type === "timeZoneName")?.value ?? timeZone} (${timeZone})`;
}

