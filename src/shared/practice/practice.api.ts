import type { HomeworkStatus, PracticeSource } from "./practice.constants";
import type { PracticeWeek } from "./practice-week.rules";

/** The JSON /api/practice answers (issue 29). Every figure is computed from logged entries. */

export const REVIEW_TOO_EARLY_MESSAGE =
  "Homework can be reviewed on or after its due date, or once a lesson with this student has started since it was set.";
export const HOMEWORK_NOT_OPEN_MESSAGE = "This homework is closed or reviewed and can no longer be changed.";
export const TIMER_RUNNING_MESSAGE = "A practice timer is already running for this student.";
export const NO_TIMER_MESSAGE = "No practice timer is running for this student.";
export const TIMER_TOO_LONG_MESSAGE = "This timer ran for more than 10 hours, so it was probably left running. Discard it and log the minutes by hand.";
export const TIMER_TOO_SHORT_MESSAGE = "Practise at least a minute before logging the timer.";
export const ITEM_NOT_OPEN_MESSAGE = "Pick items of this student's homework.";
export const REPERTOIRE_NOT_STUDENTS_MESSAGE = "Pick a piece from this student's repertoire.";
export const CLASS_FILE_NOT_CLASS_MESSAGE = "Pick a file of this class.";
export const CLASS_NOT_STUDENTS_MESSAGE = "Pick one of your classes with this student.";
export const DUE_IN_PAST_MESSAGE = "The due date cannot be in the past.";
/** A due date further out than this is a typo, not homework. */
export const DUE_MAX_DAYS_AHEAD = 365;
export const DUE_TOO_FAR_MESSAGE = "The due date can be at most a year from today.";

export interface HomeworkItemDTO {
  id: string;
  position: number;
  description: string;
  repertoireId: string | null;
  /** The piece's title (and composer), or null when not tied to a piece or the piece was deleted. */
  repertoireTitle: string | null;
  classFileId: string | null;
  classFileName: string | null;
}

export interface HomeworkDTO {
  id: string;
  studentId: string;
  classId: string | null;
  teacherId: string | null;
  /** "Deleted user" when the teacher's account is gone. */
  teacherName: string;
  items: HomeworkItemDTO[];
  goalMinutesPerDay: number | null;
  goalDaysPerWeek: number | null;
  /** Calendar day in the teacher's zone. */
  dueOn: string;
  status: HomeworkStatus;
  reviewComment: string | null;
  reviewedAt: string | null;
  closedAt: string | null;
  createdAt: string;
  /** For the homework's teacher: whether "Mark reviewed" is allowed now (see REVIEW_TOO_EARLY_MESSAGE). Always false for a parent. */
  canReview: boolean;
}

export interface PracticeEntryDTO {
  id: string;
  studentId: string;
  /** Calendar day in the parent's zone. */
  practicedOn: string;
  minutes: number;
  /** "timed" (from the practice timer) or "self_reported" (typed): shown everywhere minutes are. */
  source: PracticeSource;
  note: string;
  homeworkItemIds: string[];
  createdAt: string;
  updatedAt: string;
  /** The viewer logged it and may edit or delete it. */
  editable: boolean;
  /** Who did what (issue 45): the guardian who logged it, by name; null when not recorded or that account is gone. */
  loggedBy: string | null;
}

export interface PracticeTimerDTO {
  studentId: string;
  startedAt: string;
  /** null while running. */
  pausedAt: string | null;
  pausedMs: number;
  running: boolean;
  /** Elapsed practice (pauses excluded) at `serverNow`; the client ticks on from there. */
  elapsedMs: number;
  serverNow: string;
}

export interface PracticeStreak {
  /** Consecutive practice days (one rest day a week allowed), in the parent's zone. */
  current: number;
  longest: number;
}

export interface PracticeGoalDTO {
  minutesPerDay: number;
  daysPerWeek: number;
  /** The open homework the goal comes from. */
  homeworkId: string;
}

/** GET /api/practice/students/:studentId: the same for the child's parent and a teacher who teaches them. */
export interface StudentPracticeDTO {
  studentId: string;
  studentName: string;
  viewerRole: "parent" | "teacher";
  /** The parent's zone (streaks, "today", entry dates). */
  timeZone: string;
  /** Today in the parent's zone. */
  today: string;
  /** Open homework first (newest first), then closed and reviewed ones of the last 60 days. */
  homework: HomeworkDTO[];
  /** Entries of the last 60 days, newest day first. */
  entries: PracticeEntryDTO[];
  /** The goal of the newest open homework with a goal, or null. */
  goal: PracticeGoalDTO | null;
  /** This week (Monday to Sunday, parent's zone) against the goal. */
  week: PracticeWeek;
  streak: PracticeStreak;
  /** The last 12 weeks' minutes, oldest first. */
  chart: { weekStart: string; minutes: number }[];
  /** The running or paused timer (parent only; null for a teacher or when none). */
  timer: PracticeTimerDTO | null;
  /** The student's repertoire, so a teacher can set a piece as a homework item. */
  repertoire: { id: string; title: string; composer: string }[];
}

/** An open homework as an overview lists it. */
export interface HomeworkSummaryDTO {
  id: string;
  dueOn: string;
  itemCount: number;
  goalMinutesPerDay: number | null;
  goalDaysPerWeek: number | null;
  classId: string | null;
}

/** One student in an overview (My Students for a teacher, the dashboard for a parent). */
export interface PracticeOverviewStudent {
  studentId: string;
  studentName: string;
  today: string;
  week: PracticeWeek;
  streak: PracticeStreak;
  goal: PracticeGoalDTO | null;
  /** Open homework (for a teacher: only theirs), newest first. */
  openHomework: HomeworkSummaryDTO[];
  /** Minutes ever logged: 0 lets the page show "nothing logged yet" instead of figures. */
  entriesLogged: number;
}

/** GET /api/practice/my-students (teacher) and /api/practice/my-children (parent). */
export interface PracticeOverviewDTO {
  students: PracticeOverviewStudent[];
}

/** PATCH /api/practice/classes/:classId. */
export interface ClassPracticeSettingsDTO {
  classId: string;
  practiceXp: boolean;
}

/**
 * Added to the class page's detail (ClassDetail.practice): the practice XP that is already in
 * `progress.level/xp` (withPracticeXp), shown as its own source line.
 */
export interface ClassPracticeXpDTO {
  /** The teacher's per-class switch. */
  enabled: boolean;
  /** XP from practice since the current student joined (0 when off, not xp format, or nobody in the class). */
  xp: number;
  /** The student's other classes that earn practice XP: practice counts in one of them only (practiceOwnerClass). */
  otherXpClasses: number;
}
