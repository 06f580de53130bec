import type { BookingRequestDTO } from "../../../shared/booking/booking.schemas";
import { formatSlot } from "./format-time";

/**
 * "Mia Rivera · Tue, Dec 1 · 4:00 PM EST", or "… · 6 weekly lessons from …" for a series: what a
 * decision dialog (accept, decline) is about, in the teacher's zone.
 */
export function requestSummary(request: BookingRequestDTO, lessons: number): string {
  const when = formatSlot(request.startsAt, request.teacher.timeZone);
  return `${request.student.firstName} ${request.student.lastName} · ${lessons > 1 ? `${lessons} weekly lessons from ${when}` : when}`;
}
