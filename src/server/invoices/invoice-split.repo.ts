import { and, asc, eq, sql } from "drizzle-orm";
import type { SplitKind } from "../../shared/invoices/invoice-split.rules";
import type { HouseholdSplitInput } from "../../shared/invoices/invoice-split.schemas";
import { activeAccount } from "../db/account-standing";
import { queryRows, type Executor } from "../db/client";
import { householdSplitEntries, householdSplits, parentProfiles, studentProfiles, user } from "../db/schema";

/** Issue 45: a household's split with a teacher, and the household's guardians and students it names. */

export interface SplitEntryRow {
  position: number;
  guardianId: string | null;
  guardianName: string | null;
  studentId: string | null;
  studentName: string | null;
  basisPoints: number | null;
}

export async function splitOf(db: Executor, teacherId: string, householdId: string): Promise<{ kind: SplitKind; entries: SplitEntryRow[] } | null> {
  const [split] = await db
    .select({ kind: householdSplits.kind })
    .from(householdSplits)
    .where(and(eq(householdSplits.teacherId, teacherId), eq(householdSplits.householdId, householdId)));
  if (!split) return null;
  const entries = await queryRows<SplitEntryRow>(
    db,
    sql`select e.position, e.guardian_id as "guardianId", g.first_name || ' ' || g.last_name as "guardianName",
               e.student_id as "studentId", s.first_name || ' ' || s.last_name as "studentName", e.basis_points as "basisPoints"
          from household_split_entries e
          left join parent_profiles g on g.id = e.guardian_id
          left join student_profiles s on s.id = e.student_id
         where e.teacher_id = ${teacherId} and e.household_id = ${householdId}
         order by e.position`,
  );
  return { kind: split.kind as SplitKind, entries: entries.map((entry) => ({ ...entry, position: Number(entry.position), basisPoints: entry.basisPoints === null ? null : Number(entry.basisPoints) })) };
}

/** Replaces the household's split (one transaction: the caller's). */
export async function replaceSplit(tx: Executor, teacherId: string, householdId: string, input: HouseholdSplitInput, now: Date): Promise<void> {
  await deleteSplit(tx, teacherId, householdId);
  await tx.insert(householdSplits).values({ teacherId, householdId, kind: input.kind, updatedAt: now });
  const entries =
    input.kind === "shares"
      ? input.shares.map((share, index) => ({ position: index + 1, guardianId: share.guardianId, studentId: null, basisPoints: share.basisPoints }))
      : input.students.map((entry, index) => ({ position: index + 1, guardianId: entry.guardianId, studentId: entry.studentId, basisPoints: null }));
  await tx.insert(householdSplitEntries).values(entries.map((entry) => ({ ...entry, teacherId, householdId })));
}

export async function deleteSplit(db: Executor, teacherId: string, householdId: string): Promise<void> {
  await db.delete(householdSplits).where(and(eq(householdSplits.teacherId, teacherId), eq(householdSplits.householdId, householdId)));
}

/** The household's guardians now, founder first; `active`: their account can be written to. */
export async function householdGuardians(db: Executor, householdId: string) {
  const rows = await db
    .select({
      guardianId: parentProfiles.id,
      firstName: parentProfiles.firstName,
      lastName: parentProfiles.lastName,
      email: user.email,
      active: sql<boolean>`${activeAccount(sql`${parentProfiles.userId}`)}`,
    })
    .from(parentProfiles)
    .innerJoin(user, eq(user.id, parentProfiles.userId))
    .where(eq(parentProfiles.householdId, householdId))
    .orderBy(sql`${parentProfiles.id} = ${householdId} desc`, sql`${parentProfiles.householdJoinedAt} asc nulls first`, asc(parentProfiles.createdAt));
  return rows.map((row) => ({ guardianId: row.guardianId, name: `${row.firstName} ${row.lastName}`, email: row.email, active: Boolean(row.active) }));
}

/** The household's students (all of them: a split may name any); `taught`: they have a lesson with the teacher. */
export async function householdStudents(db: Executor, teacherId: string, householdId: string) {
  const rows = await db
    .select({
      studentId: studentProfiles.id,
      firstName: studentProfiles.firstName,
      lastName: studentProfiles.lastName,
      taught: sql<boolean>`exists (select 1 from bookings b where b.student_id = ${studentProfiles.id} and b.teacher_id = ${teacherId})`,
    })
    .from(studentProfiles)
    .where(eq(studentProfiles.parentId, householdId))
    .orderBy(asc(studentProfiles.firstName), asc(studentProfiles.id));
  return rows.map((row) => ({ studentId: row.studentId, name: `${row.firstName} ${row.lastName}`, taught: Boolean(row.taught) }));
}

/**
 * Whom an invoice's emails go to (issue 45): a share invoice to its guardian only; a household's
 * invoice to every guardian of the household. Accounts suspended or deleted are left out.
 */
export async function invoiceRecipients(db: Executor, invoiceId: string): Promise<{ guardianId: string; name: string; email: string }[]> {
  return queryRows<{ guardianId: string; name: string; email: string }>(
    db,
    sql`select pp.id as "guardianId", pp.first_name || ' ' || pp.last_name as name, u.email
          from invoices i
          join parent_profiles pp on (case when i.share_note is null then pp.household_id = i.parent_id else pp.id = i.guardian_id end)
          join "user" u on u.id = pp.user_id
         where i.id = ${invoiceId} and ${activeAccount(sql`pp.user_id`)}
         order by (pp.id = i.parent_id) desc, pp.created_at, pp.id`,
  );
}

/** A guardian's current name and email (a share invoice is sent with them). */
export async function guardianContact(db: Executor, guardianId: string) {
  const [row] = await db
    .select({ firstName: parentProfiles.firstName, lastName: parentProfiles.lastName, email: user.email })
    .from(parentProfiles)
    .innerJoin(user, eq(user.id, parentProfiles.userId))
    .where(eq(parentProfiles.id, guardianId));
  return row ? { name: `${row.firstName} ${row.lastName}`, email: row.email } : null;
}

/**
 * The user ids of an invoice's teacher and readers on the family side (either gone: left out), for
 * live events: every guardian of the household, or a share invoice's guardian only (issue 45).
 */
export async function invoicePartyUserIds(db: Executor, invoiceId: string): Promise<string[]> {
  const rows = await queryRows<{ userId: string }>(
    db,
    sql`select tp.user_id as "userId" from invoices i join teacher_profiles tp on tp.id = i.teacher_id where i.id = ${invoiceId}
        union all
        select pp.user_id from invoices i
          join parent_profiles pp on (case when i.share_note is null then pp.household_id = i.parent_id else pp.id = i.guardian_id end)
         where i.id = ${invoiceId}`,
  );
  return rows.map((row) => row.userId);
}
