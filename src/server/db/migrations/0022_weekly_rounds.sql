CREATE TABLE "weekly_email_rounds" (
	"kind" text NOT NULL,
	"zone" text NOT NULL,
	"week_start" text NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "weekly_email_rounds_kind_zone_week_start_pk" PRIMARY KEY("kind","zone","week_start")
);
--> statement-breakpoint
DROP INDEX "mail_outbox_due_idx";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "priority" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "parent_profiles_zone_idx" ON "parent_profiles" USING btree ((coalesce("time_zone", "reported_time_zone", 'UTC')),"user_id");--> statement-breakpoint
CREATE INDEX "teacher_profiles_zone_idx" ON "teacher_profiles" USING btree ("time_zone","user_id");--> statement-breakpoint
CREATE INDEX "class_enrolments_student_idx" ON "class_enrolments" USING btree ("student_id") WHERE "class_enrolments"."left_at" is null;--> statement-breakpoint
CREATE INDEX "make_up_credits_teacher_student_idx" ON "make_up_credits" USING btree ("teacher_id","student_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("priority","next_attempt_at") WHERE "mail_outbox"."status" = 'pending';