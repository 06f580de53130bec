import { storedToToggles } from "../../shared/accounts/notification-preferences";
import type { CommunicationChannel } from "../../shared/accounts/accounts.constants";
import { hasBothSides } from "../db/booking-parties";
import type { JobKind, Sweep } from "../jobs/job.types";
import { lessonReminderEmail } from "./lessons.emails";
import { findLessons } from "./lessons.repo";
import { parentPreferences, REMINDER_KIND, scheduleDueReminders } from "./reminders.repo";

/** Reminders go out this long before a lesson ("the day before"). */
export const REMINDER_LEAD_MS = 24 * 3_600_000;
/** The sweep schedules a little ahead of the lead, so a reminder's job exists before it is due. */
const SWEEP_HORIZON_MS = REMINDER_LEAD_MS + 60 * 60_000;

interface ReminderPayload {
  bookingId: string;
  startsAt: string;
  role: "parent" | "teacher";
}

/** Every pass: reminders for the accepted lessons of the next 25 hours (stored once per key). */
export const reminderSweep: Sweep = {
  name: "lesson-reminders",
  run: ({ deps, now }) => scheduleDueReminders(deps.db, now, SWEEP_HORIZON_MS, REMINDER_LEAD_MS),
};

/**
 * Sends one reminder. Safe to run again: a lesson no longer accepted, moved to another time, or
 * already begun gets nothing. A parent who turned email notifications off gets nothing; teachers
 * have no such setting. A failed send throws, so the runner retries it with backoff.
 */
export const reminderJob: JobKind = {
  kind: REMINDER_KIND,
  async handle(job, { deps, now }) {
    const payload = job.payload as unknown as ReminderPayload;
    const [row] = await findLessons(deps.db, [payload.bookingId]);
    if (!row || row.status !== "accepted" || row.startsAt.toISOString() !== payload.startsAt || row.startsAt <= now) return;
    // A side whose account is gone gets nothing (its lessons were cancelled with the account).
    if (!hasBothSides(row)) return;
    if (payload.role === "parent") {
      if (!row.parentId) return;
      const prefs = await parentPreferences(deps.db, row.parentId);
      if (!prefs || !storedToToggles({ preferredCommunication: prefs.preferredCommunication as CommunicationChannel, wantsNotifications: prefs.wantsNotifications }).email) return;
    }
    // The parent reads the time in the teacher's zone, named (the server knows no other zone of theirs).
    await deps.mailer.send(lessonReminderEmail(deps.env.PUBLIC_URL, row, payload.role, row.teacherTimeZone));
  },
};
