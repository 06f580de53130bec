import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Executor } from "./client";

/**
 * Who may still act (issue 39): the one place that decides whether an account may act, be shown,
 * be contacted, be emailed, or have its tokens honoured. Every path asks it: the session lookup
 * (auth: a suspended account has no session, and its live streams end with `signed_out`), the
 * private calendar feed, weekly emails, lesson and invoice reminders (sidesActive), unread-message
 * emails, opening a conversation and sending in one, search, profiles, slots and profile reports
 * (discoverable.ts). A message received stays reportable whoever sent it: it is evidence.
 *
 * | account                          | acts, tokens | emailed (weekly, unread) | contacted, shown, booked |
 * |----------------------------------|--------------|--------------------------|--------------------------|
 * | active parent                    | yes          | yes                      | yes                      |
 * | active teacher, approved         | yes          | yes                      | yes                      |
 * | teacher pending / changes / rejected | own account only | no weekly summary  | no                       |
 * | suspended (either)               | no           | no                       | no                       |
 * | deleted (either)                 | no           | no                       | no                       |
 *
 * A family whose teacher is suspended later keeps read-only access to their history (lessons,
 * invoices, conversations); nothing new reaches the suspended side. Ids are SQL: a bound value or
 * a column of the outer query; aliases are prefixed `st_` so they never shadow the caller's.
 */

/** The account (a user id) exists, is not deleted and is not suspended. */
export function activeAccount(userId: SQL): SQL {
  return sql`exists (select 1 from "user" st_u where st_u.id = ${userId} and not st_u.deleted
    and not exists (select 1 from account_suspensions st_s where st_s.user_id = st_u.id))`;
}

/** A teacher (profile id) the desk approved, whose account is active: shown, contacted, booked, emailed. */
export function teacherInGoodStanding(teacherId: SQL): SQL {
  return sql`exists (select 1 from teacher_profiles st_t where st_t.id = ${teacherId} and st_t.review_status = 'approved'
    and ${activeAccount(sql`st_t.user_id`)})`;
}

/** The same, by the teacher's user id (a conversation's teacher side). */
export function teacherUserInGoodStanding(userId: SQL): SQL {
  return sql`exists (select 1 from teacher_profiles st_t where st_t.user_id = ${userId} and st_t.review_status = 'approved'
    and ${activeAccount(sql`st_t.user_id`)})`;
}

/**
 * For a background job writing about one lesson or invoice: whether each side's account is still
 * active (a suspended or deleted side is emailed nothing; a side that is gone reads false).
 */
export async function sidesActive(db: Executor, of: { bookingId: string } | { invoiceId: string }): Promise<{ parent: boolean; teacher: boolean }> {
  const [table, id] = "bookingId" in of ? [sql`bookings`, of.bookingId] : [sql`invoices`, of.invoiceId];
  const [row] = await queryRows<{ parent: boolean; teacher: boolean }>(db, sql`
    select coalesce(${activeAccount(sql`pp.user_id`)}, false) as parent, coalesce(${activeAccount(sql`tp.user_id`)}, false) as teacher
      from ${table} x
      left join parent_profiles pp on pp.id = x.parent_id
      left join teacher_profiles tp on tp.id = x.teacher_id
     where x.id = ${id}`);
  return { parent: row?.parent === true, teacher: row?.teacher === true };
}

/**
 * Issue 45: a household (the founder's parent_profiles.id) may be contacted and shown while one
 * of its guardians' accounts is active: the teacher writes to the family, not to one login.
 */
export function householdActive(householdId: SQL): SQL {
  return sql`exists (select 1 from parent_profiles st_g where st_g.household_id = ${householdId} and ${activeAccount(sql`st_g.user_id`)})`;
}
