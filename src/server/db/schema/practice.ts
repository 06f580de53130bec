import { sql } from "drizzle-orm";
import { bigint, check, date, index, integer, pgTable, primaryKey, text, uuid, type AnyPgColumn } from "drizzle-orm/pg-core";
import {
  HOMEWORK_GOAL_DAYS_MAX,
  HOMEWORK_GOAL_MINUTES_MAX,
  HOMEWORK_STATUSES,
  PRACTICE_MINUTES_MAX,
  PRACTICE_MINUTES_MIN,
  PRACTICE_SOURCES,
} from "../../../shared/practice/practice.constants";
import { parentProfiles } from "./accounts";
import { classes, classFiles } from "./classes";
import { createdAt, id, instant, nonBlank, oneOf } from "./columns";
import { studentProfiles, studentRepertoire } from "./students";
import { teacherProfiles } from "./teachers";

/**
 * Practice a teacher sets a student between lessons (issue 29). It outlives the teacher's account
 * (teacher_id set null, shown as "Deleted user") because it is the child's record. The goal is
 * both figures or neither.
 */
export const homework = pgTable(
  "homework",
  {
    id: id(),
    teacherId: uuid().references(() => teacherProfiles.id, { onDelete: "set null" }),
    studentId: uuid()
      .notNull()
      .references(() => studentProfiles.id, { onDelete: "cascade" }),
    /** The class it was set from, when it was; the class page lists it. */
    classId: uuid().references(() => classes.id, { onDelete: "set null" }),
    goalMinutesPerDay: integer(),
    goalDaysPerWeek: integer(),
    /** A calendar day in the teacher's zone: the next lesson's day by default. */
    dueOn: date({ mode: "string" }).notNull(),
    status: text().notNull().default("open"),
    reviewComment: text(),
    reviewedAt: instant(),
    closedAt: instant(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    index("homework_student_status_idx").on(t.studentId, t.status),
    index("homework_teacher_status_idx").on(t.teacherId, t.status),
    index("homework_class_idx").on(t.classId),
    check("homework_status_check", oneOf(t.status, HOMEWORK_STATUSES)),
    check(
      "homework_goal_check",
      sql`(${t.goalMinutesPerDay} is null) = (${t.goalDaysPerWeek} is null) and (${t.goalMinutesPerDay} is null or (${t.goalMinutesPerDay} between 1 and ${sql.raw(String(HOMEWORK_GOAL_MINUTES_MAX))} and ${t.goalDaysPerWeek} between 1 and ${sql.raw(String(HOMEWORK_GOAL_DAYS_MAX))}))`,
    ),
    check("homework_review_check", sql`(${t.status} = 'reviewed') = (${t.reviewedAt} is not null)`),
  ],
);

/** One thing to practise: free text, or a piece of the student's repertoire, optionally a class file. */
export const homeworkItems = pgTable(
  "homework_items",
  {
    id: id(),
    homeworkId: uuid()
      .notNull()
      .references(() => homework.id, { onDelete: "cascade" }),
    position: integer().notNull(),
    description: text().notNull(),
    repertoireId: uuid().references(() => studentRepertoire.id, { onDelete: "set null" }),
    classFileId: uuid().references(() => classFiles.id, { onDelete: "set null" }),
  },
  (t) => [index("homework_items_homework_idx").on(t.homeworkId, t.position), check("homework_items_description_check", nonBlank(t.description))],
);

/**
 * Practice a parent logged for a child, on a calendar day in the parent's zone. Minutes from the
 * practice timer are "timed", typed minutes "self_reported"; the source never changes on edit of
 * the note or items, and typed minutes on a timed entry make it self-reported.
 */
export const practiceEntries = pgTable(
  "practice_entries",
  {
    id: id(),
    studentId: uuid()
      .notNull()
      .references(() => studentProfiles.id, { onDelete: "cascade" }),
    parentId: uuid()
      .notNull()
      .references(() => parentProfiles.id, { onDelete: "cascade" }),
    practicedOn: date({ mode: "string" }).notNull(),
    minutes: integer().notNull(),
    source: text().notNull(),
    note: text().notNull().default(""),
    /** Issue 45: the guardian who logged it (their own parent profile); null before households and once their account is gone. */
    loggedByGuardianId: uuid().references((): AnyPgColumn => parentProfiles.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    index("practice_entries_student_day_idx").on(t.studentId, t.practicedOn),
    check("practice_entries_minutes_check", sql`${t.minutes} between ${sql.raw(String(PRACTICE_MINUTES_MIN))} and ${sql.raw(String(PRACTICE_MINUTES_MAX))}`),
    check("practice_entries_source_check", oneOf(t.source, PRACTICE_SOURCES)),
  ],
);

/** The homework items an entry practised. */
export const practiceEntryItems = pgTable(
  "practice_entry_items",
  {
    entryId: uuid()
      .notNull()
      .references(() => practiceEntries.id, { onDelete: "cascade" }),
    homeworkItemId: uuid()
      .notNull()
      .references(() => homeworkItems.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.entryId, t.homeworkItemId] }), index("practice_entry_items_item_idx").on(t.homeworkItemId)],
);

/**
 * A child's running practice timer, kept on the server so it survives a reload, a closed tab and a
 * change of device: elapsed = (paused_at or now) - started_at - paused_ms. One per child.
 */
export const practiceTimers = pgTable(
  "practice_timers",
  {
    studentId: uuid()
      .primaryKey()
      .references(() => studentProfiles.id, { onDelete: "cascade" }),
    parentId: uuid()
      .notNull()
      .references(() => parentProfiles.id, { onDelete: "cascade" }),
    startedAt: instant().notNull(),
    pausedAt: instant(),
    pausedMs: bigint({ mode: "number" }).notNull().default(0),
  },
  (t) => [check("practice_timers_paused_check", sql`${t.pausedMs} >= 0`)],
);
