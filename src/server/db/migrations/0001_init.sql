CREATE TABLE "account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	CONSTRAINT "session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "two_factor" (
	"id" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"backup_codes" text NOT NULL,
	"user_id" text NOT NULL,
	"verified" boolean DEFAULT true,
	"failed_verification_count" integer DEFAULT 0,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"two_factor_enabled" boolean DEFAULT false,
	"deleted" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parent_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text,
	"location" text,
	"relationship_to_child" text DEFAULT 'mother' NOT NULL,
	"relationship_other" text,
	"multiple_children" boolean DEFAULT false NOT NULL,
	"enrollment_goals" text[] DEFAULT '{}'::text[] NOT NULL,
	"prior_experience" boolean DEFAULT false NOT NULL,
	"experience_years" text,
	"preferred_communication" text DEFAULT 'email' NOT NULL,
	"wants_notifications" boolean DEFAULT true NOT NULL,
	"allow_student_messages" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parent_profiles_userId_unique" UNIQUE("user_id"),
	CONSTRAINT "parent_profiles_relationship_check" CHECK ("parent_profiles"."relationship_to_child" in ('mother', 'father', 'guardian', 'other')),
	CONSTRAINT "parent_profiles_relationship_other_check" CHECK ("parent_profiles"."relationship_to_child" <> 'other' or length(trim(coalesce("parent_profiles"."relationship_other", ''))) > 0),
	CONSTRAINT "parent_profiles_experience_years_check" CHECK (("parent_profiles"."prior_experience" and "parent_profiles"."experience_years" in ('0-1', '1-3', '3+')) or (not "parent_profiles"."prior_experience" and "parent_profiles"."experience_years" is null)),
	CONSTRAINT "parent_profiles_communication_check" CHECK ("parent_profiles"."preferred_communication" in ('email', 'sms', 'app')),
	CONSTRAINT "parent_profiles_names_check" CHECK (length(trim("parent_profiles"."first_name")) > 0 and length(trim("parent_profiles"."last_name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"active_role" text NOT NULL,
	"last_switched" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_roles_active_role_check" CHECK ("user_roles"."active_role" in ('parent', 'teacher'))
);
--> statement-breakpoint
CREATE TABLE "student_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"parent_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"age" integer NOT NULL,
	"interests" text[] DEFAULT '{}'::text[] NOT NULL,
	"learning_goals" text[] DEFAULT '{}'::text[] NOT NULL,
	"preferred_style" text,
	"achievements" text[] DEFAULT '{}'::text[] NOT NULL,
	"strengths" text[] DEFAULT '{}'::text[] NOT NULL,
	"areas_for_improvement" text[] DEFAULT '{}'::text[] NOT NULL,
	"enrollment_status" text DEFAULT 'active' NOT NULL,
	"enrollment_date" date DEFAULT current_date NOT NULL,
	"teacher_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_profiles_age_check" CHECK ("student_profiles"."age" between 0 and 99),
	CONSTRAINT "student_profiles_names_check" CHECK (length(trim("student_profiles"."first_name")) > 0 and length(trim("student_profiles"."last_name")) > 0),
	CONSTRAINT "student_profiles_style_check" CHECK ("student_profiles"."preferred_style" is null or "student_profiles"."preferred_style" in ('visual', 'auditory', 'kinesthetic')),
	CONSTRAINT "student_profiles_status_check" CHECK ("student_profiles"."enrollment_status" in ('active', 'inactive'))
);
--> statement-breakpoint
CREATE TABLE "student_repertoire" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"title" text NOT NULL,
	"composer" text NOT NULL,
	"genre" text NOT NULL,
	"completed_date" date NOT NULL,
	"difficulty" text DEFAULT 'Beginner' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_repertoire_genre_check" CHECK ("student_repertoire"."genre" in ('Classical', 'Jazz', 'Pop', 'Rock', 'Folk', 'Blues', 'Musical Theater', 'Contemporary', 'World Music')),
	CONSTRAINT "student_repertoire_difficulty_check" CHECK ("student_repertoire"."difficulty" in ('Beginner', 'Intermediate', 'Advanced')),
	CONSTRAINT "student_repertoire_required_check" CHECK (length(trim("student_repertoire"."title")) > 0 and length(trim("student_repertoire"."composer")) > 0)
);
--> statement-breakpoint
CREATE TABLE "teacher_availability" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"teacher_id" uuid NOT NULL,
	"day_of_week" smallint NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"format" text DEFAULT 'both' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teacher_availability_day_check" CHECK ("teacher_availability"."day_of_week" between 0 and 6),
	CONSTRAINT "teacher_availability_order_check" CHECK ("teacher_availability"."end_time" > "teacher_availability"."start_time"),
	CONSTRAINT "teacher_availability_format_check" CHECK ("teacher_availability"."format" in ('in_person', 'online', 'both'))
);
--> statement-breakpoint
CREATE TABLE "teacher_instruments" (
	"teacher_id" uuid NOT NULL,
	"instrument" text NOT NULL,
	"years_teaching" integer DEFAULT 0 NOT NULL,
	"proficiency_level" text DEFAULT 'Advanced' NOT NULL,
	CONSTRAINT "teacher_instruments_teacher_id_instrument_pk" PRIMARY KEY("teacher_id","instrument"),
	CONSTRAINT "teacher_instruments_instrument_check" CHECK ("teacher_instruments"."instrument" in ('piano', 'guitar', 'violin', 'drums', 'voice', 'flute', 'saxophone', 'trumpet', 'cello', 'bass', 'clarinet', 'ukulele')),
	CONSTRAINT "teacher_instruments_years_check" CHECK ("teacher_instruments"."years_teaching" >= 0),
	CONSTRAINT "teacher_instruments_proficiency_check" CHECK ("teacher_instruments"."proficiency_level" in ('Beginner', 'Intermediate', 'Advanced', 'Expert'))
);
--> statement-breakpoint
CREATE TABLE "teacher_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"time_zone" text NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"has_transportation" boolean DEFAULT false NOT NULL,
	"education_background" text NOT NULL,
	"teaching_experience_years" text NOT NULL,
	"age_groups_taught" text[] DEFAULT '{}'::text[] NOT NULL,
	"teaching_methods" text[] DEFAULT '{}'::text[] NOT NULL,
	"teaching_style_description" text NOT NULL,
	"lesson_format" text DEFAULT 'both' NOT NULL,
	"platform_experience" text DEFAULT '' NOT NULL,
	"video_conference_experience" boolean DEFAULT false NOT NULL,
	"background_check_consent" boolean DEFAULT false NOT NULL,
	"prior_complaints" boolean DEFAULT false NOT NULL,
	"complaint_explanation" text,
	"can_provide_references" boolean DEFAULT false NOT NULL,
	"hourly_rate_min" integer NOT NULL,
	"hourly_rate_max" integer NOT NULL,
	"intro_video_url" text,
	"is_discoverable" boolean DEFAULT false NOT NULL,
	"discovery_enabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teacher_profiles_userId_unique" UNIQUE("user_id"),
	CONSTRAINT "teacher_profiles_names_check" CHECK (length(trim("teacher_profiles"."first_name")) > 0 and length(trim("teacher_profiles"."last_name")) > 0),
	CONSTRAINT "teacher_profiles_rate_check" CHECK ("teacher_profiles"."hourly_rate_min" >= 0 and "teacher_profiles"."hourly_rate_min" <= "teacher_profiles"."hourly_rate_max"),
	CONSTRAINT "teacher_profiles_format_check" CHECK ("teacher_profiles"."lesson_format" in ('in_person', 'online', 'both')),
	CONSTRAINT "teacher_profiles_education_check" CHECK ("teacher_profiles"."education_background" in ('Degree', 'Conservatory', 'Private', 'Self-Taught')),
	CONSTRAINT "teacher_profiles_experience_check" CHECK ("teacher_profiles"."teaching_experience_years" in ('Less than 1', '1-3', '3-5', '5+')),
	CONSTRAINT "teacher_profiles_age_groups_check" CHECK ("teacher_profiles"."age_groups_taught" <@ array['Kids 5-10', 'Teens 11-17', 'Adults', 'All Ages']::text[]),
	CONSTRAINT "teacher_profiles_methods_check" CHECK ("teacher_profiles"."teaching_methods" <@ array['Suzuki', 'Kodály', 'Traditional', 'Own Method']::text[]),
	CONSTRAINT "teacher_profiles_complaint_check" CHECK (not "teacher_profiles"."prior_complaints" or length(trim(coalesce("teacher_profiles"."complaint_explanation", ''))) > 0),
	CONSTRAINT "teacher_profiles_discovery_check" CHECK ("teacher_profiles"."is_discoverable" = ("teacher_profiles"."discovery_enabled_at" is not null)),
	CONSTRAINT "teacher_profiles_coordinates_check" CHECK (("teacher_profiles"."latitude" is null) = ("teacher_profiles"."longitude" is null) and ("teacher_profiles"."latitude" is null or ("teacher_profiles"."latitude" between -90 and 90 and "teacher_profiles"."longitude" between -180 and 180)))
);
--> statement-breakpoint
CREATE TABLE "booking_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"teacher_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"format" text NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_slots_id_teacher_key" UNIQUE("id","teacher_id"),
	CONSTRAINT "booking_slots_order_check" CHECK ("booking_slots"."ends_at" > "booking_slots"."starts_at"),
	CONSTRAINT "booking_slots_status_check" CHECK ("booking_slots"."status" in ('booked', 'released')),
	CONSTRAINT "booking_slots_format_check" CHECK ("booking_slots"."format" in ('in_person', 'online', 'flexible'))
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slot_id" uuid NOT NULL,
	"teacher_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"booking_type" text NOT NULL,
	"format" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"class_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "bookings_slotId_unique" UNIQUE("slot_id"),
	CONSTRAINT "bookings_type_check" CHECK ("bookings"."booking_type" in ('intro', 'full')),
	CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('pending', 'accepted', 'declined')),
	CONSTRAINT "bookings_format_check" CHECK ("bookings"."format" in ('in_person', 'online', 'flexible')),
	CONSTRAINT "bookings_decided_check" CHECK (("bookings"."status" = 'pending') = ("bookings"."decided_at" is null))
);
--> statement-breakpoint
CREATE TABLE "calendar_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_user_id" text NOT NULL,
	"student_id" uuid,
	"teacher_id" uuid,
	"booking_id" uuid,
	"title" text NOT NULL,
	"event_type" text DEFAULT 'custom' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"notes" text,
	"status" text DEFAULT 'upcoming' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_events_order_check" CHECK ("calendar_events"."ends_at" > "calendar_events"."starts_at"),
	CONSTRAINT "calendar_events_type_check" CHECK ("calendar_events"."event_type" in ('lesson', 'practice', 'reminder', 'custom')),
	CONSTRAINT "calendar_events_status_check" CHECK ("calendar_events"."status" in ('upcoming', 'completed', 'cancelled')),
	CONSTRAINT "calendar_events_title_check" CHECK (length(trim("calendar_events"."title")) > 0)
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"user_id" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "class_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"class_id" uuid NOT NULL,
	"name" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"uploaded_by" text,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_files_storageKey_unique" UNIQUE("storage_key"),
	CONSTRAINT "class_files_size_check" CHECK ("class_files"."size_bytes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "class_grades" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"class_id" uuid NOT NULL,
	"title" text NOT NULL,
	"score" integer NOT NULL,
	"category" text NOT NULL,
	"feedback" text DEFAULT '' NOT NULL,
	"graded_on" date DEFAULT current_date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_grades_score_check" CHECK ("class_grades"."score" between 0 and 100),
	CONSTRAINT "class_grades_title_check" CHECK (length(trim("class_grades"."title")) > 0 and length(trim("class_grades"."category")) > 0)
);
--> statement-breakpoint
CREATE TABLE "classes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"join_code" text NOT NULL,
	"teacher_id" uuid,
	"parent_id" uuid,
	"student_id" uuid,
	"progress_metrics" jsonb NOT NULL,
	"last_updated" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classes_joinCode_unique" UNIQUE("join_code"),
	CONSTRAINT "classes_status_check" CHECK ("classes"."status" in ('active', 'archived')),
	CONSTRAINT "classes_join_code_check" CHECK ("classes"."join_code" ~ '^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{6}$'),
	CONSTRAINT "classes_name_check" CHECK (length(trim("classes"."name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"parent_user_id" text,
	"teacher_user_id" text,
	"class_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"sender_user_id" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "messages_body_check" CHECK (length(trim("messages"."body")) between 1 and 5000)
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"teacher_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"rating" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_teacher_parent_key" UNIQUE("teacher_id","parent_id"),
	CONSTRAINT "reviews_rating_check" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_body_check" CHECK (length("reviews"."body") between 10 and 2000)
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_factor" ADD CONSTRAINT "two_factor_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_profiles" ADD CONSTRAINT "parent_profiles_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD CONSTRAINT "student_profiles_parent_id_parent_profiles_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."parent_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD CONSTRAINT "student_profiles_teacher_id_teacher_profiles_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teacher_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_repertoire" ADD CONSTRAINT "student_repertoire_student_id_student_profiles_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."student_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_availability" ADD CONSTRAINT "teacher_availability_teacher_id_teacher_profiles_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teacher_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_instruments" ADD CONSTRAINT "teacher_instruments_teacher_id_teacher_profiles_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teacher_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_profiles" ADD CONSTRAINT "teacher_profiles_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_slots" ADD CONSTRAINT "booking_slots_teacher_id_teacher_profiles_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teacher_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_student_id_student_profiles_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."student_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_parent_id_parent_profiles_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."parent_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_slot_teacher_fk" FOREIGN KEY ("slot_id","teacher_id") REFERENCES "public"."booking_slots"("id","teacher_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_owner_user_id_user_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_student_id_student_profiles_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."student_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_teacher_id_teacher_profiles_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teacher_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_files" ADD CONSTRAINT "class_files_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_files" ADD CONSTRAINT "class_files_uploaded_by_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_grades" ADD CONSTRAINT "class_grades_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_teacher_id_teacher_profiles_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teacher_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_parent_id_parent_profiles_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."parent_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_student_id_student_profiles_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."student_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_parent_user_id_user_id_fk" FOREIGN KEY ("parent_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_teacher_user_id_user_id_fk" FOREIGN KEY ("teacher_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_user_id_user_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_teacher_id_teacher_profiles_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teacher_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_parent_id_parent_profiles_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."parent_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_user_id_idx" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "session_user_id_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "two_factor_user_id_idx" ON "two_factor" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "two_factor_secret_idx" ON "two_factor" USING btree ("secret");--> statement-breakpoint
CREATE INDEX "verification_identifier_idx" ON "verification" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "student_profiles_parent_id_idx" ON "student_profiles" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "student_repertoire_student_id_idx" ON "student_repertoire" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "teacher_availability_teacher_day_idx" ON "teacher_availability" USING btree ("teacher_id","day_of_week","start_time");--> statement-breakpoint
CREATE INDEX "teacher_instruments_instrument_idx" ON "teacher_instruments" USING btree ("instrument");--> statement-breakpoint
CREATE INDEX "teacher_profiles_discoverable_idx" ON "teacher_profiles" USING btree ("is_discoverable");--> statement-breakpoint
CREATE INDEX "booking_slots_teacher_starts_idx" ON "booking_slots" USING btree ("teacher_id","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_teacher_status_created_idx" ON "bookings" USING btree ("teacher_id","status","created_at");--> statement-breakpoint
CREATE INDEX "bookings_student_idx" ON "bookings" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "bookings_parent_idx" ON "bookings" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "calendar_events_owner_starts_idx" ON "calendar_events" USING btree ("owner_user_id","starts_at");--> statement-breakpoint
CREATE INDEX "calendar_events_student_starts_idx" ON "calendar_events" USING btree ("student_id","starts_at");--> statement-breakpoint
CREATE INDEX "calendar_events_teacher_starts_idx" ON "calendar_events" USING btree ("teacher_id","starts_at");--> statement-breakpoint
CREATE INDEX "class_files_class_idx" ON "class_files" USING btree ("class_id");--> statement-breakpoint
CREATE INDEX "class_grades_class_idx" ON "class_grades" USING btree ("class_id","graded_on");--> statement-breakpoint
CREATE INDEX "classes_teacher_status_idx" ON "classes" USING btree ("teacher_id","status");--> statement-breakpoint
CREATE INDEX "classes_parent_status_idx" ON "classes" USING btree ("parent_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_pair_class_key" ON "conversations" USING btree ("parent_user_id","teacher_user_id",coalesce("class_id", '00000000-0000-0000-0000-000000000000'::uuid));--> statement-breakpoint
CREATE INDEX "conversations_teacher_idx" ON "conversations" USING btree ("teacher_user_id");--> statement-breakpoint
CREATE INDEX "messages_conversation_created_idx" ON "messages" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE INDEX "reviews_teacher_created_idx" ON "reviews" USING btree ("teacher_id","created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_to_created_idx" ON "mail_outbox" USING btree ("to_address","created_at");