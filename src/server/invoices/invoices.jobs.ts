import { instantFromLocal, localDateTime } from "../../shared/calendar/calendar-views.rules";
import { addDays, reminderDates } from "../../shared/invoices/invoice-state.rules";
import { sidesActive } from "../db/account-standing";
import type { JobKind, Sweep } from "../jobs";
import { scheduleJob } from "../jobs";
import { invoiceEmail } from "./invoices.emails";
import { renderInvoicePdf } from "./invoice-pdf";
import * as overdueRepo from "./invoice-overdue.repo";
import { invoiceForMail, invoiceMails } from "./invoices.service";

export const INVOICE_REMINDER_KIND = "invoice-reminder";
/** Reminders go out at this hour of the teacher's day. */
const REMINDER_TIME = "09:00";

export const invoiceReminderKey = (invoiceId: string, n: number) => `invoice-reminder:${invoiceId}:${n}`;

/**
 * Every pass: sent, unpaid invoices whose due date is past in the teacher's zone become overdue,
 * and their reminders are scheduled in the same transaction: the day after the due date, then
 * weekly, three in all (reminderDates), at 09:00 in the teacher's zone. The UPDATE only one
 * runner can win and the jobs' unique keys make two runners schedule each reminder once.
 */
export const invoiceOverdueSweep: Sweep = {
  name: "invoice-overdue",
  async run({ deps, now }) {
    // No zone is more than a day ahead of UTC: every invoice past due anywhere is in this superset.
    const latestDueDate = addDays(now.toISOString().slice(0, 10), 1);
    for (const candidate of await overdueRepo.overdueCandidates(deps.db, latestDueDate)) {
      const today = localDateTime(now, candidate.teacherTimeZone).date;
      if (!(today > candidate.dueDate)) continue;
      await deps.db.transaction(async (tx) => {
        if (!(await overdueRepo.markOverdue(tx, candidate.id, now))) return;
        const dates = reminderDates(candidate.dueDate);
        // A sweep that runs late (the app was down) sends the reminders still ahead, or the last one now.
        let due = dates.map((date, index) => ({ date, n: index + 1 })).filter(({ date }) => date >= today);
        if (due.length === 0) due = [{ date: today, n: dates.length }];
        for (const { date, n } of due) {
          const runAt = new Date(Math.max(now.getTime(), instantFromLocal(date, REMINDER_TIME, candidate.teacherTimeZone).getTime()));
          await scheduleJob(tx, { kind: INVOICE_REMINDER_KIND, key: invoiceReminderKey(candidate.id, n), runAt, payload: { invoiceId: candidate.id, n } });
        }
      });
    }
  },
};

/** Sends one reminder, only while the invoice is sent and not fully paid (a payment or a void since stops it). */
export const invoiceReminderJob: JobKind = {
  kind: INVOICE_REMINDER_KIND,
  async handle(job, { deps }) {
    const invoiceId = String(job.payload.invoiceId);
    const invoice = await invoiceForMail(deps.db, invoiceId);
    if (!invoice || invoice.status !== "sent" || invoice.balanceCents === 0 || !invoice.parentId) return;
    // Nobody is reminded while either side is suspended or deleted: the family is not asked to pay a
    // teacher who cannot record the payment, nor is a suspended family written to (account-standing.ts).
    const sides = await sidesActive(deps.db, { invoiceId });
    if (!sides.parent || !sides.teacher) return;
    // Stored under the job's key: a run again after a crash stores it once; the outbox retries the sending.
    // Issue 45: each guardian of the household (or a share's guardian) gets their copy, each under its own key.
    const mails = await invoiceMails(deps.db, invoiceId, async (copy) => invoiceEmail(deps.env.PUBLIC_URL, copy, "reminder", await renderInvoicePdf(copy)));
    for (const [index, mail] of mails.entries()) await deps.mailer.sendSoon(mail, { dedupeKey: index === 0 ? job.key : `${job.key}:${mail.to}` });
  },
};
