import { sql } from "drizzle-orm";
import { bigint, boolean, check, date, foreignKey, index, integer, jsonb, pgTable, text, unique, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { CLASS_STATUSES } from "../../../shared/classes/classes.constants";
import { user } from "./auth";
import { parentProfiles } from "./accounts";
import { createdAt, id, instant, nonBlank, oneOf } from "./columns";
import { studentProfiles } from "./students";
import { teacherProfiles } from "./teachers";

/**
 * A class between a teacher and (once joined) a parent's student. When an account is deleted its
 * side becomes null and the class keeps its history, shown with "Deleted user".
 *
 * parent_id and student_id name the family in the class now: the class row is what every change of
 * membership locks, and what other features read to find a class's family. They change only
 * together with the class's current enrolment (class_enrolments), in the same transaction, under
 * that lock. progress_metrics is the current enrolment's progress (or, with nobody in the class,
 * a fresh progress holding the class's format and categories).
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
    /** Issue 29: logged practice adds XP in an xp class unless the teacher turns it off. */
    practiceXp: boolean().notNull().default(true),
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

/**
 * One family's time in a class: from joining with the code to disenrolling (left_at). A child's
 * record (grades, files uploaded meanwhile, progress) belongs to the enrolment, so a later family
 * joining the same class never sees it; the teacher still does. At most one enrolment per class
 * is current (left_at null), which the partial unique index guarantees even if two joins race.
 */
export const classEnrolments = pgTable(
  "class_enrolments",
  {
    id: id(),
    classId: uuid()
      .notNull()
      .references(() => classes.id, { onDelete: "cascade" }),
    parentId: uuid().references(() => parentProfiles.id, { onDelete: "set null" }),
    studentId: uuid().references(() => studentProfiles.id, { onDelete: "set null" }),
    joinedAt: instant().notNull().defaultNow(),
    leftAt: instant(),
    /** The family's own Archive (decisions.md section 6): hides the class from this family only. */
    archivedAt: instant(),
    /** The progress as it stood when the enrolment ended, kept for the teacher; null while current. */
    finalProgress: jsonb(),
  },
  (t) => [
    uniqueIndex("class_enrolments_current_key").on(t.classId).where(sql`${t.leftAt} is null`),
    index("class_enrolments_class_idx").on(t.classId, t.joinedAt),
    index("class_enrolments_parent_idx").on(t.parentId).where(sql`${t.leftAt} is null`),
    // A child's classes now (practice XP counts in one of them: practiceOwnerClass).
    index("class_enrolments_student_idx").on(t.studentId).where(sql`${t.leftAt} is null`),
    // Grades and files name (class, enrolment) together: an enrolment of another class is refused.
    unique("class_enrolments_class_id_key").on(t.classId, t.id),
    check("class_enrolments_order_check", sql`${t.leftAt} is null or ${t.leftAt} >= ${t.joinedAt}`),
    check("class_enrolments_final_progress_check", sql`(${t.leftAt} is null) = (${t.finalProgress} is null)`),
  ],
);

export const classGrades = pgTable(
  "class_grades",
  {
    id: id(),
    classId: uuid()
      .notNull()
      .references(() => classes.id, { onDelete: "cascade" }),
    /** The enrolment the grade was given in: a grade is always a student's. */
    enrolmentId: uuid().notNull(),
    title: text().notNull(),
    score: integer().notNull(),
    category: text().notNull(),
    feedback: text().notNull().default(""),
    gradedOn: date({ mode: "string" }).notNull().default(sql`current_date`),
    createdAt: createdAt(),
  },
  (t) => [
    index("class_grades_class_idx").on(t.classId, t.gradedOn),
    index("class_grades_enrolment_idx").on(t.enrolmentId, t.gradedOn),
    foreignKey({
      name: "class_grades_enrolment_fk",
      columns: [t.classId, t.enrolmentId],
      foreignColumns: [classEnrolments.classId, classEnrolments.id],
    }).onDelete("cascade"),
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
    /**
     * The enrolment the file was uploaded in; null for a file uploaded while nobody was in the
     * class, which is the class's own material and shown to every family in it.
     */
    enrolmentId: uuid(),
    name: text().notNull(),
    /** Key in the storage backend; files are served only to the class's teacher and parent. */
    storageKey: text().notNull().unique(),
    contentType: text().notNull(),
    sizeBytes: bigint({ mode: "number" }).notNull(),
    uploadedBy: text().references(() => user.id, { onDelete: "set null" }),
    uploadedAt: createdAt(),
  },
  (t) => [
    index("class_files_class_idx").on(t.classId),
    index("class_files_enrolment_idx").on(t.enrolmentId),
    foreignKey({
      name: "class_files_enrolment_fk",
      columns: [t.classId, t.enrolmentId],
      foreignColumns: [classEnrolments.classId, classEnrolments.id],
    }).onDelete("cascade"),
    check("class_files_size_check", sql`${t.sizeBytes} >= 0`),
  ],
);
