import { format, isSameDay } from "date-fns";
import { viewerTimeZone } from "../../../lib/time-zone";
import { CalendarDays, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import type { UpcomingEvent } from "../../../../shared/parents/parents.schemas";
import { Panel } from "./panel";

const EVENT_TYPE_LABEL: Record<UpcomingEvent["eventType"], string> = {
  lesson: "Lesson",
  practice: "Practice",
  reminder: "Reminder",
  custom: "Event",
};

/** "Tue, Mar 4 · 3:00 PM – 4:00 PM" in the viewer's time zone (the browser's). */
export function formatEventWhen(startsAt: string, endsAt: string): string {
  const start = new Date(startsAt);
  const end = new Date(endsAt);
  const endText = isSameDay(start, end) ? format(end, "h:mm a") : format(end, "EEE, MMM d · h:mm a");
  return `${format(start, "EEE, MMM d · h:mm a")} – ${endText}`;
}

/** Calendar summary of spec section 2: what starts in the next 7 days, linking to the calendar. */
export function UpcomingEventsCard({ events }: { events: UpcomingEvent[] }) {
  return (
    <Panel
      id="next-7-days"
      title="Next 7 days"
      action={
        <Link
          to="/parent/calendar"
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
        >
          Open calendar
          <ChevronRight aria-hidden className="size-4" />
        </Link>
      }
    >
      {events.length === 0 ? (
        <div className="flex flex-col items-center rounded-xl bg-slate-50 px-4 py-8 text-center">
          <CalendarDays aria-hidden className="size-8 text-slate-400" />
          <p className="mt-2 text-sm text-slate-600">Nothing scheduled in the next 7 days.</p>
        </div>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Upcoming events">
          {events.map((event) => (
            <li key={event.id} className="flex gap-3 py-3 first:pt-0 last:pb-0">
              <DateBadge startsAt={event.startsAt} />
              <div className="min-w-0 flex-1">
                <p className="font-medium break-words text-slate-900">
                  {event.title}
                  {event.status !== "upcoming" ? (
                    <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                      {event.status === "cancelled" ? "Cancelled" : "Completed"}
                    </span>
                  ) : null}
                </p>
                <p className="text-sm text-slate-600">{formatEventWhen(event.startsAt, event.endsAt)}</p>
                <p className="text-xs text-slate-500">
                  {EVENT_TYPE_LABEL[event.eventType]}
                  {event.student ? ` · ${event.student.firstName} ${event.student.lastName}` : ""}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      {events.length > 0 ? (
        <p className="mt-4 text-xs text-slate-500">Times shown in {viewerTimeZone().replaceAll("_", " ")}</p>
      ) : null}
    </Panel>
  );
}

function DateBadge({ startsAt }: { startsAt: string }) {
  const start = new Date(startsAt);
  return (
    <span aria-hidden className="flex w-12 shrink-0 flex-col items-center rounded-lg bg-brand-50 py-1.5 text-brand-800">
      <span className="text-[11px] font-semibold uppercase">{format(start, "EEE")}</span>
      <span className="text-lg leading-6 font-bold">{format(start, "d")}</span>
    </span>
  );
}
