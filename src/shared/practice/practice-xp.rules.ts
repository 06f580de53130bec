import { addXp, type XpState } from "../classes/progress.rules";
import { PRACTICE_XP_CAP_WITHOUT_GOAL, PRACTICE_XP_PER_MINUTE } from "./practice.constants";

/**
 * Practice XP of one student on one day: 1 per minute, capped at the day's goal minutes (60
 * without a goal). It is a function of the day's total, not a sum of per-entry awards, so an
 * edit or a delete changes it by recomputing the day, and two entries logged at once cannot
 * both claim the same headroom.
 */
export function practiceXpForDay(totalMinutes: number, goalMinutesPerDay: number | null): number {
  const cap = goalMinutesPerDay ?? PRACTICE_XP_CAP_WITHOUT_GOAL;
  return Math.max(0, Math.min(Math.floor(totalMinutes) * PRACTICE_XP_PER_MINUTE, cap));
}

/** The practice XP of many days: the sum of each day's capped XP. */
export function practiceXpTotal(days: readonly { totalMinutes: number; goalMinutesPerDay: number | null }[]): number {
  return days.reduce((sum, day) => sum + practiceXpForDay(day.totalMinutes, day.goalMinutesPerDay), 0);
}

/**
 * The class's level and xp with practice XP added on top of what achievements gave, through the
 * class page's own level maths (addXp). The stored progress is never changed by practice, so
 * taking practice XP back (an edit, a delete, the teacher turning it off) is exact: the figure is
 * always stored progress + today's practice total.
 */
export function withPracticeXp<T extends XpState>(progress: T, practiceXp: number): T {
  if (practiceXp <= 0) return progress;
  const { level, xp, xpToNextLevel } = addXp(progress, practiceXp);
  return { ...progress, level, xp, xpToNextLevel };
}

/** A class of the student's that earns practice XP: in XP format, the switch on, the student still in it. */
export interface XpClass {
  classId: string;
  teacherId: string | null;
  joinedAt: Date;
}

/** What a practice entry ticked: the homework's class (when set from one) and teacher, per item. */
export interface PractisedHomework {
  classId: string | null;
  teacherId: string | null;
}

/**
 * The one class a practice entry earns XP in (issue 42: it counted again in every XP class of the
 * child), among the student's XP classes: the class whose homework it practised, else the first
 * class (joined earliest) of the teacher whose homework it practised, else the first class the
 * student joined. Null when the student is in none.
 */
export function practiceOwnerClass(practised: readonly PractisedHomework[], xpClasses: readonly XpClass[]): string | null {
  const byJoining = [...xpClasses].sort((a, b) => a.joinedAt.getTime() - b.joinedAt.getTime() || a.classId.localeCompare(b.classId));
  const ofHomework = byJoining.find((c) => practised.some((p) => p.classId === c.classId));
  const ofTeacher = byJoining.find((c) => c.teacherId !== null && practised.some((p) => p.teacherId === c.teacherId));
  return (ofHomework ?? ofTeacher ?? byJoining[0])?.classId ?? null;
}
