import type { JobKind, Sweep } from "../jobs";
import { sidesActive } from "../db/account-standing";
import { lessonMailContexts } from "../db/lesson-mail-contexts";
import { lessonReminderEmail } from "./lessons.emails";
import { REMINDER_KIND, scheduleDueReminders } from "./reminders.repo";

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
 * already begun gets nothing. Whoever turned reminders (or, a parent, all email) off gets nothing:
 * the mailer reads their settings. The email goes to the outbox, which retries a failed send with backoff.
 */
export const reminderJob: JobKind = {
  kind: REMINDER_KIND,
  async handle(job, { deps, now }) {
    const payload = job.payload as unknown as ReminderPayload;
    const [lesson] = await lessonMailContexts(deps.db, [payload.bookingId]);
    if (!lesson || lesson.status !== "accepted" || lesson.startsAt.toISOString() !== payload.startsAt || lesson.startsAt <= now) return;
    if (payload.role === "parent" && !lesson.parent) return;
    // A suspended or deleted side is emailed nothing (account-standing.ts).
    if (!(await sidesActive(deps.db, { bookingId: lesson.id }))[payload.role]) return;
    // Each side reads its own clock, and the wording counts from now: a late or short-notice
    // reminder says "in 7 minutes", never "tomorrow".
    const mail = lessonReminderEmail(deps.env.PUBLIC_URL, lesson, payload.role, now);
    // Stored under the job's key: a run again after a crash stores it once; the outbox retries the sending.
    if (mail) await deps.mailer.sendSoon(mail, { dedupeKey: job.key });
  },
};
