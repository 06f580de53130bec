import { DELETED_TEACHER_NAME } from "../../shared/accounts/accounts.constants";
import {
  creditExpiresAt,
  creditStatus,
  creditSummary,
  creditTransition,
  CREDIT_EVENT_KINDS,
  CREDIT_LIFETIME_DAYS,
  type CreditEventKind,
  type CreditReturnReason,
} from "../../shared/lessons/credits.rules";
import { NO_CREDIT_MESSAGE, type CreditEventDTO, type CreditLedgerDTO } from "../../shared/lessons/lessons.schemas";
import { AppError } from "../../shared/errors";
import type { Executor } from "../db/client";
import type { Deps } from "../deps";
import * as repo from "./credits.repo";

/** Groups credit rows (ordered by student, teacher, issue) into one ledger per student and teacher, each credit with its history. */
async function ledgers(db: Executor, rows: repo.CreditRow[], now: Date): Promise<CreditLedgerDTO[]> {
  const history = new Map<string, CreditEventDTO[]>();
  // Steps of one transaction share its instant (a request cancelled as its teacher leaves: given
  // back, then voided): within an instant they read in the state machine's order.
  const events = (await repo.eventsOfCredits(db, rows.map((row) => row.id))).sort(
    (a, b) => a.at.getTime() - b.at.getTime() || CREDIT_EVENT_KINDS.indexOf(a.kind as CreditEventKind) - CREDIT_EVENT_KINDS.indexOf(b.kind as CreditEventKind),
  );
  for (const event of events) {
    history.set(event.creditId, [
      ...(history.get(event.creditId) ?? []),
      {
        kind: event.kind as CreditEventKind,
        reason: event.reason as CreditReturnReason | null,
        at: event.at.toISOString(),
        lessonStartsAt: event.bookingStartsAt?.toISOString() ?? null,
      },
    ]);
  }
  const byPair = new Map<string, repo.CreditRow[]>();
  for (const row of rows) {
    const key = `${row.studentId}:${row.teacherId}`;
    byPair.set(key, [...(byPair.get(key) ?? []), row]);
  }
  return [...byPair.values()].map((list) => {
    const first = list[0]!;
    const teacher =
      first.teacherId !== null && first.teacherFirstName !== null && first.teacherLastName !== null
        ? { id: first.teacherId, firstName: first.teacherFirstName, lastName: first.teacherLastName, canTeach: first.teacherCanTeach }
        : { id: null, firstName: DELETED_TEACHER_NAME, lastName: "", canTeach: false };
    return {
      student: { id: first.studentId, firstName: first.studentFirstName, lastName: first.studentLastName },
      teacher,
      summary: creditSummary(list, now),
      credits: list.map((c) => ({
        id: c.id,
        issuedAt: c.issuedAt.toISOString(),
        expiresAt: creditExpiresAt(c.issuedAt).toISOString(),
        status: creditStatus(c, now),
        usedAt: c.usedAt?.toISOString() ?? null,
        voidedAt: c.voidedAt?.toISOString() ?? null,
        issuedForStartsAt: c.issuedForStartsAt.toISOString(),
        history: history.get(c.id) ?? [],
      })),
    };
  });
}

export async function parentCredits(deps: Pick<Deps, "db">, parentId: string, now = new Date()): Promise<CreditLedgerDTO[]> {
  return ledgers(deps.db, await repo.creditsOfParent(deps.db, parentId), now);
}

export async function teacherCredits(deps: Pick<Deps, "db">, teacherId: string, now = new Date()): Promise<CreditLedgerDTO[]> {
  return ledgers(deps.db, await repo.creditsOfTeacher(deps.db, teacherId), now);
}

/**
 * Inside a cancellation's transaction: a new credit for each lesson, with its "issued" step (a
 * lesson that already has its credit gets no second one).
 */
export async function issueCredits(tx: Executor, credits: { teacherId: string; studentId: string; bookingId: string }[], now: Date): Promise<number> {
  const issued = await repo.insertCredits(tx, credits, now);
  await repo.insertEvents(tx, issued.map((c) => ({ creditId: c.id, kind: "issued", bookingId: c.bookingId, reason: null, at: now })));
  return issued.length;
}

/**
 * Inside a booking's transaction: marks the student's oldest usable credit with this teacher as
 * used by the new booking, or refuses (409, and the whole booking rolls back) when none is left.
 */
export async function spendMakeUpCredit(tx: Executor, input: { teacherId: string; studentId: string; bookingId: string }, now = new Date()) {
  const issuedAfter = new Date(now.getTime() - CREDIT_LIFETIME_DAYS * 86_400_000);
  const used = await repo.claimCredit(tx, { ...input, now, issuedAfter });
  if (!used) throw new AppError("conflict", NO_CREDIT_MESSAGE, { reason: "no_credit" });
  await repo.insertEvents(tx, [{ creditId: used, kind: "spent", bookingId: input.bookingId, reason: null, at: now }]);
  return used;
}

/**
 * Inside the transaction that ends these bookings (declined, withdrawn, expired, or cancelled by
 * the teacher): each credit paying for one of them comes back to the family, once. The credit
 * rows are locked and the update only takes a credit still paying for that booking, so two
 * transactions ending the same booking give it back once. Returns the ids of the bookings whose
 * credit came back.
 */
export async function returnSpentCredits(tx: Executor, bookingIds: readonly string[], reason: CreditReturnReason, now: Date): Promise<string[]> {
  const returned: string[] = [];
  for (const credit of await repo.lockCreditsSpentOn(tx, bookingIds)) {
    const step = creditTransition(credit.voidedAt ? "voided" : "spent", { kind: "return", reason });
    if (!step.ok || !credit.bookingId) continue;
    if (!(await repo.markReturned(tx, credit.id, credit.bookingId))) continue;
    await repo.insertEvents(tx, [{ creditId: credit.id, kind: step.event.kind, bookingId: credit.bookingId, reason: step.event.reason, at: now }]);
    returned.push(credit.bookingId);
  }
  return returned;
}

/**
 * Account deletion of a teacher, in its transaction and after their live requests and lessons
 * were cancelled (their credits given back): every credit the families still hold with the
 * teacher can never be used, so it is voided, with its "voided" step. Credits that paid for a
 * lesson stay used.
 */
export async function voidCreditsOfTeacher(tx: Executor, teacherId: string, now: Date): Promise<number> {
  // Issued or given back: the state machine voids both (a spent one is not among them).
  const voided = (await repo.lockUnspentCreditsOfTeacher(tx, teacherId)).map((credit) => credit.id);
  await repo.markVoided(tx, voided, now);
  await repo.insertEvents(tx, voided.map((creditId) => ({ creditId, kind: "voided", bookingId: null, reason: "teacher_left", at: now })));
  return voided.length;
}
