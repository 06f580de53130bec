import { sql, type SQL } from "drizzle-orm";
import { heldLessonAs } from "./held-lessons";

/**
 * Who is whose (issue 38): the relations between a teacher and a family, each decided here once.
 * Every feature that asks (My Students, practice, invoicing, discovery, messages, meeting links)
 * uses these, so a lesson, a class or a credit counts the same everywhere. Ids are SQL: a bound
 * value (sql`${id}`) or a column of the outer query (sql`s.id`); each answer is a boolean or a
 * one-column subquery to use inside a statement. Aliases are prefixed `rel_` so that they never
 * shadow the caller's.
 */

/**
 * A teacher teaches a student who has a held lesson with them (accepted, or cancelled after it was
 * accepted: held-lessons.ts), is in one of their classes, or is owed a make-up credit by them.
 * A request still pending, declined or withdrawn teaches nobody.
 */
export function teachesStudent(teacherId: SQL, studentId: SQL): SQL {
  return sql`(exists (select 1 from bookings rel_b where rel_b.teacher_id = ${teacherId} and rel_b.student_id = ${studentId} and ${heldLessonAs("rel_b")})
    or exists (select 1 from classes rel_c where rel_c.teacher_id = ${teacherId} and rel_c.student_id = ${studentId})
    or exists (select 1 from make_up_credits rel_m where rel_m.teacher_id = ${teacherId} and rel_m.student_id = ${studentId}))`;
}

/** The same rule as a list: `select student_id` of every student the teacher teaches (no repeats). */
export function studentsTaughtBy(teacherId: SQL): SQL {
  return sql`(select rel_b.student_id from bookings rel_b where rel_b.teacher_id = ${teacherId} and rel_b.student_id is not null and ${heldLessonAs("rel_b")}
    union select rel_c.student_id from classes rel_c where rel_c.teacher_id = ${teacherId} and rel_c.student_id is not null
    union select rel_m.student_id from make_up_credits rel_m where rel_m.teacher_id = ${teacherId})`;
}

/**
 * The same rule for several teachers at once: `select teacher_id, student_id` of every pair (no
 * repeats). `teacherIds` is a SQL array (a bound text[]); each branch reads its table's teacher
 * index, so a batch of weekly summaries reads its teachers' rows only.
 */
export function studentsTaughtByAny(teacherIds: SQL): SQL {
  return sql`(select rel_b.teacher_id, rel_b.student_id from bookings rel_b where rel_b.teacher_id = any(${teacherIds}) and rel_b.student_id is not null and ${heldLessonAs("rel_b")}
    union select rel_c.teacher_id, rel_c.student_id from classes rel_c where rel_c.teacher_id = any(${teacherIds}) and rel_c.student_id is not null
    union select rel_m.teacher_id, rel_m.student_id from make_up_credits rel_m where rel_m.teacher_id = any(${teacherIds}))`;
}

/**
 * A teacher knows a student whose family has approached them: a request of any status (pending,
 * declined or withdrawn included), a class, or a credit. This is who a teacher may write to (no
 * cold outreach: spec section 9) and set a meeting link for before the first lesson is accepted.
 */
export function knowsStudent(teacherId: SQL, studentId: SQL): SQL {
  return sql`(exists (select 1 from bookings rel_b where rel_b.teacher_id = ${teacherId} and rel_b.student_id = ${studentId})
    or exists (select 1 from classes rel_c where rel_c.teacher_id = ${teacherId} and rel_c.student_id = ${studentId})
    or exists (select 1 from make_up_credits rel_m where rel_m.teacher_id = ${teacherId} and rel_m.student_id = ${studentId}))`;
}

/**
 * A family (parent profile) is a teacher's family when the teacher teaches it: a held lesson of
 * the family's, a class of theirs, or a credit owed to one of its students. These are the families
 * a teacher may invoice, and (in good standing: discoverable.ts) the ones that keep a hidden
 * teacher's profile and open times. Kept by the family's id, not its students': a lesson outlives
 * a student removed from the family.
 */
export function familyOfTeacher(teacherId: SQL, parentId: SQL): SQL {
  return sql`(exists (select 1 from bookings rel_b where rel_b.teacher_id = ${teacherId} and rel_b.parent_id = ${parentId} and ${heldLessonAs("rel_b")})
    or exists (select 1 from classes rel_c where rel_c.teacher_id = ${teacherId} and rel_c.parent_id = ${parentId})
    or exists (select 1 from make_up_credits rel_m join student_profiles rel_s on rel_s.id = rel_m.student_id
                where rel_m.teacher_id = ${teacherId} and rel_s.parent_id = ${parentId}))`;
}
