import { sql, type AnyColumn, type SQL } from "drizzle-orm";

/**
 * Issue 45, who did what: the full name of the guardian whose parent profile id is in `column`
 * ("Anna Berg"), when their household has more than one guardian; null otherwise, when none is
 * recorded, or once that account is gone. A household of one has nobody to tell apart, so its
 * lists stay as they were. Scalar subqueries by primary key and by the household index, so any
 * list of requests, lessons or practice can show it without another join.
 */
export function guardianName(column: AnyColumn): SQL<string | null> {
  return sql<string | null>`(select nullif(trim(g.first_name || ' ' || g.last_name), '') from parent_profiles g
     where g.id = ${column} and (select count(*) from parent_profiles h where h.household_id = g.household_id) > 1)`;
}
