import { creditExpiresAt, creditStatus, creditSummary, CREDIT_LIFETIME_DAYS } from "../../shared/lessons/credits.rules";
import { NO_CREDIT_MESSAGE, type CreditLedgerDTO } from "../../shared/lessons/lessons.schemas";
import { AppError } from "../../shared/errors";
import type { Executor } from "../db/client";
import type { Deps } from "../http/app-env";
import * as repo from "./lessons.repo";

/** Groups credit rows (ordered by student, teacher, issue) into one ledger per student and teacher. */
function ledgers(rows: repo.CreditRow[], now: Date): CreditLedgerDTO[] {
  const byPair = new Map<string, repo.CreditRow[]>();
  for (const row of rows) {
    const key = `${row.studentId}:${row.teacherId}`;
    byPair.set(key, [...(byPair.get(key) ?? []), row]);
  }
  return [...byPair.values()].map((list) => {
    const first = list[0]!;
    return {
      student: { id: first.studentId, firstName: first.studentFirstName, lastName: first.studentLastName },
      teacher: { id: first.teacherId, firstName: first.teacherFirstName, lastName: first.teacherLastName },
      summary: creditSummary(list, now),
      credits: list.map((c) => ({
        id: c.id,
        issuedAt: c.issuedAt.toISOString(),
        expiresAt: creditExpiresAt(c.issuedAt).toISOString(),
        status: creditStatus(c, now),
        usedAt: c.usedAt?.toISOString() ?? null,
        issuedForStartsAt: c.issuedForStartsAt.toISOString(),
      })),
    };
  });
}

export async function parentCredits(deps: Pick<Deps, "db">, parentId: string, now = new Date()): Promise<CreditLedgerDTO[]> {
  return ledgers(await repo.creditsOfParent(deps.db, parentId), now);
}

export async function teacherCredits(deps: Pick<Deps, "db">, teacherId: string, now = new Date()): Promise<CreditLedgerDTO[]> {
  return ledgers(await repo.creditsOfTeacher(deps.db, teacherId), now);
}

/**
 * Inside a booking's transaction: marks the student's oldest usable credit with this teacher as
 * used by the new booking, or refuses (409, and the whole booking rolls back) when none is left.
 */
export async function spendMakeUpCredit(tx: Executor, input: { teacherId: string; studentId: string; bookingId: string }, now = new Date()) {
  const issuedAfter = new Date(now.getTime() - CREDIT_LIFETIME_DAYS * 86_400_000);
  const used = await repo.claimCredit(tx, { ...input, now, issuedAfter });
  if (!used) throw new AppError("conflict", NO_CREDIT_MESSAGE, { reason: "no_credit" });
  return used;
}
