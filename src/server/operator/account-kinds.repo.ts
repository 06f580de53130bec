import { eq } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import { operators, parentProfiles, teacherProfiles, user } from "../db/schema";

/**
 * What an account is, as the desk reads it: a parent (its profile id), a teacher (its profile id),
 * an operator, or none of these. Select these columns from `user` and join with `joinAccountKinds`.
 */
export const accountKindColumns = {
  parentId: parentProfiles.id,
  teacherId: teacherProfiles.id,
  operator: operators.userId,
};

/** Joins a select `from(user)` (made `$dynamic()`) to the profiles and the operator row it may have. */
export function joinAccountKinds<Query extends PgSelect>(query: Query) {
  return query
    .leftJoin(parentProfiles, eq(parentProfiles.userId, user.id))
    .leftJoin(teacherProfiles, eq(teacherProfiles.userId, user.id))
    .leftJoin(operators, eq(operators.userId, user.id));
}
