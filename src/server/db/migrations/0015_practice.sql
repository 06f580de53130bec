CREATE TABLE "homework" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"teacher_id" uuid,
	"student_id" uuid NOT NULL,
	"class_id" uuid,
	"goal_minutes_per_day" integer,
	"goal_days_per_week" integer,
	"due_on" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"review_comment" text,
	"reviewed_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "homework_status_check" CHECK ("homework"."status" in ('open', 'closed', 'reviewed')),
	CONSTRAINT "homework_goal_check" CHECK (("homework"."goal_minutes_per_day" is null) = ("homework"."goal_days_per_week" is null) and ("homework"."goal_minutes_per_day" is null or ("homework"."goal_minutes_per_day" between 1 and 600 and "homework"."goal_days_per_week" between 1 and 7))),
	CONSTRAINT "homework_review_check" CHECK (("homework"."status" = 'reviewed') = ("homework"."reviewed_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "homework_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"homework_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"repertoire_id" uuid,
	"class_file_id" uuid,
	CONSTRAINT "homework_items_description_check" CHECK (length(trim("homework_items"."description")) > 0)
);
--> statement-breakpoint
CREATE TABLE "practice_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"practiced_on" date NOT NULL,
	"minutes" integer NOT NULL,
	"source" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practice_entries_minutes_check" CHECK ("practice_entries"."minutes" between 1 and 600),
	CONSTRAINT "practice_entries_source_check" CHECK ("practice_entries"."source" in ('timed', 'self_reported'))
);
--> statement-breakpoint
CREATE TABLE "practice_entry_items" (
	"entry_id" uuid NOT NULL,
	"homework_item_id" uuid NOT NULL,
	CONSTRAINT "practice_entry_items_entry_id_homework_item_id_pk" PRIMARY KEY("entry_id","homework_item_id")
);
--> statement-breakpoint
CREATE TABLE "practice_timers" (
	"student_id" uuid PRIMARY KEY NOT NULL,
	"parent_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"paused_at" timestamp with time zone,
	"paused_ms" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "practice_timers_paused_check" CHECK ("practice_timers"."paused_ms" >= 0)
);
--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "practice_xp" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "homework" ADD CONSTRAINT "homework_teacher_id_teacher_profiles_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teacher_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework" ADD CONSTRAINT "homework_student_id_student_profiles_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."student_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework" ADD CONSTRAINT "homework_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_items" ADD CONSTRAINT "homework_items_homework_id_homework_id_fk" FOREIGN KEY ("homework_id") REFERENCES "public"."homework"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_items" ADD CONSTRAINT "homework_items_repertoire_id_student_repertoire_id_fk" FOREIGN KEY ("repertoire_id") REFERENCES "public"."student_repertoire"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_items" ADD CONSTRAINT "homework_items_class_file_id_class_files_id_fk" FOREIGN KEY ("class_file_id") REFERENCES "public"."class_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_entries" ADD CONSTRAINT "practice_entries_student_id_student_profiles_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."student_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_entries" ADD CONSTRAINT "practice_entries_parent_id_parent_profiles_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."parent_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_entry_items" ADD CONSTRAINT "practice_entry_items_entry_id_practice_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."practice_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_entry_items" ADD CONSTRAINT "practice_entry_items_homework_item_id_homework_items_id_fk" FOREIGN KEY ("homework_item_id") REFERENCES "public"."homework_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_timers" ADD CONSTRAINT "practice_timers_student_id_student_profiles_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."student_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_timers" ADD CONSTRAINT "practice_timers_parent_id_parent_profiles_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."parent_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "homework_student_status_idx" ON "homework" USING btree ("student_id","status");--> statement-breakpoint
CREATE INDEX "homework_teacher_status_idx" ON "homework" USING btree ("teacher_id","status");--> statement-breakpoint
CREATE INDEX "homework_class_idx" ON "homework" USING btree ("class_id");--> statement-breakpoint
CREATE INDEX "homework_items_homework_idx" ON "homework_items" USING btree ("homework_id","position");--> statement-breakpoint
CREATE INDEX "practice_entries_student_day_idx" ON "practice_entries" USING btree ("student_id","practiced_on");--> statement-breakpoint
CREATE INDEX "practice_entry_items_item_idx" ON "practice_entry_items" USING btree ("homework_item_id");