import { emailOnFor, mayEmail, type WeeklyPreviewResult } from "../../shared/accounts/email-preferences";
import { weekStartOf } from "../../shared/practice/practice-week.rules";
import { AppError } from "../../shared/errors";
import { resolveRole } from "../auth";
import type { Deps } from "../deps";
import type { SessionUser } from "../http/app-env";
import { todayIn } from "../practice";
import { parentRecipient, teacherRecipient } from "./weekly-digest.repo";
import { weeklyEmail } from "./weekly-digest.service";
import { storedEmailPreferences } from "../mail";
import { hitWindow } from "../http/rate-limit-windows.repo";

export const ALREADY_SENT_MESSAGE = "This week's email was already sent to you. The next one comes on Sunday evening.";
/** "Email me this week's now" builds a whole digest: at most this many asks per account per window (issue 42). */
export const PREVIEW_LIMIT = 3;
const PREVIEW_WINDOW_MS = 10 * 60_000;

export const NOTHING_TO_SAY_MESSAGE = {
  parent: "There is nothing for this week's digest yet: no lessons this week or next, no practice logged, no homework reviewed or open, no new grades or unread messages.",
  teacher: "There is nothing for this week's summary yet: none of your students logged practice or has homework of yours open.",
} as const;

/**
 * "Email me this week's now" from the email settings (issue 29): the week so far, built and sent
 * exactly as Sunday's (same figures, same words, same settings), so a parent or teacher sees what
 * they signed up for. At most one a week (its own dedupe key); Sunday's email still comes. Not
 * sending (nothing to say yet, already sent) is an answer, not an error; a turned-off weekly
 * email is refused (409) with what to switch on.
 */
export async function sendWeeklyPreview(deps: Pick<Deps, "db" | "mailer" | "env">, user: SessionUser, now = new Date()): Promise<WeeklyPreviewResult> {
  const { role } = await resolveRole(deps, user.id);
  if (!role) throw new AppError("forbidden", "Weekly emails are for parent and teacher accounts.");
  const { hits, resetAt } = await hitWindow(deps.db, `weekly-preview:${user.id}`, PREVIEW_WINDOW_MS);
  if (hits > PREVIEW_LIMIT) {
    const minutes = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 60_000));
    throw new AppError("rate_limited", `You asked for this week's email several times in a few minutes. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and ask again.`, {
      retryAfterSeconds: minutes * 60,
    });
  }
  // The mailer's own rule, for this account's side: a refusal says what to switch on, where the
  // mailer would only drop the email.
  const { preferences, emailOn } = await storedEmailPreferences(deps.db, user.id);
  const kind = role === "parent" ? "weekly-digest" : "weekly-summary";
  if (!mayEmail(kind, preferences, emailOnFor(role, emailOn))) {
    throw new AppError(
      "conflict",
      role === "parent" ? "Turn on Email notifications and Weekly digest first." : "Turn on Weekly summary first.",
      { reason: "weekly_email_off" },
    );
  }
  const zone = (role === "parent" ? await parentRecipient(deps.db, user.id) : await teacherRecipient(deps.db, user.id))?.timeZone ?? "UTC";
  const weekStart = weekStartOf(todayIn(zone, now));
  const message = await weeklyEmail(deps, role, user.id, weekStart, now);
  if (!message) return { sent: false, reason: "nothing_to_say", message: NOTHING_TO_SAY_MESSAGE[role] };
  const stored = await deps.mailer.sendSoon(message, { dedupeKey: `${kind}-preview:${user.id}:${weekStart}` });
  if (!stored) return { sent: false, reason: "already_sent", message: ALREADY_SENT_MESSAGE };
  return { sent: true, to: message.to };
}
