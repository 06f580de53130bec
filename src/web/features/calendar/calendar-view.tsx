import * as Popover from "@radix-ui/react-popover";
import { Link } from "react-router";
import { ChevronLeft, ChevronRight, Download, Pencil, Plus, Trash2 } from "lucide-react";
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import {
  addLocalDays,
  dayRange,
  initialScrollMinute,
  localDateTime,
  minutesFrom,
  monthGrid,
  shiftMonth,
  weekRange,
  type InstantRange,
} from "../../../shared/calendar/calendar-views.rules";
import { LessonPlaceDetails } from "../lessons/lesson-place-details";
import type { CalendarEventDTO } from "../../../shared/calendar/calendar.schemas";
import { eventStyle } from "../../../shared/calendar/event-style.rules";
import { layoutDayEvents } from "../../../shared/calendar/event-layout.rules";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { FormActions } from "../../components/ui/form-actions";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { Spinner } from "../../components/ui/spinner";
import { errorMessage } from "../../lib/api";
import { cn } from "../../lib/cn";
import { compactTime, formatLocalDate, formatSpan, formatTime, hourLabel, zoneName } from "./calendar-format";
import { EventBadge, TONE_CLASSES } from "./event-chip";
import { EventDialog, type StudentOption } from "./event-dialog";
import { useCalendarEvents, useDeleteEvent } from "./use-calendar";
import type { BusyTimeDTO } from "../../../shared/calendar/busy-calendars.schemas";
import { BusyColumnBlocks, MonthBusyChip } from "./busy-blocks";
import { useBusyTimes } from "./use-busy-calendars";

export type CalendarViewName = "month" | "week" | "day";
const VIEW_LABELS: Record<CalendarViewName, string> = { month: "Month", week: "Week", day: "Day" };
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
/** Height of one hour row in the week and day views (px). */
const HOUR_PX = 48;
const MONTH_CHIPS = 3;
/** Below this drawn height an event has room for one line only (badge, title and time need three). */
const SHORT_EVENT_PX = 44;

/** The clock, re-read every minute for the current-time line and "today". */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

interface ViewModel {
  title: string;
  range: InstantRange;
}

function viewModel(view: CalendarViewName, date: string, timeZone: string): ViewModel {
  if (view === "month") {
    const grid = monthGrid(date.slice(0, 7), timeZone);
    return { title: formatLocalDate(`${grid.month}-01`, { month: "long", year: "numeric" }), range: grid };
  }
  if (view === "week") {
    const week = weekRange(date, timeZone);
    const first = week.days[0]!;
    const last = week.days[6]!;
    return {
      title: `${formatLocalDate(first, { month: "short", day: "numeric" })} – ${formatLocalDate(last, { month: "short", day: "numeric", year: "numeric" })}`,
      range: week,
    };
  }
  return { title: formatLocalDate(date, { weekday: "long", month: "long", day: "numeric", year: "numeric" }), range: dayRange(date, timeZone) };
}

function step(view: CalendarViewName, date: string, delta: number): string {
  if (view === "month") return `${shiftMonth(date.slice(0, 7), delta)}-01`;
  return addLocalDays(date, view === "week" ? 7 * delta : delta);
}

export interface CalendarViewProps {
  view: CalendarViewName;
  onViewChange?: (view: CalendarViewName) => void;
  /** The views offered by the switcher; none shown when the page has its own tabs. */
  views?: readonly CalendarViewName[];
  date: string | null;
  onDateChange: (date: string) => void;
  timeZone: string;
  userId: string;
  studentId?: string | undefined;
  /** A parent's students, for the event dialog's student select. */
  students?: readonly StudentOption[];
  /** Minute of the day the viewer's working hours start (a teacher's earliest availability), if any. */
  workStartMinute?: number | null;
  /** A teacher's own view: their imported busy times (issue 46) shown greyed behind the events. */
  showBusy?: boolean;
}

/** Month, week and day views of the signed-in user's calendar, with Add Event and event options. */
export function CalendarView(props: CalendarViewProps) {
  const { view, timeZone } = props;
  const now = useNow();
  const today = localDateTime(now, timeZone).date;
  const date = props.date ?? today;
  const model = useMemo(() => viewModel(view, date, timeZone), [view, date, timeZone]);
  const events = useCalendarEvents(model.range, props.studentId);
  const busyTimes = useBusyTimes(model.range, props.showBusy === true);
  const busy = busyTimes.data ?? NO_BUSY;
  const [dialog, setDialog] = useState<{ event: CalendarEventDTO | null; date: string } | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<CalendarEventDTO | null>(null);

  const options: EventOptions = {
    userId: props.userId,
    timeZone,
    onEdit: (event) => setDialog({ event, date }),
    onDelete: setConfirmDelete,
  };

  return (
    <section aria-label="Calendar" className="rounded-2xl border border-slate-200 bg-white">
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 p-3 sm:p-4">
        <Button variant="secondary" size="sm" onClick={() => props.onDateChange(today)}>
          Today
        </Button>
        <div className="flex">
          <Button variant="ghost" size="sm" aria-label={`Previous ${view}`} onClick={() => props.onDateChange(step(view, date, -1))}>
            <ChevronLeft aria-hidden className="size-5" />
          </Button>
          <Button variant="ghost" size="sm" aria-label={`Next ${view}`} onClick={() => props.onDateChange(step(view, date, 1))}>
            <ChevronRight aria-hidden className="size-5" />
          </Button>
        </div>
        <h2 className="order-first w-full text-base font-semibold text-slate-900 sm:order-none sm:w-auto sm:min-w-0 sm:flex-1 sm:text-lg" aria-live="polite">
          {model.title}
        </h2>
        {props.views && props.views.length > 1 ? (
          <div role="group" aria-label="Calendar view" className="inline-flex rounded-lg bg-slate-100 p-0.5">
            {props.views.map((name) => (
              <button
                key={name}
                type="button"
                aria-pressed={view === name}
                onClick={() => props.onViewChange?.(name)}
                className="h-8 rounded-md px-3 text-sm font-medium text-slate-700 aria-pressed:bg-white aria-pressed:text-slate-900 aria-pressed:shadow-sm"
              >
                {VIEW_LABELS[name]}
              </button>
            ))}
          </div>
        ) : null}
        <Button size="sm" onClick={() => setDialog({ event: null, date: view === "month" && !date.startsWith(today.slice(0, 7)) ? date : view === "month" ? today : date })}>
          <Plus aria-hidden className="size-4" />
          Add Event
        </Button>
      </div>
      <p className="px-3 pt-2 text-xs text-slate-600 sm:px-4">Times shown in {zoneName(timeZone)}</p>

      {events.isError ? (
        <Alert className="m-4">{errorMessage(events.error, "Failed to load events")}</Alert>
      ) : events.isPending ? (
        <Spinner label="Loading events..." />
      ) : view === "month" ? (
        <MonthView date={date} today={today} events={events.data} busy={busy} options={options} onOpenDay={(day) => { props.onDateChange(day); props.onViewChange?.("day"); }} />
      ) : (
        <TimeGrid
          days={view === "week" ? weekRange(date, timeZone).days : [date]}
          today={today}
          now={now}
          events={events.data}
          busy={busy}
          options={options}
          workStartMinute={props.workStartMinute ?? null}
        />
      )}

      {dialog ? (
        <EventDialog
          open
          onOpenChange={(open) => (open ? null : setDialog(null))}
          event={dialog.event}
          defaultDate={dialog.date}
          timeZone={timeZone}
          students={props.students ?? []}
        />
      ) : null}
      <DeleteEventDialog event={confirmDelete} onClose={() => setConfirmDelete(null)} />
    </section>
  );
}

interface EventOptions {
  userId: string;
  timeZone: string;
  onEdit: (event: CalendarEventDTO) => void;
  onDelete: (event: CalendarEventDTO) => void;
}

function eventsOfDay(events: readonly CalendarEventDTO[], date: string, timeZone: string) {
  const { from, to } = dayRange(date, timeZone);
  return events.filter((e) => new Date(e.startsAt) < to && (new Date(e.endsAt) > from || e.startsAt === e.endsAt));
}

const NO_BUSY: readonly BusyTimeDTO[] = [];

function MonthView({
  date,
  today,
  events,
  busy,
  options,
  onOpenDay,
}: {
  date: string;
  today: string;
  events: readonly CalendarEventDTO[];
  busy: readonly BusyTimeDTO[];
  options: EventOptions;
  onOpenDay: (date: string) => void;
}) {
  const grid = monthGrid(date.slice(0, 7), options.timeZone);
  return (
    <div className="p-2 sm:p-4" role="grid" aria-label={formatLocalDate(`${grid.month}-01`, { month: "long", year: "numeric" })}>
      <div role="row" className="grid grid-cols-7 text-center text-xs font-medium text-slate-600">
        {WEEKDAYS.map((day) => (
          <div role="columnheader" key={day} className="py-1">
            {day}
          </div>
        ))}
      </div>
      {grid.weeks.map((week) => (
        <div role="row" key={week[0]!.date} className="grid grid-cols-7 border-t border-slate-200">
          {week.map((day) => {
            const dayEvents = eventsOfDay(events, day.date, options.timeZone);
            const isToday = day.date === today;
            return (
              // The cell's name is its content (the day's button says the date in full): a label of
              // its own would hide the visible events from a voice user (label-content-name-mismatch).
              <div
                role="gridcell"
                key={day.date}
                className={cn("min-h-20 min-w-0 border-l border-slate-200 p-0.5 first:border-l-0 sm:min-h-28 sm:p-1", !day.inMonth && "bg-slate-50")}
              >
                <button
                  type="button"
                  onClick={() => onOpenDay(day.date)}
                  aria-label={`Open ${formatLocalDate(day.date, { weekday: "long", month: "long", day: "numeric" })}${dayEvents.length ? `, ${dayEvents.length} event${dayEvents.length === 1 ? "" : "s"}` : ""}`}
                  className={cn(
                    "mb-0.5 flex size-7 items-center justify-center rounded-full text-xs font-medium",
                    isToday ? "bg-brand-600 text-white hover:bg-brand-700" : day.inMonth ? "text-slate-900 hover:bg-slate-100" : "text-slate-500 hover:bg-slate-100",
                  )}
                  {...(isToday ? { "aria-current": "date" as const } : {})}
                >
                  {Number(day.date.slice(8))}
                </button>
                <ul className="space-y-0.5">
                  {dayEvents.slice(0, MONTH_CHIPS).map((event) => (
                    <li key={event.id}>
                      <EventButton event={event} options={options} compact />
                    </li>
                  ))}
                </ul>
                <MonthBusyChip busy={busy} date={day.date} timeZone={options.timeZone} />
                {dayEvents.length > MONTH_CHIPS ? (
                  <button type="button" className="mt-0.5 text-xs font-medium text-brand-700 hover:underline" onClick={() => onOpenDay(day.date)}>
                    +{dayEvents.length - MONTH_CHIPS} more
                  </button>
                ) : null}
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}

/** The week (7 columns) or day (1 column) view: 24 hour rows, events placed by start and length. */
function TimeGrid({
  days,
  today,
  now,
  events,
  busy,
  options,
  workStartMinute,
}: {
  days: string[];
  today: string;
  now: Date;
  events: readonly CalendarEventDTO[];
  busy: readonly BusyTimeDTO[];
  options: EventOptions;
  workStartMinute: number | null;
}) {
  const hours = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, "0")}:00`);
  const week = days.length > 1;
  // The grid scrolls inside its frame and opens at the working day (or the first event), not at
  // midnight: a lesson at 4 PM is in view without scrolling past sixteen empty hours.
  const scroller = useRef<HTMLDivElement>(null);
  const startMinutes = days.flatMap((day) => {
    const from = dayRange(day, options.timeZone).from;
    return eventsOfDay(events, day, options.timeZone).map((event) => minutesFrom(from, event.startsAt));
  });
  const openAt = initialScrollMinute(startMinutes, workStartMinute);
  const daysKey = days.join();
  useLayoutEffect(() => {
    if (scroller.current) scroller.current.scrollTop = (openAt / 60) * HOUR_PX;
  }, [daysKey, openAt]);
  return (
    // A region of its own that takes focus: with no event in view it holds nothing focusable, and
    // keyboard users still scroll it (axe's scrollable-region-focusable).
    <div
      ref={scroller}
      role="region"
      aria-label="Hours"
      tabIndex={0}
      className="max-h-[min(42rem,70vh)] overflow-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      data-testid="time-grid"
    >
      <div className={cn("px-2 pb-4 sm:px-4", week && "min-w-[46rem]")}>
        <div className="sticky top-0 z-10 grid bg-white" style={{ gridTemplateColumns: `3.5rem repeat(${days.length}, minmax(0, 1fr))` }}>
          <div />
          {days.map((day) => (
            <div key={day} className={cn("py-2 text-center text-xs font-medium", day === today ? "text-brand-700" : "text-slate-600")}>
              {formatLocalDate(day, { weekday: "short" })}{" "}
              <span className={cn("text-sm", day === today && "rounded-full bg-brand-600 px-1.5 text-white")} {...(day === today ? { "aria-current": "date" as const } : {})}>
                {Number(day.slice(8))}
              </span>
            </div>
          ))}
        </div>
        <div className="relative grid" style={{ gridTemplateColumns: `3.5rem repeat(${days.length}, minmax(0, 1fr))` }}>
          <div aria-hidden>
            {hours.map((time) => (
              <div key={time} className="relative text-right text-[0.7rem] text-slate-600" style={{ height: HOUR_PX }}>
                <span className="absolute -top-2 right-2">{time === "00:00" ? "" : hourLabel(time)}</span>
              </div>
            ))}
          </div>
          {days.map((day) => (
            <DayColumn key={day} date={day} isToday={day === today} now={now} events={events} busy={busy} options={options} />
          ))}
        </div>
      </div>
    </div>
  );
}

function DayColumn({
  date,
  isToday,
  now,
  events,
  busy,
  options,
}: {
  date: string;
  isToday: boolean;
  now: Date;
  events: readonly CalendarEventDTO[];
  busy: readonly BusyTimeDTO[];
  options: EventOptions;
}) {
  const day = dayRange(date, options.timeZone);
  const placed = layoutDayEvents(
    eventsOfDay(events, date, options.timeZone).map((event) => ({
      event,
      startMinute: minutesFrom(day.from, event.startsAt),
      endMinute: minutesFrom(day.from, event.endsAt),
    })),
    { dayMinutes: day.minutes },
  );
  // Rows are drawn 24 high; on a 23- or 25-hour day the column is scaled to fit them.
  const scale = (24 * HOUR_PX) / day.minutes;
  const nowMinute = minutesFrom(day.from, now);
  return (
    <div
      className="relative border-l border-slate-200"
      style={{ height: 24 * HOUR_PX, backgroundImage: `repeating-linear-gradient(to bottom, transparent 0, transparent ${HOUR_PX - 1}px, rgb(226 232 240) ${HOUR_PX - 1}px, rgb(226 232 240) ${HOUR_PX}px)` }}
    >
      <BusyColumnBlocks busy={busy} date={date} timeZone={options.timeZone} scale={scale} />
      {/* The day's events are a list; the current-time line is beside it, not in it (a list holds only its items). */}
      <div role="list" aria-label={formatLocalDate(date, { weekday: "long", month: "long", day: "numeric" })} className="absolute inset-0">
        {placed.map((p) => (
          <div
            role="listitem"
            key={p.event.id}
            className="absolute px-0.5"
            style={{ top: p.top * scale, height: p.height * scale, left: `${(p.column / p.columns) * 100}%`, width: `${100 / p.columns}%` }}
          >
            <EventButton event={p.event} options={options} short={p.height * scale < SHORT_EVENT_PX} />
          </div>
        ))}
      </div>
      {isToday && nowMinute >= 0 && nowMinute < day.minutes ? (
        <div className="pointer-events-none absolute inset-x-0 z-10 flex items-center" style={{ top: nowMinute * scale }}>
          <span className="-ml-1 size-2 rounded-full bg-red-600" />
          <span className="h-0.5 flex-1 bg-red-600" />
          <span className="sr-only">Current time {formatTime(now.toISOString(), options.timeZone)}</span>
        </div>
      ) : null}
    </div>
  );
}

/** An event block; opens its popover with the details and options. */
function EventButton({ event, options, compact = false, short = false }: { event: CalendarEventDTO; options: EventOptions; compact?: boolean; short?: boolean }) {
  const style = eventStyle(event);
  const time = formatTime(event.startsAt, options.timeZone);
  const editable = event.ownerUserId === options.userId && event.eventType !== "lesson" && !event.bookingId;
  return (
    <Popover.Root>
      <Popover.Trigger
        className={cn(
          "block h-full w-full overflow-hidden rounded-md border-l-4 px-1 py-0.5 text-left text-xs focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none",
          TONE_CLASSES[style.tone],
        )}
      >
        {/*
          Named by what it shows (a voice user says what they see), plus for a screen reader what it
          does not show: the kind of event where its badge is not drawn, and the end time.
        */}
        {short ? <span className="sr-only">{style.label}: </span> : compact ? <span className="sr-only lg:hidden">{style.label}: </span> : null}
        {compact ? (
          <>
            {/* The type in words beside the colour, where there is room for a second line. */}
            <EventBadge event={event} display="wide" />
            {/* A phone's month cell is ~50 px wide: the time in short ("6p") on its own line, then the title. */}
            <span className="block truncate font-semibold sm:hidden">{compactTime(event.startsAt, options.timeZone)}</span>
            <span className="block truncate sm:hidden">{event.title}</span>
            <span className="hidden truncate sm:block">
              <span className="font-semibold">{time}</span> {event.title}
            </span>
          </>
        ) : short ? (
          // A 15- or 30-minute block has room for one line: time and title on it.
          <span className="block truncate leading-tight">
            <span className="font-semibold">{time}</span> {event.title}
          </span>
        ) : (
          <>
            <EventBadge event={event} display="block" />
            <span className="block truncate font-medium">{event.title}</span>
            <span className="block truncate">{time}</span>
          </>
        )}
        <span className="sr-only">, {formatSpan(event.startsAt, event.endsAt, options.timeZone)}</span>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          aria-label={`${style.label}: ${event.title}`}
          sideOffset={6}
          collisionPadding={8}
          className="z-30 w-72 max-w-[calc(100vw-1rem)] rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-lg"
        >
          <EventBadge event={event} className={cn("rounded px-1.5 py-0.5", TONE_CLASSES[style.tone])} />
          <p className="mt-2 font-semibold text-slate-900">{event.title}</p>
          <p className="text-slate-700">
            {formatLocalDate(localDateTime(event.startsAt, options.timeZone).date, { weekday: "long", month: "long", day: "numeric" })}
            <br />
            {formatSpan(event.startsAt, event.endsAt, options.timeZone)}
          </p>
          {event.student ? <p className="mt-1 text-slate-700">Student: {event.student.firstName} {event.student.lastName}</p> : null}
          {event.notes ? <p className="mt-1 whitespace-pre-wrap text-slate-700">{event.notes}</p> : null}
          {event.place ? (
            <div className="mt-2">
              {/* A lesson is owned by its teacher; anyone else who sees it is the family. */}
              <LessonPlaceDetails place={event.place} contact={event.contact} side={event.ownerUserId === options.userId ? "teacher" : "parent"} />
            </div>
          ) : null}
          <div className="mt-3 flex flex-wrap gap-2">
            {editable ? (
              <>
                <Popover.Close asChild>
                  <Button size="sm" variant="secondary" onClick={() => options.onEdit(event)}>
                    <Pencil aria-hidden className="size-4" /> Edit
                  </Button>
                </Popover.Close>
                <Popover.Close asChild>
                  <Button size="sm" variant="danger" onClick={() => options.onDelete(event)}>
                    <Trash2 aria-hidden className="size-4" /> Delete
                  </Button>
                </Popover.Close>
              </>
            ) : null}
            {event.eventType === "lesson" ? (
              <>
                <a
                  href={`/api/calendar/events/${event.id}/ics`}
                  download="lesson.ics"
                  className="inline-flex h-8 items-center gap-1.5 rounded-lg px-3 text-sm font-medium text-slate-900 ring-1 ring-slate-300 hover:bg-slate-50"
                >
                  <Download aria-hidden className="size-4" /> Add to my calendar (.ics)
                </a>
                {/* Where the lesson itself is moved or cancelled (issue 41): each side's dashboard lists it with those actions. */}
                <p className="text-xs text-slate-600">
                  To move or cancel it, open{" "}
                  <Link to={event.ownerUserId === options.userId ? "/teacher-landing" : "/dashboard"} className="font-medium text-brand-700 underline">
                    the lesson on your dashboard
                  </Link>
                  .
                </p>
              </>
            ) : null}
          </div>
          <Popover.Arrow className="fill-white" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function DeleteEventDialog({ event, onClose }: { event: CalendarEventDTO | null; onClose: () => void }) {
  const remove = useDeleteEvent();
  return (
    <Dialog open={event !== null} onOpenChange={(open) => (open ? null : onClose())}>
      {event ? (
        <DialogContent title="Delete Event?" description={`"${event.title}" will be removed from your calendar. This cannot be undone.`}>
          {remove.isError ? <Alert className="mb-4">{errorMessage(remove.error, "Failed to delete the event")}</Alert> : null}
          <FormActions
            variant="danger"
            submit="Delete Event"
            pending={remove.isPending}
            pendingLabel="Deleting..."
            onConfirm={() => remove.mutate(event.id, { onSuccess: onClose })}
          />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
