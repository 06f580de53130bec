import { z } from "zod";
import { ADDRESS_MAX, MEETING_URL_MAX } from "./booking.constants";
import { isOneLine, isSafeText, lineBreakMessage, unsafeTextMessage } from "../text.schemas";

/**
 * The inputs of where and how a lesson happens (issue 26): a teacher's meeting links (default and
 * per student) and the addresses of a studio or a family's home. One schema each, for the forms
 * and the routes.
 */

export const MEETING_URL_MESSAGE = "Enter a meeting link that starts with https:// (or http://), e.g. https://zoom.us/j/123";
const MEETING_URL_TOO_LONG = `Meeting link must be at most ${MEETING_URL_MAX} characters`;

/**
 * A web address a family can open: http(s) only (a `javascript:` or `data:` link must never
 * reach an href), with a host, and no spaces. The scheme is stored lower-case: the database's
 * CHECK (`^https?://`) is case-sensitive and "HTTPS://" is a real link.
 */
export function isMeetingUrl(value: string): boolean {
  // A host written out after the slashes ("https:///x" would quietly become the host "x").
  if (!/^https?:\/\/[^\s/?#]+\S*$/i.test(value)) return false;
  try {
    return new URL(value).hostname !== "";
  } catch {
    return false;
  }
}

const lowerScheme = (value: string) => value.replace(/^https?:/i, (scheme) => scheme.toLowerCase());

function meetingUrlText() {
  return z
    .string({ error: (issue) => (issue.input === undefined ? "Meeting link is required" : "Meeting link must be text") })
    .trim()
    .max(MEETING_URL_MAX, MEETING_URL_TOO_LONG)
    .refine(isSafeText, unsafeTextMessage("Meeting link"))
    .refine(isOneLine, lineBreakMessage("Meeting link"));
}

/** A required meeting link (a per-student link). */
export const meetingUrlSchema = meetingUrlText()
  .refine((value) => value !== "", "Meeting link is required")
  .refine((value) => value === "" || isMeetingUrl(value), MEETING_URL_MESSAGE)
  .transform(lowerScheme);

/** The teacher's default link: blank or null clears it. */
export const optionalMeetingUrlSchema = meetingUrlText()
  .refine((value) => value === "" || isMeetingUrl(value), MEETING_URL_MESSAGE)
  .nullable()
  .transform((value) => (value ? lowerScheme(value) : null));

/** An address on one line ("12 Elm St, Springfield, IL 62701"); blank or null clears it. */
export function optionalAddressSchema(label: string) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(ADDRESS_MAX, `${label} must be at most ${ADDRESS_MAX} characters`)
    .refine(isSafeText, unsafeTextMessage(label))
    .refine(isOneLine, lineBreakMessage(label))
    .nullable()
    .transform((value) => (value ? value : null));
}

/** PUT /api/teachers/me/students/:studentId/meeting-link. */
export const studentMeetingLinkSchema = z.object({ url: meetingUrlSchema }, { error: "Send the meeting link as a JSON object" });
export type StudentMeetingLinkInput = z.input<typeof studentMeetingLinkSchema>;

export interface StudentMeetingLinkDTO {
  studentId: string;
  /** The link used for this student's online lessons instead of the default; null when none. */
  meetingLink: string | null;
}

export const STUDENT_NOT_TAUGHT_MESSAGE = "Student not found";
/** Removing a link that accepted online lessons still rely on would leave them without one. */
export function linkInUseMessage(lessons: number): string {
  return `${lessons === 1 ? "An upcoming online lesson uses" : `${lessons} upcoming online lessons use`} this link. Enter another link instead of removing it, or cancel ${lessons === 1 ? "that lesson" : "those lessons"} first.`;
}
