/**
 * The practice feature's front door: what other features may use (services and types only).
 */
export { classPracticeXp } from "./practice-figures.service";
export { openHomeworkOf, practiceStudentsOfParents, practiceStudentsOfTeachers, practiceWeeksOf } from "./practice-week.service";
export { todayIn } from "./practice.service";
