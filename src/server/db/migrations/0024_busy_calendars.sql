CREATE TABLE "teacher_busy_times" (
	"calendar_id" uuid NOT NULL,
	"teacher_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "teacher_busy_times_order_check" CHECK ("teacher_busy_times"."ends_at" > "teacher_busy_times"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "teacher_calendars" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"teacher_id" uuid NOT NULL,
	"url" text NOT NULL,
	"label" text NOT NULL,
	"etag" text,
	"last_modified" text,
	"expanded_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"last_fetch_ms" integer,
	"busy_count" integer DEFAULT 0 NOT NULL,
	"next_fetch_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teacher_calendars_teacher_url_unique" UNIQUE("teacher_id","url"),
	CONSTRAINT "teacher_calendars_label_check" CHECK (length(trim("teacher_calendars"."label")) > 0)
);
--> statement-breakpoint
ALTER TABLE "calendar_events" ADD COLUMN "sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "teacher_busy_times" ADD CONSTRAINT "teacher_busy_times_calendar_id_teacher_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."teacher_calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_busy_times" ADD CONSTRAINT "teacher_busy_times_teacher_id_teacher_profiles_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teacher_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_calendars" ADD CONSTRAINT "teacher_calendars_teacher_id_teacher_profiles_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teacher_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "teacher_busy_times_teacher_range_idx" ON "teacher_busy_times" USING gist ("teacher_id",tstzrange("starts_at", "ends_at", '[)'));--> statement-breakpoint
CREATE INDEX "teacher_busy_times_calendar_idx" ON "teacher_busy_times" USING btree ("calendar_id");--> statement-breakpoint
CREATE INDEX "teacher_calendars_next_fetch_idx" ON "teacher_calendars" USING btree ("next_fetch_at");