import { eq, or, sql, type SQL } from "drizzle-orm";
import { teacherInGoodStanding } from "./account-standing";
import { familyOfTeacher } from "./relationships";
import { teacherProfiles } from "./schema";

/**
 * Spec section 4 (discovery): only a teacher who switched discovery on may appear in search
 * results, listings and figures about "available teachers". Every query that lists teachers to
 * parents or visitors filters with one of these two forms of the same rule, so it is decided in
 * one place.
 */

/** Drizzle condition over `teacher_profiles`: `.where(and(discoverableTeacher(), …))`. */
export function discoverableTeacher(): SQL {
  return eq(teacherProfiles.isDiscoverable, true);
}

/**
 * The same rule for raw SQL that aliases teacher_profiles (e.g. `from teacher_profiles tp`).
 * Written as the bare boolean column, the very predicate of the partial search indexes
 * (migration 0003), so the planner can use them even in generic plans.
 */
export function discoverableTeacherAs(alias: string): SQL {
  return sql`${sql.identifier(alias)}.is_discoverable`;
}

/**
 * The switch hides a teacher from search and from strangers, not from the families already with
 * them: the dashboard promises that lessons and classes carry on. Such a family (a held lesson or
 * a class: familyOfTeacher in relationships.ts) keeps the profile, the open times and booking
 * (Book Another Lesson); a request still pending makes nobody a family. `teacherId` is the
 * teacher's id as SQL: a bound value, or a column of the outer query.
 *
 * Issue 27: the exception is for a teacher who only switched discovery off, not for one the desk
 * has not approved (a rejected teacher, or one sent back for changes) nor for a suspended account
 * (account-standing.ts). The listed branch needs no such test: the CHECK keeps an unapproved
 * teacher unlisted, and suspending a teacher switches discovery off.
 */
export function keptByFamily(teacherId: SQL, parentId: string): SQL {
  return sql`(${teacherInGoodStanding(teacherId)} and ${familyOfTeacher(teacherId, sql`${parentId}`)})`;
}

/** Drizzle condition over `teacher_profiles`: discoverable, or (for a family given) one they are with. */
export function visibleTeacher(parentId: string | null): SQL {
  return parentId ? or(discoverableTeacher(), keptByFamily(sql`${teacherProfiles.id}`, parentId))! : discoverableTeacher();
}
