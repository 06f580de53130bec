CREATE TABLE "lesson_package_draws" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"package_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"lesson_number" smallint NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_package_draws_number_check" CHECK ("lesson_package_draws"."lesson_number" between 1 and 100),
	CONSTRAINT "lesson_package_draws_amount_check" CHECK ("lesson_package_draws"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "lesson_packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"teacher_id" uuid,
	"parent_id" uuid,
	"lessons" smallint NOT NULL,
	"price_cents" integer NOT NULL,
	"valid_until" date NOT NULL,
	"paid_on" date NOT NULL,
	"method" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_packages_lessons_check" CHECK ("lesson_packages"."lessons" between 1 and 100),
	CONSTRAINT "lesson_packages_price_check" CHECK ("lesson_packages"."price_cents" between 100 and 5000000),
	CONSTRAINT "lesson_packages_valid_check" CHECK ("lesson_packages"."valid_until" >= "lesson_packages"."paid_on"),
	CONSTRAINT "lesson_packages_method_check" CHECK ("lesson_packages"."method" in ('cash', 'check', 'bank_transfer', 'card', 'other')),
	CONSTRAINT "lesson_packages_note_check" CHECK (length("lesson_packages"."note") <= 200)
);
--> statement-breakpoint
ALTER TABLE "family_credit_entries" DROP CONSTRAINT "family_credit_entries_kind_check";--> statement-breakpoint
ALTER TABLE "family_credit_entries" DROP CONSTRAINT "family_credit_entries_amount_check";--> statement-breakpoint
ALTER TABLE "invoice_lines" DROP CONSTRAINT "invoice_lines_kind_check";--> statement-breakpoint
ALTER TABLE "family_credit_entries" ALTER COLUMN "invoice_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "family_credit_entries" ADD COLUMN "paid_on" date;--> statement-breakpoint
ALTER TABLE "family_credit_entries" ADD COLUMN "method" text;--> statement-breakpoint
ALTER TABLE "family_credit_entries" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "lesson_package_draws" ADD CONSTRAINT "lesson_package_draws_package_id_lesson_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."lesson_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_package_draws" ADD CONSTRAINT "lesson_package_draws_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_packages" ADD CONSTRAINT "lesson_packages_teacher_id_teacher_profiles_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teacher_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_packages" ADD CONSTRAINT "lesson_packages_parent_id_parent_profiles_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."parent_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lesson_package_draws_booking_key" ON "lesson_package_draws" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lesson_package_draws_number_key" ON "lesson_package_draws" USING btree ("package_id","lesson_number");--> statement-breakpoint
CREATE INDEX "lesson_packages_family_idx" ON "lesson_packages" USING btree ("teacher_id","parent_id","valid_until");--> statement-breakpoint
ALTER TABLE "family_credit_entries" ADD CONSTRAINT "family_credit_entries_cause_check" CHECK (("family_credit_entries"."kind" = 'payment_on_account') = ("family_credit_entries"."invoice_id" is null and "family_credit_entries"."paid_on" is not null and "family_credit_entries"."method" is not null));--> statement-breakpoint
ALTER TABLE "family_credit_entries" ADD CONSTRAINT "family_credit_entries_method_check" CHECK ("family_credit_entries"."method" is null or "family_credit_entries"."method" in ('cash', 'check', 'bank_transfer', 'card', 'other'));--> statement-breakpoint
ALTER TABLE "family_credit_entries" ADD CONSTRAINT "family_credit_entries_note_check" CHECK (length("family_credit_entries"."note") <= 200);--> statement-breakpoint
ALTER TABLE "family_credit_entries" ADD CONSTRAINT "family_credit_entries_kind_check" CHECK ("family_credit_entries"."kind" in ('void_credit', 'payment_on_account', 'credit_applied'));--> statement-breakpoint
ALTER TABLE "family_credit_entries" ADD CONSTRAINT "family_credit_entries_amount_check" CHECK (("family_credit_entries"."kind" in ('void_credit', 'payment_on_account') and "family_credit_entries"."amount_cents" > 0) or ("family_credit_entries"."kind" = 'credit_applied' and "family_credit_entries"."amount_cents" < 0));--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_kind_check" CHECK ("invoice_lines"."kind" in ('lesson', 'late_cancel', 'extra', 'package'));