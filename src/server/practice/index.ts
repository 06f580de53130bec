/**
 * The practice feature's front door: what other features may use (services and types only).
 */
export { classPracticeXp } from "./practice-figures.service";
export { openHomeworkOf, practiceStudentsOfParent, practiceStudentsOfTeacher, practiceWeeksOf } from "./practice-week.service";
export { todayIn } from "./practice.service";
