import ical, { escape, ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { placeLine, type LessonPlace, type PartyContact } from "../../shared/booking/lesson-place.rules";
import type { CalendarEventDTO } from "../../shared/calendar/calendar.schemas";

/** How often calendar apps should fetch a feed again (RFC 7986 REFRESH-INTERVAL, and Outlook's X-PUBLISHED-TTL). */
export const FEED_REFRESH_SECONDS = 3600;

/** An event with what a calendar file adds to the calendar's own reading of it. */
export type IcsEvent = CalendarEventDTO & { sequence: number; updatedAt: string };

const PRODUCT = { company: "Music Lessons", product: "Calendar", language: "EN" } as const;

/**
 * RFC 5545 text of events. Times are written in UTC ("...Z"): exact instants every client reads
 * the same way. ical-generator's calendar `timezone` would write floating local times without a
 * VTIMEZONE, so the zone is only named (X-WR-TIMEZONE), which Google, Apple and Outlook use to
 * show the calendar in the teacher's zone. UIDs are the event ids: stable across refreshes, so a
 * subscribed calendar updates an event instead of duplicating it.
 *
 * What calendar apps need to follow changes (issue 46): METHOD:PUBLISH; SEQUENCE, raised by the
 * database on every change of the event (Google ignores a change whose SEQUENCE did not grow);
 * DTSTAMP and LAST-MODIFIED at that change (the same bytes while nothing changed); a cancelled
 * lesson as STATUS:CANCELLED (apps that subscribe keep what silently disappears); and a refresh
 * interval of an hour. ical-generator folds lines at 75 octets and never inside a UTF-8
 * character or a surrogate pair (calendar-feed.integration.test.ts checks every line).
 */
export function eventsToIcs(
  events: readonly IcsEvent[],
  options: { name: string; host: string; timeZone?: string | null },
): string {
  // ical-generator escapes event text but writes the calendar's NAME and X-WR-CALNAME as given: a
  // user's name with a line break in it would add lines (even events) to the file. Its own escape
  // makes the name one RFC 5545 text value.
  const calendar = ical({ name: escape(options.name, false), prodId: PRODUCT, method: ICalCalendarMethod.PUBLISH, ttl: FEED_REFRESH_SECONDS });
  if (options.timeZone) calendar.x([{ key: "X-WR-TIMEZONE", value: options.timeZone }]);
  for (const event of events) {
    const student = event.student ? `Student: ${event.student.firstName} ${event.student.lastName}` : null;
    const place = event.status === "cancelled" ? null : event.place;
    calendar.createEvent({
      id: `${event.id}@${options.host}`,
      start: new Date(event.startsAt),
      end: new Date(event.endsAt),
      summary: event.title,
      description: [student, ...(place ? placeDetails(place, event.contact) : []), event.notes].filter(Boolean).join("\n") || null,
      location: place ? placeLine(place) : null,
      url: place?.format === "online" ? place.link : null,
      status: event.status === "cancelled" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      sequence: event.sequence,
      stamp: new Date(event.updatedAt),
      lastModified: new Date(event.updatedAt),
    });
  }
  // RFC 5545 ends every content line with CRLF, the last one too; ical-generator leaves it off,
  // and strict readers then drop END:VCALENDAR (or the whole file).
  const text = calendar.toString();
  return text.endsWith("\r\n") ? text : `${text}\r\n`;
}

/** The lines a lesson's description adds: how it takes place, and how to reach the other side. */
function placeDetails(place: LessonPlace, contact: PartyContact | null): string[] {
  const lines = [`How: ${placeLine(place)}`];
  if (place.format === "phone") {
    if (place.teacherPhone) lines.push(`Teacher's phone: ${place.teacherPhone}`);
    if (place.parentPhone) lines.push(`Family's phone: ${place.parentPhone}`);
  }
  if (contact) lines.push(`Contact: ${[contact.name, contact.email, contact.phone].filter(Boolean).join(", ")}`);
  return lines;
}
