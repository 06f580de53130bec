import type { PracticeSource } from "../../../shared/practice/practice.constants";
import { dateTimeFormat } from "../../../shared/date-time-format";

/** Shown beside every figure of minutes, so families and teachers know which minutes to trust. */
export const SOURCE_LABEL: Record<PracticeSource, string> = { timed: "Timed", self_reported: "Self-reported" };

/** "45 min", "1 h 5 min": practice minutes as people say them. */
export function formatMinutes(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}

/** "Mon, Nov 23" for a calendar day "yyyy-MM-dd" (read as that day, never shifted by a zone). */
export function formatDay(day: string, options: Intl.DateTimeFormatOptions = { weekday: "short", month: "short", day: "numeric" }): string {
  return dateTimeFormat("en-US", { ...options, timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
}

/** "yyyy-MM-dd" of an instant in a zone (a next lesson's day, as a default due date). */
export function dayIn(instant: Date | string, timeZone: string): string {
  return dateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(instant));
}

/** "12:05" or "1:02:09": a running timer's elapsed time. */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, "0");
  return h ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/** The same for a screen reader: "1 hour 2 minutes" (seconds would be read out every tick). */
export function spokenElapsed(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const parts = [h ? `${h} ${h === 1 ? "hour" : "hours"}` : "", `${m} ${m === 1 ? "minute" : "minutes"}`].filter(Boolean);
  return parts.join(" ");
}
