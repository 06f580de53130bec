CREATE TABLE "account_suspensions" (
	"user_id" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"operator_user_id" text,
	"teacher_was_listed" boolean DEFAULT false NOT NULL,
	"suspended_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversation_blocks" (
	"conversation_id" uuid NOT NULL,
	"blocker_user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_blocks_conversation_id_blocker_user_id_pk" PRIMARY KEY("conversation_id","blocker_user_id")
);
--> statement-breakpoint
CREATE TABLE "operator_actions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "operator_actions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"operator_user_id" text NOT NULL,
	"operator_email" text NOT NULL,
	"action" text NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" text NOT NULL,
	"subject_user_id" text,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operator_actions_action_check" CHECK ("operator_actions"."action" in ('approve', 'ask_for_changes', 'reject', 'dismiss', 'hide_review', 'hide_message', 'warn', 'suspend', 'reinstate')),
	CONSTRAINT "operator_actions_target_kind_check" CHECK ("operator_actions"."target_kind" in ('teacher', 'review', 'message', 'account', 'report')),
	CONSTRAINT "operator_actions_reason_check" CHECK (length(trim("operator_actions"."reason")) between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"user_id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reporter_user_id" text,
	"target_kind" text NOT NULL,
	"target_id" uuid NOT NULL,
	"reported_user_id" text,
	"reason" text NOT NULL,
	"details" text,
	"snapshot" jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by_user_id" text,
	"resolution" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reports_target_kind_check" CHECK ("reports"."target_kind" in ('teacher', 'review', 'message')),
	CONSTRAINT "reports_reason_check" CHECK ("reports"."reason" in ('inappropriate_content', 'harassment', 'spam_or_scam', 'child_safety', 'fake_profile', 'other')),
	CONSTRAINT "reports_status_check" CHECK ("reports"."status" in ('open', 'dismissed', 'actioned')),
	CONSTRAINT "reports_details_check" CHECK ("reports"."details" is null or length("reports"."details") <= 2000)
);
--> statement-breakpoint
ALTER TABLE "teacher_profiles" ADD COLUMN "review_status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "teacher_profiles" ADD COLUMN "review_message" text;--> statement-breakpoint
ALTER TABLE "teacher_profiles" ADD COLUMN "submitted_for_review_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "teacher_profiles" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_suspensions" ADD CONSTRAINT "account_suspensions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_suspensions" ADD CONSTRAINT "account_suspensions_operator_user_id_user_id_fk" FOREIGN KEY ("operator_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_blocks" ADD CONSTRAINT "conversation_blocks_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_blocks" ADD CONSTRAINT "conversation_blocks_blocker_user_id_user_id_fk" FOREIGN KEY ("blocker_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_user_id_user_id_fk" FOREIGN KEY ("reporter_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reported_user_id_user_id_fk" FOREIGN KEY ("reported_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_resolved_by_user_id_user_id_fk" FOREIGN KEY ("resolved_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operator_actions_created_idx" ON "operator_actions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "operator_actions_target_idx" ON "operator_actions" USING btree ("target_kind","target_id");--> statement-breakpoint
CREATE INDEX "operator_actions_subject_idx" ON "operator_actions" USING btree ("subject_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_reporter_target_key" ON "reports" USING btree ("reporter_user_id","target_kind","target_id");--> statement-breakpoint
CREATE INDEX "reports_status_created_idx" ON "reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "reports_reported_user_idx" ON "reports" USING btree ("reported_user_id");--> statement-breakpoint
CREATE INDEX "teacher_profiles_review_queue_idx" ON "teacher_profiles" USING btree ("review_status","submitted_for_review_at");--> statement-breakpoint
ALTER TABLE "teacher_profiles" ADD CONSTRAINT "teacher_profiles_review_status_check" CHECK ("teacher_profiles"."review_status" in ('pending', 'changes_requested', 'approved', 'rejected'));--> statement-breakpoint
ALTER TABLE "teacher_profiles" ADD CONSTRAINT "teacher_profiles_listed_when_approved_check" CHECK (not "teacher_profiles"."is_discoverable" or "teacher_profiles"."review_status" = 'approved');--> statement-breakpoint
-- Teachers listed before the review step existed were vetted by being listed: they are approved.
-- Every other existing application waits for review from the day it was made.
UPDATE "teacher_profiles" SET "review_status" = 'approved', "reviewed_at" = now() WHERE "is_discoverable";
--> statement-breakpoint
UPDATE "teacher_profiles" SET "submitted_for_review_at" = "created_at" WHERE NOT "is_discoverable";
--> statement-breakpoint
-- A review hidden by an operator leaves the teacher's figures as if it were deleted; unhiding
-- brings it back. Same trigger as migration 0004, now also reading hidden_at.
CREATE OR REPLACE FUNCTION "reviews_keep_teacher_rating"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."hidden_at" IS NULL THEN
    UPDATE "teacher_profiles"
       SET "review_count" = "review_count" - 1, "rating_sum" = "rating_sum" - OLD."rating"
     WHERE "id" = OLD."teacher_id";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."hidden_at" IS NULL THEN
    UPDATE "teacher_profiles"
       SET "review_count" = "review_count" + 1, "rating_sum" = "rating_sum" + NEW."rating"
     WHERE "id" = NEW."teacher_id";
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER "reviews_keep_teacher_rating" ON "reviews";
--> statement-breakpoint
CREATE TRIGGER "reviews_keep_teacher_rating"
  AFTER INSERT OR DELETE OR UPDATE OF "rating", "teacher_id", "hidden_at" ON "reviews"
  FOR EACH ROW EXECUTE FUNCTION "reviews_keep_teacher_rating"();
--> statement-breakpoint
-- The audit trail cannot be changed, whatever code or person connects: UPDATE, DELETE and
-- TRUNCATE are refused by the database itself.
CREATE OR REPLACE FUNCTION "operator_actions_append_only"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the operator audit trail is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "operator_actions_no_update_delete"
  BEFORE UPDATE OR DELETE ON "operator_actions"
  FOR EACH ROW EXECUTE FUNCTION "operator_actions_append_only"();
--> statement-breakpoint
CREATE TRIGGER "operator_actions_no_truncate"
  BEFORE TRUNCATE ON "operator_actions"
  FOR EACH STATEMENT EXECUTE FUNCTION "operator_actions_append_only"();
