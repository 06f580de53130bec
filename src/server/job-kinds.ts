import { liveEventsSweep } from "./live/live-events.sweep";
import { unreadEmailJob } from "./messages/unread-email.job";
import { reminderJob, reminderSweep } from "./lessons/reminders.jobs";
import { expirePendingRequestsSweep } from "./booking/request-expiry.sweep";
import { invoiceOverdueSweep, invoiceReminderJob } from "./invoices/invoices.jobs";
import { weeklyDigestJob, weeklyEmailSweep, weeklySummaryJob } from "./digest/weekly-digest.jobs";
import type { JobKind, Sweep } from "./jobs/job.types";
import { mailRetentionSweep } from "./mail/mail-retention.sweep";
import { busyCalendarJob, busyCalendarSweep } from "./calendar/busy-calendars.jobs";
import { offerExpiryJob, timesFreedJob } from "./waitlist/waitlist.jobs";

/**
 * Every job kind and sweep of the app, in one list so main.ts (and a test that runs "the real
 * thing") starts one runner with all of them. Features add their entries here.
 */
export const JOB_KINDS: readonly JobKind[] = [unreadEmailJob, reminderJob, invoiceReminderJob, weeklyDigestJob, weeklySummaryJob, busyCalendarJob, timesFreedJob, offerExpiryJob];
export const JOB_SWEEPS: readonly Sweep[] = [liveEventsSweep, expirePendingRequestsSweep, reminderSweep, invoiceOverdueSweep, weeklyEmailSweep, mailRetentionSweep, busyCalendarSweep];
