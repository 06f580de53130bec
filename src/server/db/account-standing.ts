import { sql, type SQL } from "drizzle-orm";

/**
 * Who may still act (issue 39): the one place that decides whether an account may act, be shown,
 * be contacted, be emailed, or have its tokens honoured. Every path asks it: the session lookup
 * (auth: a suspended account has no session), the private calendar feed, weekly emails, unread
 * message emails, opening a conversation and sending in one, search, profiles and slots
 * (discoverable.ts).
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
