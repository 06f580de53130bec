CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"teacher_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"booking_type" text NOT NULL,
	"format" text NOT NULL,
	"windows" jsonb NOT NULL,
	"time_zone" text NOT NULL,
	"repeat_weeks" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by_teacher" boolean DEFAULT false NOT NULL,
	CONSTRAINT "waitlist_entries_type_check" CHECK ("waitlist_entries"."booking_type" in ('intro', 'full')),
	CONSTRAINT "waitlist_entries_format_check" CHECK ("waitlist_entries"."format" in ('in_person', 'online', 'phone')),
	CONSTRAINT "waitlist_entries_repeat_check" CHECK ("waitlist_entries"."repeat_weeks" is null or "waitlist_entries"."repeat_weeks" between 2 and 26)
);
--> statement-breakpoint
CREATE TABLE "waitlist_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid NOT NULL,
	"teacher_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"offered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"emailed" boolean DEFAULT false NOT NULL,
	"booking_id" uuid,
	CONSTRAINT "waitlist_offers_status_check" CHECK ("waitlist_offers"."status" in ('open', 'claimed', 'expired', 'declined', 'taken')),
	CONSTRAINT "waitlist_offers_order_check" CHECK ("waitlist_offers"."ends_at" > "waitlist_offers"."starts_at" and "waitlist_offers"."expires_at" > "waitlist_offers"."offered_at")
);
--> statement-breakpoint
CREATE TABLE "waitlist_settings" (
	"teacher_id" uuid PRIMARY KEY NOT NULL,
	"open" boolean DEFAULT true NOT NULL,
	"offers_enabled" boolean DEFAULT true NOT NULL,
	"hold_minutes" integer DEFAULT 120 NOT NULL,
	CONSTRAINT "waitlist_settings_hold_check" CHECK ("waitlist_settings"."hold_minutes" between 15 and 1440)
);
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_teacher_id_teacher_profiles_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teacher_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_parent_id_parent_profiles_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."parent_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_student_id_student_profiles_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."student_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_entry_id_waitlist_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."waitlist_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_teacher_id_teacher_profiles_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teacher_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_parent_id_parent_profiles_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."parent_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_settings" ADD CONSTRAINT "waitlist_settings_teacher_id_teacher_profiles_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teacher_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waitlist_entries_teacher_idx" ON "waitlist_entries" USING btree ("teacher_id","created_at");--> statement-breakpoint
CREATE INDEX "waitlist_entries_parent_idx" ON "waitlist_entries" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_live_key" ON "waitlist_entries" USING btree ("teacher_id","student_id","booking_type") WHERE "waitlist_entries"."closed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_offers_open_time_key" ON "waitlist_offers" USING btree ("teacher_id","starts_at") WHERE "waitlist_offers"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_offers_entry_time_key" ON "waitlist_offers" USING btree ("entry_id","starts_at");--> statement-breakpoint
CREATE INDEX "waitlist_offers_parent_idx" ON "waitlist_offers" USING btree ("parent_id","status");