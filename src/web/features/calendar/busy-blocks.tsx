import type { BusyTimeDTO } from "../../../shared/calendar/busy-calendars.schemas";
import { dayRange, minutesFrom } from "../../../shared/calendar/calendar-views.rules";
import { compactTime, formatSpan } from "./calendar-format";

/**
 * A teacher's imported busy times (issue 46) in their own calendar: greyed, striped blocks behind
 * the events (they are not events: nothing to open, edit or download), each named for screen
 * readers with its time and the calendar it came from.
 */
const STRIPES = "repeating-linear-gradient(135deg, rgb(226 232 240 / 0.9) 0, rgb(226 232 240 / 0.9) 6px, rgb(241 245 249 / 0.9) 6px, rgb(241 245 249 / 0.9) 12px)";

export function busyOfDay(busy: readonly BusyTimeDTO[], date: string, timeZone: string): BusyTimeDTO[] {
  const { from, to } = dayRange(date, timeZone);
  return busy.filter((b) => new Date(b.startsAt) < to && new Date(b.endsAt) > from);
}

const busyLabel = (b: BusyTimeDTO, timeZone: string) => `Busy ${formatSpan(b.startsAt, b.endsAt, timeZone)} (${b.calendarLabel})`;

/** The week and day views: one block per busy time, clipped to the day, scaled as the day's rows are. */
export function BusyColumnBlocks({ busy, date, timeZone, scale }: { busy: readonly BusyTimeDTO[]; date: string; timeZone: string; scale: number }) {
  const day = dayRange(date, timeZone);
  const blocks = busyOfDay(busy, date, timeZone);
  if (blocks.length === 0) return null;
  return (
    <ul aria-label="Busy in your other calendars" className="absolute inset-0">
      {blocks.map((b) => {
        const top = Math.max(0, minutesFrom(day.from, b.startsAt));
        const bottom = Math.min(day.minutes, minutesFrom(day.from, b.endsAt));
        return (
          <li
            key={`${b.calendarId}-${b.startsAt}`}
            data-testid="busy-block"
            className="absolute inset-x-0 overflow-hidden border-y border-slate-300 px-1 text-[0.7rem] leading-tight text-slate-600"
            style={{ top: top * scale, height: Math.max(2, (bottom - top) * scale), backgroundImage: STRIPES }}
            title={busyLabel(b, timeZone)}
          >
            <span className="sr-only">{busyLabel(b, timeZone)}</span>
            <span aria-hidden>Busy · {b.calendarLabel}</span>
          </li>
        );
      })}
    </ul>
  );
}

/** The month view: one grey line per day that has busy times ("Busy 4p", or how many). */
export function MonthBusyChip({ busy, date, timeZone }: { busy: readonly BusyTimeDTO[]; date: string; timeZone: string }) {
  const blocks = busyOfDay(busy, date, timeZone);
  if (blocks.length === 0) return null;
  const first = blocks[0]!;
  const label = blocks.length === 1 ? busyLabel(first, timeZone) : `${blocks.length} busy times from your other calendars`;
  return (
    <p data-testid="busy-chip" className="truncate rounded px-1 text-[0.7rem] text-slate-600" style={{ backgroundImage: STRIPES }} title={label}>
      <span className="sr-only">{label}</span>
      <span aria-hidden>{blocks.length === 1 ? `Busy ${compactTime(first.startsAt, timeZone)}` : `Busy ×${blocks.length}`}</span>
    </p>
  );
}
