/** Issue 29: the limits of a practice entry and of the figures built from entries. */

/** Minutes of one entry: at least 1, at most 10 hours. */
export const PRACTICE_MINUTES_MIN = 1;
export const PRACTICE_MINUTES_MAX = 600;
/** An entry's date: today in the parent's zone or up to 60 days back, never in the future. */
export const PRACTICE_DAYS_BACK = 60;
/** A running timer of more than 10 hours is refused at logging (a timer left running overnight). */
export const PRACTICE_TIMER_MAX_MINUTES = 600;

/** 1 XP per practised minute, at most the day's goal minutes, or 60 without a goal, per student per day. */
export const PRACTICE_XP_PER_MINUTE = 1;
export const PRACTICE_XP_CAP_WITHOUT_GOAL = 60;

/** One rest day in any 7 days keeps a streak alive (teachers advise a day off a week). */
export const STREAK_REST_WINDOW_DAYS = 7;

/** The practice chart shows the last 12 weeks, this one included; weeks start on Monday. */
export const PRACTICE_CHART_WEEKS = 12;

/** Where an entry's minutes come from: the practice timer, or typed by the parent. */
export const PRACTICE_SOURCES = ["timed", "self_reported"] as const;
export type PracticeSource = (typeof PRACTICE_SOURCES)[number];

/** A homework's goal: minutes per day (1-600) on days per week (1-7). */
export const HOMEWORK_GOAL_MINUTES_MAX = 600;
export const HOMEWORK_GOAL_DAYS_MAX = 7;
/** Open → closed by the teacher, or reviewed (with a comment) at or after the next lesson. */
export const HOMEWORK_STATUSES = ["open", "closed", "reviewed"] as const;
export type HomeworkStatus = (typeof HOMEWORK_STATUSES)[number];
