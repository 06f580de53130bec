import { z } from "zod";
import { timeZoneSchema } from "../booking/booking.schemas";
import { timeOfDaySchema } from "../teachers/weekly-availability.schemas";
import { isRealInstant } from "../instants.rules";
import { boundedText, oneLineText } from "../text.schemas";
import { eventInstants, instantFromLocal, isLocalDate, localDateTime } from "./calendar-views.rules";
import type { EventStatus, EventType } from "./calendar.constants";
import type { LessonPlace, PartyContact } from "../booking/lesson-place.rules";

export const EVENT_TITLE_MAX = 120;
export const EVENT_NOTES_MAX = 2000;
/** Longest range one calendar read may ask for: two months, more than the 6-week month grid. */
export const MAX_RANGE_DAYS = 62;

export const END_AFTER_START_MESSAGE = "End time must be after the start time";
export const EVENT_TYPE_MESSAGE = "Choose an event type: practice, reminder or custom";
export const RANGE_ORDER_MESSAGE = "The end of the range must be after its start";
export const RANGE_LENGTH_MESSAGE = `A calendar range can be at most ${MAX_RANGE_DAYS} days`;
export const EVENT_NOT_FOUND_MESSAGE = "Event not found";

/** Lessons come from accepted bookings; people create only these. */
export const USER_EVENT_TYPES = ["practice", "reminder", "custom"] as const satisfies readonly EventType[];
export type UserEventType = (typeof USER_EVENT_TYPES)[number];

/** A real calendar date "yyyy-MM-dd" (what an <input type="date"> gives). */
/** Events are planned in the years a family and a teacher actually use (and the database can order). */
export const EVENT_FIRST_YEAR = 2000;
export const EVENT_LAST_YEAR = 2100;
export const EVENT_YEAR_MESSAGE = `Choose a date between ${EVENT_FIRST_YEAR} and ${EVENT_LAST_YEAR}`;
const isEventYear = (date: string) => {
  const year = Number(date.slice(0, 4));
  return year >= EVENT_FIRST_YEAR && year <= EVENT_LAST_YEAR;
};

export function localDateSchema(label: string) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a date like 2026-11-22`) })
    .refine(isLocalDate, `${label} must be a date like 2026-11-22`);
}

/** An optional uuid where a form's empty select sends "". */
function optionalUuid(message: string) {
  return z
    .union([z.literal(""), z.uuid({ error: message })], { error: message })
    .optional()
    .transform((value) => value || undefined);
}

/**
 * Create and edit of a calendar event: the dialog and the route use this one schema. The server
 * turns date + times into instants in `timeZone` (the viewer's zone, sent by the browser) with
 * eventInstants. End must be after start also after that conversion: 02:30-03:15 on a
 * spring-forward day would start at 03:30 and end before it.
 */
export const eventInputSchema = z
  .object({
    title: oneLineText("Title", EVENT_TITLE_MAX),
    eventType: z.enum(USER_EVENT_TYPES, { error: EVENT_TYPE_MESSAGE }),
    date: localDateSchema("Date").refine(isEventYear, EVENT_YEAR_MESSAGE),
    startTime: timeOfDaySchema("Start time"),
    endTime: timeOfDaySchema("End time"),
    studentId: optionalUuid("Student not found"),
    notes: boundedText("Notes", EVENT_NOTES_MAX).optional(),
    timeZone: timeZoneSchema,
  })
  .refine(
    (event) => {
      if (event.endTime <= event.startTime) return false;
      try {
        const { startsAt, endsAt } = eventInstants(event);
        return endsAt > startsAt;
      } catch {
        // A bad date or zone has its own message on its field; do not add a second one here.
        return true;
      }
    },
    { path: ["endTime"], message: END_AFTER_START_MESSAGE },
  );
export type EventInput = z.input<typeof eventInputSchema>;
export type EventData = z.output<typeof eventInputSchema>;

export const eventIdParamSchema = z.object({ eventId: z.uuid({ error: EVENT_NOT_FOUND_MESSAGE }) });

const ISO_INSTANT = z.iso.datetime({ offset: true }).refine(isRealInstant);

function rangeBoundSchema(label: string) {
  const message = `${label} must be a date like 2026-11-01 or an ISO date-time`;
  return z
    .string({ error: (issue) => (issue.input === undefined ? `${label} is required` : message) })
    .refine((value) => (isLocalDate(value) && isRealInstant(value)) || ISO_INSTANT.safeParse(value).success, message);
}

function boundInstant(value: string, timeZone: string): Date {
  return isLocalDate(value) ? instantFromLocal(value, "00:00", timeZone) : new Date(value);
}

/**
 * The calendar read: [from, to), each an ISO instant or a local date meaning that date's midnight
 * in `timeZone` (default UTC), so `to` is exclusive: November is from=2026-11-01&to=2026-12-01.
 * Output is instants.
 */
export const eventRangeQuerySchema = z
  .object({
    from: rangeBoundSchema("Start of the range"),
    to: rangeBoundSchema("End of the range"),
    timeZone: timeZoneSchema.optional(),
    studentId: optionalUuid("Student not found"),
  })
  .transform((query, ctx) => {
    const timeZone = query.timeZone ?? "UTC";
    const from = boundInstant(query.from, timeZone);
    const to = boundInstant(query.to, timeZone);
    if (to <= from) {
      ctx.addIssue({ code: "custom", path: ["to"], message: RANGE_ORDER_MESSAGE });
      return z.NEVER;
    }
    if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * 86_400_000) {
      ctx.addIssue({ code: "custom", path: ["to"], message: RANGE_LENGTH_MESSAGE });
      return z.NEVER;
    }
    return { from, to, studentId: query.studentId };
  });
export type EventRangeQueryInput = z.input<typeof eventRangeQuerySchema>;
export type EventRangeQuery = z.output<typeof eventRangeQuerySchema>;

/** One event as every calendar read returns it (decisions.md section 1). */
export interface CalendarEventDTO {
  id: string;
  ownerUserId: string;
  studentId: string | null;
  teacherId: string | null;
  bookingId: string | null;
  title: string;
  eventType: EventType;
  /** ISO instants (UTC). */
  startsAt: string;
  endsAt: string;
  notes: string | null;
  status: EventStatus;
  /** The student the event is about, with names for the label; null when none. */
  student: { id: string; firstName: string; lastName: string } | null;
  /**
   * A lesson's where and how (issue 26), as its booking's two sides see it: the meeting link,
   * address or phone numbers only while the lesson is accepted; null for other events.
   */
  place: LessonPlace | null;
  /** How to reach the other side of an accepted lesson (the family for the teacher, the teacher for the family). */
  contact: PartyContact | null;
}

/** The edit dialog's starting values for an existing event, read in the viewer's zone. */
export function eventFormValues(
  event: Pick<CalendarEventDTO, "title" | "eventType" | "startsAt" | "endsAt" | "studentId" | "notes">,
  timeZone: string,
): EventInput {
  const start = localDateTime(event.startsAt, timeZone);
  const end = localDateTime(event.endsAt, timeZone);
  return {
    title: event.title,
    eventType: (USER_EVENT_TYPES as readonly string[]).includes(event.eventType) ? (event.eventType as UserEventType) : "custom",
    date: start.date,
    startTime: start.time,
    endTime: end.time,
    studentId: event.studentId ?? "",
    notes: event.notes ?? "",
    timeZone,
  };
}
