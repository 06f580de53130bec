import { eq, sql, type SQL } from "drizzle-orm";
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
