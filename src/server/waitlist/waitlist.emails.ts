import { BOOKING_TYPES, type BookingType } from "../../shared/booking/booking.constants";
import { formatLessonTime } from "../../shared/booking/booking.rules";
import { FORMAT_LABELS } from "../../shared/booking/lesson-place.rules";
import type { ChosenFormat } from "../../shared/booking/booking.constants";
import type { MailMessage } from "../mail";

export const OFFER_EMAIL_KIND = "waitlist-offer";

/**
 * A freed time offered to a waiting family (issue 44), to one of its guardians on their own clock
 * (issue 45: parentClock): what, when, until when it is held, and the one place to claim it.
 */
export function waitlistOfferEmail(
  publicUrl: string,
  parent: { email: string; firstName: string },
  offer: {
    teacherName: string;
    studentFirstName: string;
    bookingType: BookingType;
    format: ChosenFormat;
    startsAt: Date;
    expiresAt: Date;
    timeZone: string;
    repeatWeeks: number | null;
  },
): MailMessage {
  const type = BOOKING_TYPES[offer.bookingType].label;
  const weekly = offer.repeatWeeks ? `\nClaiming asks for ${offer.repeatWeeks} weekly lessons from then on, as on your waitlist entry.\n` : "";
  return {
    to: parent.email,
    kind: OFFER_EMAIL_KIND,
    audience: "parent",
    subject: `A time with ${offer.teacherName} is free: ${formatLessonTime(offer.startsAt, offer.timeZone)}`,
    text:
      `Hi ${parent.firstName},\n\nA time you are waiting for with ${offer.teacherName} just became free:\n\n` +
      `  ${type} for ${offer.studentFirstName}, ${formatLessonTime(offer.startsAt, offer.timeZone)}\n  Format: ${FORMAT_LABELS[offer.format]}\n${weekly}\n` +
      `It is held for you until ${formatLessonTime(offer.expiresAt, offer.timeZone)}. Claim it with one tap on your dashboard; ` +
      `that sends ${offer.teacherName} a normal booking request, which they accept or decline. ` +
      `If you let it pass, it goes to the next family waiting.\n\n${publicUrl}/dashboard\n`,
  };
}
