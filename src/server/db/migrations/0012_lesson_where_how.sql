-- Issue 26: where and how a lesson happens (format, meeting links, places), each reader's zone,
-- the teacher's lead time, reasons, credits that come back (with their history), and records
-- that outlive the other side (booking parties become nullable, set null on deletion).
CREATE TABLE "student_meeting_links" (
	"teacher_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"url" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_meeting_links_teacher_id_student_id_pk" PRIMARY KEY("teacher_id","student_id"),
	CONSTRAINT "student_meeting_links_url_check" CHECK ("student_meeting_links"."url" ~ '^https?://' and length("student_meeting_links"."url") <= 500)
);
--> statement-breakpoint
CREATE TABLE "make_up_credit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"credit_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"booking_id" uuid,
	"reason" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "make_up_credit_events_kind_check" CHECK ("make_up_credit_events"."kind" in ('issued', 'spent', 'returned', 'voided')),
	CONSTRAINT "make_up_credit_events_reason_check" CHECK ("make_up_credit_events"."reason" is null or "make_up_credit_events"."reason" in ('declined', 'withdrawn', 'expired', 'teacher_cancelled', 'teacher_left'))
);
--> statement-breakpoint
ALTER TABLE "booking_slots" DROP CONSTRAINT "booking_slots_format_check";--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_format_check";--> statement-breakpoint
ALTER TABLE "booking_slots" DROP CONSTRAINT "booking_slots_teacher_id_teacher_profiles_id_fk";
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_student_id_student_profiles_id_fk";
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_parent_id_parent_profiles_id_fk";
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_slot_teacher_fk";
--> statement-breakpoint
ALTER TABLE "lesson_series" DROP CONSTRAINT "lesson_series_teacher_id_teacher_profiles_id_fk";
--> statement-breakpoint
ALTER TABLE "lesson_series" DROP CONSTRAINT "lesson_series_parent_id_parent_profiles_id_fk";
--> statement-breakpoint
ALTER TABLE "lesson_series" DROP CONSTRAINT "lesson_series_student_id_student_profiles_id_fk";
--> statement-breakpoint
ALTER TABLE "calendar_events" DROP CONSTRAINT "calendar_events_student_id_student_profiles_id_fk";
--> statement-breakpoint
ALTER TABLE "make_up_credits" DROP CONSTRAINT "make_up_credits_teacher_id_teacher_profiles_id_fk";
--> statement-breakpoint
ALTER TABLE "booking_slots" ALTER COLUMN "teacher_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "teacher_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "student_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "parent_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "lesson_series" ALTER COLUMN "teacher_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "lesson_series" ALTER COLUMN "parent_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "lesson_series" ALTER COLUMN "student_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "make_up_credits" ALTER COLUMN "teacher_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "parent_profiles" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "parent_profiles" ADD COLUMN "reported_time_zone" text;--> statement-breakpoint
ALTER TABLE "parent_profiles" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "teacher_profiles" ADD COLUMN "lead_hours" smallint DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "teacher_profiles" ADD COLUMN "meeting_url" text;--> statement-breakpoint
ALTER TABLE "teacher_profiles" ADD COLUMN "in_person_place" text DEFAULT 'studio' NOT NULL;--> statement-breakpoint
ALTER TABLE "teacher_profiles" ADD COLUMN "studio_address" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancelled_for_closed_account" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "make_up_credits" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "student_meeting_links" ADD CONSTRAINT "student_meeting_links_teacher_id_teacher_profiles_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teacher_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_meeting_links" ADD CONSTRAINT "student_meeting_links_student_id_student_profiles_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."student_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "make_up_credit_events" ADD CONSTRAINT "make_up_credit_events_credit_id_make_up_credits_id_fk" FOREIGN KEY ("credit_id") REFERENCES "public"."make_up_credits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "make_up_credit_events" ADD CONSTRAINT "make_up_credit_events_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "make_up_credit_events_credit_idx" ON "make_up_credit_events" USING btree ("credit_id","at");--> statement-breakpoint
ALTER TABLE "booking_slots" ADD CONSTRAINT "booking_slots_teacher_id_teacher_profiles_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teacher_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_student_id_student_profiles_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."student_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_parent_id_parent_profiles_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."parent_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_slot_teacher_fk" FOREIGN KEY ("slot_id","teacher_id") REFERENCES "public"."booking_slots"("id","teacher_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "lesson_series" ADD CONSTRAINT "lesson_series_teacher_id_teacher_profiles_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teacher_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_series" ADD CONSTRAINT "lesson_series_parent_id_parent_profiles_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."parent_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_series" ADD CONSTRAINT "lesson_series_student_id_student_profiles_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."student_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_student_id_student_profiles_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."student_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "make_up_credits" ADD CONSTRAINT "make_up_credits_teacher_id_teacher_profiles_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teacher_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_profiles" ADD CONSTRAINT "parent_profiles_address_check" CHECK ("parent_profiles"."address" is null or length("parent_profiles"."address") between 1 and 300);--> statement-breakpoint
ALTER TABLE "teacher_profiles" ADD CONSTRAINT "teacher_profiles_lead_check" CHECK ("teacher_profiles"."lead_hours" between 0 and 72);--> statement-breakpoint
ALTER TABLE "teacher_profiles" ADD CONSTRAINT "teacher_profiles_in_person_place_check" CHECK ("teacher_profiles"."in_person_place" in ('studio', 'family_home'));--> statement-breakpoint
ALTER TABLE "teacher_profiles" ADD CONSTRAINT "teacher_profiles_meeting_url_check" CHECK ("teacher_profiles"."meeting_url" is null or ("teacher_profiles"."meeting_url" ~ '^https?://' and length("teacher_profiles"."meeting_url") <= 500));--> statement-breakpoint
ALTER TABLE "teacher_profiles" ADD CONSTRAINT "teacher_profiles_studio_address_check" CHECK ("teacher_profiles"."studio_address" is null or length("teacher_profiles"."studio_address") between 1 and 300);--> statement-breakpoint
ALTER TABLE "booking_slots" ADD CONSTRAINT "booking_slots_format_check" CHECK ("booking_slots"."format" in ('in_person', 'online', 'phone', 'flexible'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_reasons_check" CHECK (length("bookings"."decline_reason") <= 500 and length("bookings"."cancel_reason") <= 500);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_format_check" CHECK ("bookings"."format" in ('in_person', 'online', 'phone', 'flexible'));--> statement-breakpoint
-- A teacher who said they have transportation travels to families for in-person lessons.
UPDATE "teacher_profiles" SET "in_person_place" = 'family_home' WHERE "has_transportation";--> statement-breakpoint
-- The history of the credits that exist: issued, and spent where a booking used one.
INSERT INTO "make_up_credit_events" ("credit_id", "kind", "booking_id", "at")
SELECT "id", 'issued', "issued_for_booking_id", "issued_at" FROM "make_up_credits";--> statement-breakpoint
INSERT INTO "make_up_credit_events" ("credit_id", "kind", "booking_id", "at")
SELECT "id", 'spent', "used_by_booking_id", "used_at" FROM "make_up_credits" WHERE "used_at" IS NOT NULL;
