import { z } from "zod";
import { VIDEO_FILE_NAMES } from "./teachers/intro-video.constants";

/**
 * Path parameters of every API route, declared once. Ids are UUIDs; a malformed one names no
 * resource, so the server answers 404 with the resource's own message (validateParams).
 */
const id = z.guid();

export const teacherIdParams = z.object({ teacherId: id });
export const bookingIdParams = z.object({ bookingId: id });
export const reviewIdParams = z.object({ reviewId: id });
export const studentIdParams = z.object({ studentId: id });
export const repertoireEntryParams = z.object({ studentId: id, entryId: id });
export const availabilityIdParams = z.object({ availabilityId: id });
export const timeOffIdParams = z.object({ timeOffId: id });
export const calendarIdParams = z.object({ calendarId: id });
export const introVideoFileParams = teacherIdParams.extend({ file: z.enum(VIDEO_FILE_NAMES) });
export const conversationIdParams = z.object({ conversationId: id });
export const waitlistEntryIdParams = z.object({ entryId: id });
export const waitlistOfferIdParams = z.object({ offerId: id });
