import {
  accountSuspendedMessage,
  ACCOUNT_NOT_FOUND_MESSAGE,
  ALREADY_SUSPENDED_MESSAGE,
  NOT_SUSPENDED_MESSAGE,
  OPERATOR_NOT_SUSPENDABLE_MESSAGE,
  OWN_ACCOUNT_MESSAGE,
} from "../../shared/operator/accounts.schemas";
import { AppError } from "../../shared/errors";
import type { Executor } from "../db/client";
import { transactionWithRetry } from "../db/retry-transaction";
import { pgErrorCode } from "../http/errors";
import type { Deps } from "../deps";
import type { OperatorUser } from "../http/app-env";
import { lockTeacherSchedule } from "../booking";
import {
  closeLessonsOfSuspendedTeacher,
  enqueueFamiliesMailOfSuspendedTeacher,
  tellFamiliesOfSuspendedTeacher,
  type SuspendedTeacherOutcome } from "../lessons";
import { announceLiveEvents, storeLiveEvents, type StoredLiveEvent } from "../live";
import { recordOperatorAction } from "./audit.repo";
import { accountSuspendedEmail } from "./suspension.emails";
import * as repo from "./suspension.repo";

type SuspensionDeps = Pick<Deps, "db" | "driver" | "mailer" | "logger" | "env">;

export interface SuspensionResult {
  /**
   * What happens once the change committed: open streams of the account close, families are told.
   * suspendAccount runs it itself, except when it ran in the caller's transaction (`options.tx`):
   * then the caller runs it after its own commit.
   */
  afterCommit: () => Promise<void>;
}

/** A change of the account that is waiting on a lock too long: the operator tries again (never a 500). */
function busy(error: unknown): unknown {
  const code = pgErrorCode(error);
  if (code === "55P03" || code === "57014" || code === "40P01" || code === "40001") {
    return new AppError("conflict", "This account is being changed right now. Please try again in a moment.", { reason: "busy" });
  }
  return error;
}

async function accountToAct(tx: Executor, operator: OperatorUser, userId: string): Promise<repo.AccountRow> {
  const account = await repo.findAccount(tx, userId);
  if (!account) throw new AppError("not_found", ACCOUNT_NOT_FOUND_MESSAGE);
  if (account.userId === operator.userId) throw new AppError("conflict", OWN_ACCOUNT_MESSAGE, { reason: "own_account" });
  if (account.isOperator) throw new AppError("conflict", OPERATOR_NOT_SUSPENDABLE_MESSAGE, { reason: "operator_account" });
  return account;
}

/**
 * Suspend (issue 27), in one transaction: the guarded insert of the suspension (a second Suspend,
 * even at the same instant, finds the row and gets 409, so the audit trail records one action),
 * for a teacher the listing taken down (remembered for Reinstate) and their requests and lessons
 * ahead cancelled (the families told that the teacher can no longer teach, issue 41), the audit
 * entry, the account's own email (the reason and the support address), every session of the
 * account deleted, and a `signed_out` live event stored with the same explanation for an open
 * page. After the commit the event reaches every process (LISTEN/NOTIFY; in-process on PGlite),
 * whose stream of that account writes it and closes; the families are told.
 */
export async function suspendAccount(
  deps: SuspensionDeps,
  operator: OperatorUser,
  input: { userId: string; reason: string; reportId?: string },
  options: { tx?: Executor } = {},
): Promise<SuspensionResult> {
  const now = new Date();
  const work = async (tx: Executor) => {
    const account = await accountToAct(tx, operator, input.userId);
    await repo.lockUser(tx, account.userId);
    let teacherWasListed = false;
    if (account.teacherId) {
      // The schedule first, then the row: the order accepting a request takes them in.
      await lockTeacherSchedule(tx, account.teacherId);
      teacherWasListed = await repo.lockTeacherListing(tx, account.teacherId);
    }
    const inserted = await repo.insertSuspension(tx, { userId: account.userId, reason: input.reason, operatorUserId: operator.userId, teacherWasListed });
    if (!inserted) throw new AppError("conflict", ALREADY_SUSPENDED_MESSAGE, { reason: "already_suspended" });
    let lessons: SuspendedTeacherOutcome | null = null;
    if (account.teacherId) {
      await repo.unlistTeacher(tx, account.teacherId);
      lessons = await closeLessonsOfSuspendedTeacher(tx, { teacherId: account.teacherId, userId: account.userId }, now);
      await enqueueFamiliesMailOfSuspendedTeacher(deps, tx, lessons);
    }
    await recordOperatorAction(tx, operator, {
      action: "suspend",
      targetKind: "account",
      targetId: account.userId,
      subjectUserId: account.userId,
      reason: input.reason,
      reportId: input.reportId ?? null,
    });
    await deps.mailer.enqueue(
      tx,
      accountSuspendedEmail({
        to: account.email,
        name: account.name,
        reason: input.reason,
        supportEmail: deps.env.SUPPORT_EMAIL,
        cancelledLessons: lessons ? lessons.notices.reduce((sum, notice) => sum + notice.lessons.length, 0) : null,
      }),
    );
    await repo.deleteSessionsOf(tx, account.userId);
    // Stored with the change: on PostgreSQL its NOTIFY goes out at the commit, to every process.
    const message = accountSuspendedMessage(deps.env.SUPPORT_EMAIL, input.reason);
    const events = await storeLiveEvents(deps, tx, [{ userId: account.userId, type: "signed_out", payload: { reason: "account_suspended", message } }]);
    return { lessons, events };
  };

  const afterCommitOf = ({ lessons, events }: { lessons: SuspendedTeacherOutcome | null; events: StoredLiveEvent[] }) => async () => {
    announceLiveEvents(deps, events);
    if (lessons) await tellFamiliesOfSuspendedTeacher(deps, lessons);
    deps.mailer.kick();
  };

  if (options.tx) return { afterCommit: afterCommitOf(await work(options.tx)) };
  const done = await transactionWithRetry(deps.db, work).catch((error: unknown) => {
    throw busy(error);
  });
  const afterCommit = afterCommitOf(done);
  await afterCommit();
  return { afterCommit: () => Promise.resolve() };
}

/**
 * Reinstate (issue 27): the guarded delete of the suspension (409 when it is not suspended, so a
 * double Reinstate records once), for a teacher the listing restored if it was on and the
 * application is still approved, and the audit entry. Sign-in works again at once. Cancelled
 * lessons stay cancelled: families have been told and may have booked elsewhere.
 */
export async function reinstateAccount(deps: SuspensionDeps, operator: OperatorUser, input: { userId: string; reason: string }): Promise<void> {
  await transactionWithRetry(deps.db, async (tx) => {
    const account = await repo.findAccount(tx, input.userId);
    if (!account) throw new AppError("not_found", ACCOUNT_NOT_FOUND_MESSAGE);
    const removed = await repo.deleteSuspension(tx, account.userId);
    if (!removed) throw new AppError("conflict", NOT_SUSPENDED_MESSAGE, { reason: "not_suspended" });
    if (account.teacherId && removed.teacherWasListed) await repo.relistTeacher(tx, account.teacherId, new Date());
    await recordOperatorAction(tx, operator, {
      action: "reinstate",
      targetKind: "account",
      targetId: account.userId,
      subjectUserId: account.userId,
      reason: input.reason,
    });
  }).catch((error: unknown) => {
    throw busy(error);
  });
}
