import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { DIFFICULTIES, ENROLLMENT_STATUSES, GENRES, LEARNING_STYLES, SIGNUP_STUDENT_AGE } from "../../../shared/students/students.constants";
import { parentProfiles } from "./accounts";
import { createdAt, id, nonBlank, oneOf, textList } from "./columns";
import { teacherProfiles } from "./teachers";

export const studentProfiles = pgTable(
  "student_profiles",
  {
    id: id(),
    parentId: uuid()
      .notNull()
      .references(() => parentProfiles.id, { onDelete: "cascade" }),
    firstName: text().notNull(),
    lastName: text().notNull(),
    age: integer().notNull(),
    interests: textList(),
    learningGoals: textList(),
    preferredStyle: text(),
    achievements: textList(),
    strengths: textList(),
    areasForImprovement: textList(),
    enrollmentStatus: text().notNull().default("active"),
    enrollmentDate: date({ mode: "string" }).notNull().default(sql`current_date`),
    /** The student's main teacher, when one is chosen; next lesson is derived from calendar_events. */
    teacherId: uuid().references(() => teacherProfiles.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    index("student_profiles_parent_id_idx").on(t.parentId),
    check("student_profiles_age_check", sql`${t.age} between ${sql.raw(String(SIGNUP_STUDENT_AGE.min))} and ${sql.raw(String(SIGNUP_STUDENT_AGE.max))}`),
    check("student_profiles_names_check", nonBlank(t.firstName, t.lastName)),
    check(
      "student_profiles_style_check",
      sql`${t.preferredStyle} is null or ${oneOf(t.preferredStyle, Object.keys(LEARNING_STYLES))}`,
    ),
    check("student_profiles_status_check", oneOf(t.enrollmentStatus, ENROLLMENT_STATUSES)),
  ],
);

export const studentRepertoire = pgTable(
  "student_repertoire",
  {
    id: id(),
    studentId: uuid()
      .notNull()
      .references(() => studentProfiles.id, { onDelete: "cascade" }),
    title: text().notNull(),
    composer: text().notNull(),
    genre: text().notNull(),
    completedDate: date({ mode: "string" }).notNull(),
    difficulty: text().notNull().default("Beginner"),
    createdAt: createdAt(),
  },
  (t) => [
    index("student_repertoire_student_id_idx").on(t.studentId),
    check("student_repertoire_genre_check", oneOf(t.genre, GENRES)),
    check("student_repertoire_difficulty_check", oneOf(t.difficulty, DIFFICULTIES)),
    check(
      "student_repertoire_required_check",
      nonBlank(t.title, t.composer),
    ),
  ],
);
