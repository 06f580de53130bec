import { uuid } from "drizzle-orm/pg-core";
import { parentProfiles } from "./accounts";
import { studentProfiles } from "./students";
import { teacherProfiles } from "./teachers";

/**
 * The owner columns a row of one teacher, family or student carries: required, and gone with its
 * owner (cascade). One definition, so a table states whose it is in a line instead of four.
 */
export const teacherIdColumn = () =>
  uuid()
    .notNull()
    .references(() => teacherProfiles.id, { onDelete: "cascade" });

export const parentIdColumn = () =>
  uuid()
    .notNull()
    .references(() => parentProfiles.id, { onDelete: "cascade" });

export const studentIdColumn = () =>
  uuid()
    .notNull()
    .references(() => studentProfiles.id, { onDelete: "cascade" });
