import ical, { escape, ICalEventStatus } from "ical-generator";
import { placeLine, type LessonPlace, type PartyContact } from "../../shared/booking/lesson-place.rules";
import type { CalendarEventDTO } from "../../shared/calendar/calendar.schemas";

const PRODUCT = { company: "Music Lessons", product: "Calendar", language: "EN" } as const;

/**
 * RFC 5545 text of events. Times are written in UTC ("...Z"): exact instants every client reads
 * the same way. ical-generator's calendar `timezone` would write floating local times without a
 * VTIMEZONE, so the zone is only named (X-WR-TIMEZONE), which Google, Apple and Outlook use to
 * show the calendar in the teacher's zone. UIDs are the event ids: stable across refreshes, so a
 * subscribed calendar updates an event instead of duplicating it.
 */
export function eventsToIcs(
  events: readonly CalendarEventDTO[],
  options: { name: string; host: string; timeZone?: string | null },
): string {
  // ical-generator escapes event text but writes the calendar's NAME and X-WR-CALNAME as given: a
  // user's name with a line break in it would add lines (even events) to the file. Its own escape
  // makes the name one RFC 5545 text value.
  const calendar = ical({ name: escape(options.name, false), prodId: PRODUCT });
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
    });
  }
  return calendar.toString();
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
