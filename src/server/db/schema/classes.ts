import { sql } from "drizzle-orm";
import { bigint, check, date, index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { CLASS_STATUSES } from "../../../shared/classes/classes.constants";
import { user } from "./auth";
import { parentProfiles } from "./accounts";
import { createdAt, id, instant, nonBlank, oneOf } from "./columns";
import { studentProfiles } from "./students";
import { teacherProfiles } from "./teachers";

/**
 * A class between a teacher and (once joined) a parent's student. When an account is deleted its
 * side becomes null and the class keeps its history, shown with "Deleted user".
 */
export const classes = pgTable(
  "classes",
  {
    id: id(),
    name: text().notNull(),
    description: text().notNull().default(""),
    status: text().notNull().default("active"),
    joinCode: text().notNull().unique(),
    teacherId: uuid().references(() => teacherProfiles.id, { onDelete: "set null" }),
    parentId: uuid().references(() => parentProfiles.id, { onDelete: "set null" }),
    studentId: uuid().references(() => studentProfiles.id, { onDelete: "set null" }),
    /** progress_metrics of spec section 3; its shape is validated by src/shared/classes. */
    progressMetrics: jsonb().notNull(),
    lastUpdated: instant().notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index("classes_teacher_status_idx").on(t.teacherId, t.status),
    index("classes_parent_status_idx").on(t.parentId, t.status),
    check("classes_status_check", oneOf(t.status, CLASS_STATUSES)),
    check("classes_join_code_check", sql`${t.joinCode} ~ '^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{6}$'`),
    check("classes_name_check", nonBlank(t.name)),
  ],
);

export const classGrades = pgTable(
  "class_grades",
  {
    id: id(),
    classId: uuid()
      .notNull()
      .references(() => classes.id, { onDelete: "cascade" }),
    title: text().notNull(),
    score: integer().notNull(),
    category: text().notNull(),
    feedback: text().notNull().default(""),
    gradedOn: date({ mode: "string" }).notNull().default(sql`current_date`),
    createdAt: createdAt(),
  },
  (t) => [
    index("class_grades_class_idx").on(t.classId, t.gradedOn),
    check("class_grades_score_check", sql`${t.score} between 0 and 100`),
    check("class_grades_title_check", nonBlank(t.title, t.category)),
  ],
);

export const classFiles = pgTable(
  "class_files",
  {
    id: id(),
    classId: uuid()
      .notNull()
      .references(() => classes.id, { onDelete: "cascade" }),
    name: text().notNull(),
    /** Key in the storage backend; files are served only to the class's teacher and parent. */
    storageKey: text().notNull().unique(),
    contentType: text().notNull(),
    sizeBytes: bigint({ mode: "number" }).notNull(),
    uploadedBy: text().references(() => user.id, { onDelete: "set null" }),
    uploadedAt: createdAt(),
  },
  (t) => [index("class_files_class_idx").on(t.classId), check("class_files_size_check", sql`${t.sizeBytes} >= 0`)],
);
