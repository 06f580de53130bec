import type { JobKind, Sweep } from "../jobs";
import { sidesActive } from "../db/account-standing";
import { lessonMailContexts } from "../db/lesson-mail-contexts";
import { guardianDedupeKey } from "../db/household-guardians";
import { toEachGuardian } from "../booking";
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
 * the mailer reads their settings (each guardian's own). The email goes to the outbox, which retries a failed send with backoff.
 */
export const reminderJob: JobKind = {
  kind: REMINDER_KIND,
  async handle(job, { deps, now }) {
    const payload = job.payload as unknown as ReminderPayload;
    const [lesson] = await lessonMailContexts(deps.db, [payload.bookingId]);
    if (!lesson || lesson.status !== "accepted" || lesson.startsAt.toISOString() !== payload.startsAt || lesson.startsAt <= now) return;
    // Each reader's own clock, and the wording counts from now: a late or short-notice reminder
    // says "in 7 minutes", never "tomorrow". Stored under the job's key: a run again after a crash
    // stores it once; the outbox retries the sending.
    if (payload.role === "parent") {
      // Each guardian of the family whose account is active (issue 45; the guardians list holds
      // only those), on their own clock, under a key of their own (guardianDedupeKey).
      const mails = toEachGuardian([lesson], ([view]) => lessonReminderEmail(deps.env.PUBLIC_URL, view!, "parent", now)).map(({ guardian, message }) => ({
        message,
        dedupeKey: guardianDedupeKey(job.key, guardian),
      }));
      if (mails.length === 0) return;
      const stored = await deps.db.transaction((tx) => deps.mailer.enqueueMany(tx, mails));
      if (stored > 0) deps.mailer.kick();
      return;
    }
    // A suspended or deleted teacher is emailed nothing (account-standing.ts).
    if (!(await sidesActive(deps.db, { bookingId: lesson.id })).teacher) return;
    const mail = lessonReminderEmail(deps.env.PUBLIC_URL, lesson, "teacher", now);
    if (mail) await deps.mailer.sendSoon(mail, { dedupeKey: job.key });
  },
};
