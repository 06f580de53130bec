-- Enrolments (one per family's time in a class): a child's grades, files and progress belong to
-- the enrolment they were made in, so a family that joins a class later never sees an earlier
-- family's record, while the teacher keeps it. A family's Archive moves onto its enrolment: it
-- hides the class from that family only.
CREATE TABLE "class_enrolments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"class_id" uuid NOT NULL,
	"parent_id" uuid,
	"student_id" uuid,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"left_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"final_progress" jsonb,
	CONSTRAINT "class_enrolments_class_id_key" UNIQUE("class_id","id"),
	CONSTRAINT "class_enrolments_order_check" CHECK ("class_enrolments"."left_at" is null or "class_enrolments"."left_at" >= "class_enrolments"."joined_at"),
	CONSTRAINT "class_enrolments_final_progress_check" CHECK (("class_enrolments"."left_at" is null) = ("class_enrolments"."final_progress" is null))
);
--> statement-breakpoint
ALTER TABLE "class_files" ADD COLUMN "enrolment_id" uuid;--> statement-breakpoint
-- NOT NULL once the existing grades are tied to their enrolment (below).
ALTER TABLE "class_grades" ADD COLUMN "enrolment_id" uuid;--> statement-breakpoint
ALTER TABLE "class_enrolments" ADD CONSTRAINT "class_enrolments_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_enrolments" ADD CONSTRAINT "class_enrolments_parent_id_parent_profiles_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."parent_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_enrolments" ADD CONSTRAINT "class_enrolments_student_id_student_profiles_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."student_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "class_enrolments_current_key" ON "class_enrolments" USING btree ("class_id") WHERE "class_enrolments"."left_at" is null;--> statement-breakpoint
CREATE INDEX "class_enrolments_class_idx" ON "class_enrolments" USING btree ("class_id","joined_at");--> statement-breakpoint
CREATE INDEX "class_enrolments_parent_idx" ON "class_enrolments" USING btree ("parent_id") WHERE "class_enrolments"."left_at" is null;--> statement-breakpoint
ALTER TABLE "class_files" ADD CONSTRAINT "class_files_enrolment_fk" FOREIGN KEY ("class_id","enrolment_id") REFERENCES "public"."class_enrolments"("class_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_grades" ADD CONSTRAINT "class_grades_enrolment_fk" FOREIGN KEY ("class_id","enrolment_id") REFERENCES "public"."class_enrolments"("class_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "class_files_enrolment_idx" ON "class_files" USING btree ("enrolment_id");--> statement-breakpoint
CREATE INDEX "class_grades_enrolment_idx" ON "class_grades" USING btree ("enrolment_id","graded_on");--> statement-breakpoint
-- The existing rows. The fresh progress of a class for its next family (the TypeScript rule is
-- freshProgressForNextStudent in src/shared/classes/progress.rules.ts): format and categories
-- kept, values, levels, achievements, scores and xp back to their start. Only for this migration.
CREATE FUNCTION "class_progress_fresh"("p" jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN jsonb_typeof("p" -> 'categories') IS DISTINCT FROM 'array' THEN "p" ELSE
    "p" || jsonb_build_object(
      'overall', CASE WHEN "p" ->> 'format' = 'grade' THEN 650 ELSE 0 END,
      'level', 1,
      'xp', 0,
      'xpToNextLevel', 1000,
      'categories', coalesce((
        SELECT jsonb_agg("category" || jsonb_build_object(
                 'value', 0,
                 'level', 1,
                 'score', NULL::int,
                 'achievements', coalesce((
                   SELECT jsonb_agg("achievement" || '{"unlocked": false}'::jsonb ORDER BY "a")
                     FROM jsonb_array_elements("category" -> 'achievements') WITH ORDINALITY AS x("achievement", "a")), '[]'::jsonb))
               ORDER BY "c")
          FROM jsonb_array_elements("p" -> 'categories') WITH ORDINALITY AS y("category", "c")), '[]'::jsonb))
  END
$$;--> statement-breakpoint
-- The family in a class now is its current enrolment. When it joined was not recorded: the class's
-- creation is the earliest it can have been. Archive was only ever a family's action (the parent's
-- route was the one way to set it), so an archived class becomes that family's archive.
INSERT INTO "class_enrolments" ("class_id", "parent_id", "student_id", "joined_at", "archived_at")
SELECT "id", "parent_id", "student_id", "created_at", CASE WHEN "status" = 'archived' THEN "last_updated" END
  FROM "classes"
 WHERE "parent_id" IS NOT NULL OR "student_id" IS NOT NULL;--> statement-breakpoint
-- A class with nobody in it that holds grades, files or progress holds an earlier family's record
-- (disenrolling used to leave it behind): it becomes one ended enrolment, whose student was not
-- recorded, so the next family does not see it and the teacher still does.
INSERT INTO "class_enrolments" ("class_id", "joined_at", "left_at", "final_progress")
SELECT c."id", c."created_at", greatest(c."last_updated", c."created_at"), c."progress_metrics"
  FROM "classes" c
 WHERE c."parent_id" IS NULL AND c."student_id" IS NULL
   AND (EXISTS (SELECT 1 FROM "class_grades" g WHERE g."class_id" = c."id")
     OR EXISTS (SELECT 1 FROM "class_files" f WHERE f."class_id" = c."id")
     OR c."progress_metrics" <> "class_progress_fresh"(c."progress_metrics"));--> statement-breakpoint
-- Each class has at most one enrolment so far: every grade and file goes to its class's.
UPDATE "class_grades" g SET "enrolment_id" = e."id" FROM "class_enrolments" e WHERE e."class_id" = g."class_id";--> statement-breakpoint
UPDATE "class_files" f SET "enrolment_id" = e."id" FROM "class_enrolments" e WHERE e."class_id" = f."class_id";--> statement-breakpoint
ALTER TABLE "class_grades" ALTER COLUMN "enrolment_id" SET NOT NULL;--> statement-breakpoint
UPDATE "classes" SET "progress_metrics" = "class_progress_fresh"("progress_metrics")
 WHERE "parent_id" IS NULL AND "student_id" IS NULL;--> statement-breakpoint
UPDATE "classes" SET "status" = 'active' WHERE "status" = 'archived';--> statement-breakpoint
DROP FUNCTION "class_progress_fresh"(jsonb);
