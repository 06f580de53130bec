/**
 * How a family is told that a teacher can no longer teach here (issue 41): the desk suspended the
 * teacher, or the teacher closed their account. Never worded as the teacher's own cancellation: the
 * family's lessons were cancelled because the teacher cannot teach, not by the teacher's choice.
 */

/** "Ana can no longer teach on Music Lessons" (the lesson lists; "The teacher" once the name is gone). */
export function cannotTeachText(firstName: string | null): string {
  return `${firstName?.trim() || "The teacher"} can no longer teach on Music Lessons`;
}

/** "Lessons with Ana Diaz are cancelled: Ana can no longer teach on Music Lessons." (the family's email). */
export function teacherCannotTeachText(name: string, firstName: string): string {
  return `Lessons with ${name} are cancelled: ${cannotTeachText(firstName)}.`;
}
