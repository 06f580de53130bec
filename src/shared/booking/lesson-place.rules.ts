import { DELETED_USER_NAME } from "../classes/classes.api";
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

/** "in person or online", "online or by phone": the offered formats in words. */
export function formatsInWords(formats: readonly ChosenFormat[]): string {
  return formats.map((format) => FORMAT_LABELS[format].toLowerCase()).join(" or ");
}

export const FORMAT_NOT_OFFERED_MESSAGE = "The teacher does not offer that lesson format at this time.";
export const NO_COMMON_FORMAT_MESSAGE = "The chosen times do not share a lesson format (in person or online). Book them in separate requests.";
/** "Choose in person or online", "Choose online or by phone". */
export const chooseFormatMessage = (offered: readonly ChosenFormat[]) => `Choose ${formatsInWords(offered)}`;

export type FormatDecision = { ok: true; format: ChosenFormat } | { ok: false; message: string };

/**
 * The one format of a new request (a parent chooses once per request, for every chosen time and
 * every week of a series): the parent's choice when every time offers it; with no choice, the
 * only format they all offer. A client that omits the format keeps working where there is
 * nothing to choose; otherwise it is told to choose.
 */
export function requestFormat(bookingType: BookingType, windowFormats: readonly string[], wanted: ChosenFormat | undefined): FormatDecision {
  const offered = formatsForSlots(bookingType, windowFormats);
  if (wanted) return offered.includes(wanted) ? { ok: true, format: wanted } : { ok: false, message: FORMAT_NOT_OFFERED_MESSAGE };
  if (offered.length === 1) return { ok: true, format: offered[0]! };
  return { ok: false, message: offered.length === 0 ? NO_COMMON_FORMAT_MESSAGE : chooseFormatMessage(offered) };
}

/**
 * The format a lesson keeps when it moves to another time: its own, when the new time offers it
 * (a lesson booked before formats were asked, `flexible`, stays so where the window is open to
 * both, and takes the window's own format otherwise). Null: the new time does not offer it.
 */
export function movedFormat(bookingType: BookingType, current: BookingFormat, windowFormat: string): BookingFormat | null {
  if (current === "flexible") return bookingType === "intro" || windowFormat === "both" ? "flexible" : (windowFormat as BookingFormat);
  if (formatsForSlot(bookingType, windowFormat).includes(current)) return current;
  // An intro call booked in person before formats were asked keeps it where the window has it.
  return current === windowFormat || (windowFormat === "both" && current === "in_person") ? current : null;
}

export function formatMovedAwayMessage(format: BookingFormat): string {
  return `The teacher does not offer ${FORMAT_LABELS[format].toLowerCase()} lessons at that time. Please choose another time.`;
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

/** A booking's where and how as its stored columns hold them (the lists, the calendar). */
export interface PlaceColumns {
  format: string;
  status: string;
  studentMeetingUrl: string | null;
  teacherMeetingUrl: string | null;
  /** Null once the teacher's account is gone (the family keeps the lesson). */
  inPersonPlace: string | null;
  studioAddress: string | null;
  familyAddress: string | null;
  teacherPhone: string | null;
  parentPhone: string | null;
}

/** lessonPlace from the stored columns, whose CHECK constraints admit only the typed values. */
export function lessonPlaceOfColumns(row: PlaceColumns): LessonPlace {
  return lessonPlace({
    format: row.format as BookingFormat,
    status: row.status as BookingStatus,
    meetingUrl: meetingLinkFor(row.studentMeetingUrl, row.teacherMeetingUrl),
    inPersonPlace: (row.inPersonPlace ?? "studio") as InPersonPlace,
    studioAddress: row.studioAddress,
    familyAddress: row.familyAddress,
    teacherPhone: row.teacherPhone,
    parentPhone: row.parentPhone,
  });
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

/** How to reach the other side of an accepted lesson: name, email, phone where given. */
export interface PartyContact {
  name: string;
  email: string | null;
  phone: string | null;
}

/**
 * The other side's contact, only once the lesson is accepted (null before, and for a declined,
 * expired or cancelled one); a side whose account is gone is "Deleted user" with nothing to reach.
 */
export function partyContact(
  status: BookingStatus,
  person: { firstName: string | null; lastName: string | null; email: string | null; phone: string | null } | null,
): PartyContact | null {
  if (!isRevealed(status)) return null;
  if (!person?.firstName) return { name: DELETED_USER_NAME, email: null, phone: null };
  return { name: `${person.firstName} ${person.lastName ?? ""}`.trim(), email: person.email || null, phone: person.phone || null };
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
