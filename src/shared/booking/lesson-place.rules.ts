import type { BookingFormat, BookingStatus, BookingType, ChosenFormat, InPersonPlace } from "./booking.constants";

/**
 * Where and how a lesson happens (issue 26). A full lesson is in person or online, as the
 * teacher's window for that time allows; an intro call is online or by phone, whatever the window
 * (nobody travels for a 15-minute call). A request made before the format was asked is
 * `flexible`: the two sides agree on it themselves.
 */

export const FORMAT_LABELS: Record<BookingFormat, string> = {
  in_person: "In person",
  online: "Online",
  phone: "By phone",
  flexible: "In person or online (agree with the teacher)",
};

/** The formats a parent may choose for one time, in the order the panel offers them. */
export function formatsForSlot(bookingType: BookingType, windowFormat: string): ChosenFormat[] {
  if (bookingType === "intro") return ["online", "phone"];
  if (windowFormat === "in_person") return ["in_person"];
  if (windowFormat === "online") return ["online"];
  return ["in_person", "online"];
}

/** The formats offered for every one of several chosen times (the panel asks once per request). */
export function formatsForSlots(bookingType: BookingType, windowFormats: readonly string[]): ChosenFormat[] {
  const all = windowFormats.map((w) => formatsForSlot(bookingType, w));
  const first = all[0] ?? formatsForSlot(bookingType, "both");
  return first.filter((format) => all.every((list) => list.includes(format)));
}

/**
 * The search's lesson type preselects the format when it is offered; otherwise the only offered
 * format, else none (the parent chooses).
 */
export function preselectedFormat(offered: readonly ChosenFormat[], searched: string | null | undefined): ChosenFormat | null {
  if (searched && (offered as readonly string[]).includes(searched)) return searched as ChosenFormat;
  return offered.length === 1 ? offered[0]! : null;
}

/** The link of a lesson: the teacher's link for this student, else their default link. */
export function meetingLinkFor(studentLink: string | null | undefined, defaultLink: string | null | undefined): string | null {
  return studentLink || defaultLink || null;
}

export interface PlaceSources {
  format: BookingFormat;
  status: BookingStatus;
  meetingUrl: string | null;
  inPersonPlace: InPersonPlace;
  studioAddress: string | null;
  familyAddress: string | null;
  teacherPhone: string | null;
  parentPhone: string | null;
}

/**
 * What each side is told about where and how, once the lesson is accepted; before that (and for a
 * declined, expired or cancelled request) only the format is known, never a link or an address.
 */
export type LessonPlace =
  | { format: "online"; label: string; link: string | null }
  | { format: "in_person"; label: string; at: InPersonPlace; address: string | null }
  | { format: "phone"; label: string; teacherPhone: string | null; parentPhone: string | null }
  | { format: "flexible"; label: string };

export function isRevealed(status: BookingStatus): boolean {
  return status === "accepted";
}

export function lessonPlace(sources: PlaceSources): LessonPlace {
  const revealed = isRevealed(sources.status);
  const label = FORMAT_LABELS[sources.format];
  switch (sources.format) {
    case "online":
      return { format: "online", label, link: revealed ? sources.meetingUrl : null };
    case "in_person": {
      const address = sources.inPersonPlace === "studio" ? sources.studioAddress : sources.familyAddress;
      return { format: "in_person", label, at: sources.inPersonPlace, address: revealed ? address : null };
    }
    case "phone":
      return {
        format: "phone",
        label,
        teacherPhone: revealed ? sources.teacherPhone : null,
        parentPhone: revealed ? sources.parentPhone : null,
      };
    default:
      return { format: "flexible", label };
  }
}

/** One line for emails, reminders and the calendar's LOCATION: "Online: https://…", "At 12 Elm St". */
export function placeLine(place: LessonPlace): string {
  switch (place.format) {
    case "online":
      return place.link ? `Online: ${place.link}` : "Online (the teacher will share the link)";
    case "in_person":
      if (!place.address) return place.at === "studio" ? "In person at the teacher's studio" : "In person at the family's home";
      return `In person at ${place.address}`;
    case "phone":
      return "By phone";
    default:
      return place.label;
  }
}

/** Why a teacher cannot accept an online lesson yet: no link for this student and no default link. */
export const MEETING_LINK_NEEDED_MESSAGE =
  "Add a meeting link in Settings (a default link, or one for this student) before accepting an online lesson.";
