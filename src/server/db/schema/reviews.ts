import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, unique } from "drizzle-orm/pg-core";
import { createdAt, id, instant } from "./columns";
import { parentIdColumn, teacherIdColumn } from "./owner-columns";

/** One review per parent and teacher; the service lets only parents with an accepted booking post. */
export const reviews = pgTable(
  "reviews",
  {
    id: id(),
    teacherId: teacherIdColumn(),
    parentId: parentIdColumn(),
    rating: integer().notNull(),
    body: text().notNull(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
    /** Hidden by an operator after a report (issue 27): gone from the profile and the figures. */
    hiddenAt: instant(),
  },
  (t) => [
    unique("reviews_teacher_parent_key").on(t.teacherId, t.parentId),
    index("reviews_teacher_created_idx").on(t.teacherId, t.createdAt),
    check("reviews_rating_check", sql`${t.rating} between 1 and 5`),
    check("reviews_body_check", sql`length(${t.body}) between 10 and 2000`),
  ],
);
