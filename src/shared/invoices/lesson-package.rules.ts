import { formatMoney } from "./money.rules";

/**
 * Prepaid lesson packages (issue 40): the teacher sells "N lessons for $X", valid until a date.
 * Each attended lesson (or charged late cancellation) draws one lesson, worth the package's
 * per-lesson price. Cents are split so the lessons add up to the price exactly.
 */

/** What lesson `n` (1-based) of a package is worth: the remainder cents go to the first lessons, the sum is the price. */
export function packageLessonCents(priceCents: number, lessons: number, n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > lessons) throw new RangeError(`lesson ${n} of ${lessons}`);
  const base = Math.floor(priceCents / lessons);
  return base + (n <= priceCents % lessons ? 1 : 0);
}

/** "4 lessons for $200.00 USD" */
export function packageTitle(lessons: number, priceCents: number): string {
  return `${lessons} ${lessons === 1 ? "lesson" : "lessons"} for ${formatMoney(priceCents)}`;
}

export type PackageState = "active" | "used_up" | "expired";

/** Active while lessons are left and its last valid day (the teacher's zone) has not passed. */
export function packageState(pkg: { lessons: number; lessonsUsed: number; validUntil: string }, today: string): PackageState {
  if (pkg.lessonsUsed >= pkg.lessons) return "used_up";
  return today > pkg.validUntil ? "expired" : "active";
}

export const PACKAGE_STATE_LABELS: Record<PackageState, string> = { active: "Active", used_up: "Used up", expired: "Expired" };

/**
 * The package a lesson draws from: among the family's packages valid on the lesson's day with a
 * lesson left, the one ending first (then the oldest), so nothing expires unused that could have
 * been used. Null when none covers it: the lesson is invoiced as usual.
 */
export function packageFor<P extends { id: string; lessons: number; lessonsUsed: number; validUntil: string; paidOn: string; createdAt: string }>(
  packages: readonly P[],
  lessonDay: string,
): P | null {
  const usable = packages
    .filter((pkg) => pkg.lessonsUsed < pkg.lessons && lessonDay <= pkg.validUntil)
    .sort((a, b) => a.validUntil.localeCompare(b.validUntil) || a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  return usable[0] ?? null;
}

/** The lowest lesson number of a package not yet used (a corrected attendance frees its number). */
export function nextLessonNumber(used: readonly number[], lessons: number): number | null {
  const taken = new Set(used);
  for (let n = 1; n <= lessons; n++) if (!taken.has(n)) return n;
  return null;
}

/** The line detail of a covered lesson on an invoice: "Covered by lesson package (4 lessons for $200.00 USD): lesson 2 of 4" */
export function coveredDetail(lessons: number, priceCents: number, lessonNumber: number): string {
  return `Covered by lesson package (${packageTitle(lessons, priceCents)}): lesson ${lessonNumber} of ${lessons}`;
}
