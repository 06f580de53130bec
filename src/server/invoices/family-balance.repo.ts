import { sql } from "drizzle-orm";
import type { RecordedPaymentMethod } from "../../shared/invoices/invoices.constants";
import { activeAccount } from "../db/account-standing";
import { queryRows, type Executor } from "../db/client";

/** Who has a balance with whom (issue 40): the family's teachers with credit entries or packages. */

export async function teachersWithBalance(db: Executor, parentId: string) {
  return queryRows<{ teacherId: string; teacherName: string; timeZone: string; familyName: string }>(
    db,
    sql`select tp.id as "teacherId", tp.first_name || ' ' || tp.last_name as "teacherName", tp.time_zone as "timeZone",
               pp.first_name || ' ' || pp.last_name as "familyName"
          from teacher_profiles tp
          join parent_profiles pp on pp.id = ${parentId}
         where tp.id in (select teacher_id from family_credit_entries where parent_id = ${parentId}
                         union select teacher_id from lesson_packages where parent_id = ${parentId})
         order by tp.last_name, tp.first_name, tp.id`,
  );
}

/** The user ids of the teacher and the family (either gone: left out), for live events. */
export async function partyUserIds(db: Executor, teacherId: string, parentId: string): Promise<string[]> {
  const rows = await queryRows<{ userId: string }>(
    db,
    sql`select user_id as "userId" from teacher_profiles where id = ${teacherId}
        union all select user_id from parent_profiles where id = ${parentId}`,
  );
  return rows.map((row) => row.userId);
}

/**
 * Money received on a family's balance in [from, to] (by payment date): payments on account and
 * lesson packages paid. The teacher's payments CSV counts them as received, once; the credit they
 * later move onto an invoice is not money received again.
 */
export async function receivedOnBalances(db: Executor, teacherId: string, from: string, to: string) {
  const rows = await queryRows<{ paidOn: string; kind: "payment_on_account" | "package"; lessons: number | null; priceCents: number | null; familyName: string; method: RecordedPaymentMethod; amountCents: number; note: string }>(
    db,
    sql`select e.paid_on::text as "paidOn", 'payment_on_account' as kind, null::int as lessons, null::int as "priceCents",
               coalesce(pp.first_name || ' ' || pp.last_name, '') as "familyName", e.method, e.amount_cents as "amountCents", e.note
          from family_credit_entries e left join parent_profiles pp on pp.id = e.parent_id
         where e.teacher_id = ${teacherId} and e.kind = 'payment_on_account' and e.paid_on between ${from} and ${to}
        union all
        select p.paid_on::text, 'package', p.lessons, p.price_cents,
               coalesce(pp.first_name || ' ' || pp.last_name, ''), p.method, p.price_cents, p.note
          from lesson_packages p left join parent_profiles pp on pp.id = p.parent_id
         where p.teacher_id = ${teacherId} and p.paid_on between ${from} and ${to}`,
  );
  return rows.map((row) => ({ ...row, amountCents: Number(row.amountCents), lessons: row.lessons === null ? null : Number(row.lessons), priceCents: row.priceCents === null ? null : Number(row.priceCents) }));
}

/** Whom a balance receipt goes to: the family's name and email, while their account is active. */
export async function activeFamilyContact(db: Executor, parentId: string) {
  const [row] = await queryRows<{ familyName: string; email: string }>(
    db,
    sql`select pp.first_name || ' ' || pp.last_name as "familyName", u.email
          from parent_profiles pp join "user" u on u.id = pp.user_id
         where pp.id = ${parentId} and ${activeAccount(sql`pp.user_id`)}`,
  );
  return row ?? null;
}
