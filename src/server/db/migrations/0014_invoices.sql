CREATE TABLE "invoice_counters" (
	"teacher_id" uuid NOT NULL,
	"year" smallint NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "invoice_counters_teacher_id_year_pk" PRIMARY KEY("teacher_id","year")
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"kind" text NOT NULL,
	"booking_id" uuid,
	"description" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"quantity" smallint DEFAULT 1 NOT NULL,
	"unit_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"released" boolean DEFAULT false NOT NULL,
	CONSTRAINT "invoice_lines_kind_check" CHECK ("invoice_lines"."kind" in ('lesson', 'late_cancel', 'extra')),
	CONSTRAINT "invoice_lines_booking_check" CHECK ("invoice_lines"."kind" <> 'extra' or "invoice_lines"."booking_id" is null),
	CONSTRAINT "invoice_lines_amount_check" CHECK ("invoice_lines"."unit_cents" >= 0 and "invoice_lines"."quantity" between 1 and 100 and "invoice_lines"."amount_cents" = "invoice_lines"."unit_cents" * "invoice_lines"."quantity"),
	CONSTRAINT "invoice_lines_description_check" CHECK (length(trim("invoice_lines"."description")) > 0 and length("invoice_lines"."description") <= 200)
);
--> statement-breakpoint
CREATE TABLE "invoice_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"paid_on" date NOT NULL,
	"method" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_payments_amount_check" CHECK ("invoice_payments"."amount_cents" > 0),
	CONSTRAINT "invoice_payments_method_check" CHECK ("invoice_payments"."method" in ('cash', 'check', 'bank_transfer', 'card', 'other')),
	CONSTRAINT "invoice_payments_note_check" CHECK (length("invoice_payments"."note") <= 200)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"teacher_id" uuid,
	"parent_id" uuid,
	"number" text NOT NULL,
	"year" smallint NOT NULL,
	"sequence" integer NOT NULL,
	"numbering_teacher_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"issue_date" date NOT NULL,
	"due_date" date NOT NULL,
	"period_from" date,
	"period_to" date,
	"note" text DEFAULT '' NOT NULL,
	"total_cents" integer DEFAULT 0 NOT NULL,
	"paid_cents" integer DEFAULT 0 NOT NULL,
	"teacher_name" text NOT NULL,
	"teacher_email" text NOT NULL,
	"teacher_phone" text DEFAULT '' NOT NULL,
	"teacher_time_zone" text NOT NULL,
	"payment_instructions" text DEFAULT '' NOT NULL,
	"family_name" text NOT NULL,
	"family_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"overdue_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"void_reason" text,
	"replaces_invoice_id" uuid,
	CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" in ('draft', 'sent', 'void')),
	CONSTRAINT "invoices_currency_check" CHECK ("invoices"."currency" = 'USD'),
	CONSTRAINT "invoices_sequence_check" CHECK ("invoices"."sequence" > 0),
	CONSTRAINT "invoices_amounts_check" CHECK ("invoices"."total_cents" >= 0 and "invoices"."paid_cents" >= 0 and "invoices"."paid_cents" <= "invoices"."total_cents"),
	CONSTRAINT "invoices_dates_check" CHECK ("invoices"."due_date" >= "invoices"."issue_date" and ("invoices"."period_from" is null) = ("invoices"."period_to" is null) and ("invoices"."period_to" is null or "invoices"."period_to" >= "invoices"."period_from")),
	CONSTRAINT "invoices_sent_check" CHECK (("invoices"."status" = 'draft') = ("invoices"."sent_at" is null) or "invoices"."status" = 'void'),
	CONSTRAINT "invoices_void_check" CHECK (("invoices"."status" = 'void') = ("invoices"."voided_at" is not null) and ("invoices"."voided_at" is null) = ("invoices"."void_reason" is null)),
	CONSTRAINT "invoices_note_check" CHECK (length("invoices"."note") <= 1000),
	CONSTRAINT "invoices_void_reason_check" CHECK ("invoices"."void_reason" is null or (length(trim("invoices"."void_reason")) > 0 and length("invoices"."void_reason") <= 500))
);
--> statement-breakpoint
ALTER TABLE "teacher_profiles" ADD COLUMN "late_cancel_charge" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "teacher_profiles" ADD COLUMN "payment_instructions" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "price_cents" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "price_estimated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancel_charge_cents" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancel_notice_hours" smallint;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD CONSTRAINT "invoice_counters_teacher_id_teacher_profiles_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teacher_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_teacher_id_teacher_profiles_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teacher_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_parent_id_parent_profiles_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."parent_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_lines_invoice_idx" ON "invoice_lines" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_booking_once_key" ON "invoice_lines" USING btree ("booking_id") WHERE "invoice_lines"."booking_id" is not null and not "invoice_lines"."released";--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice_idx" ON "invoice_payments" USING btree ("invoice_id","paid_on");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("numbering_teacher_id","year","sequence");--> statement-breakpoint
CREATE INDEX "invoices_teacher_idx" ON "invoices" USING btree ("teacher_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_parent_idx" ON "invoices" USING btree ("parent_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_open_due_idx" ON "invoices" USING btree ("due_date") WHERE "invoices"."status" = 'sent' and "invoices"."paid_cents" < "invoices"."total_cents";--> statement-breakpoint
ALTER TABLE "teacher_profiles" ADD CONSTRAINT "teacher_profiles_late_cancel_charge_check" CHECK ("teacher_profiles"."late_cancel_charge" in ('none', 'half', 'full'));--> statement-breakpoint
ALTER TABLE "teacher_profiles" ADD CONSTRAINT "teacher_profiles_payment_instructions_check" CHECK (length("teacher_profiles"."payment_instructions") <= 1000);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_price_check" CHECK ("bookings"."price_cents" is null or "bookings"."price_cents" between 0 and 100000);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_cancel_charge_check" CHECK ("bookings"."cancel_charge_cents" is null or ("bookings"."status" = 'cancelled' and "bookings"."cancel_charge_cents" > 0 and "bookings"."cancel_charge_cents" <= "bookings"."price_cents" and "bookings"."cancel_notice_hours" is not null));--> statement-breakpoint
-- Lessons accepted before prices existed (issue 28): a full lesson gets the low end of its teacher's
-- listed range for its length, marked as estimated; an intro call is free. A lesson whose teacher
-- deleted their account has no range left and stays without a price.
UPDATE "bookings" AS b SET
	"price_cents" = CASE WHEN b."booking_type" = 'intro' THEN 0 ELSE LEAST(t."hourly_rate_min" * 100, 100000) END,
	"price_estimated" = b."booking_type" <> 'intro'
FROM "teacher_profiles" AS t
WHERE t."id" = b."teacher_id" AND b."decided_at" IS NOT NULL AND b."status" IN ('accepted', 'cancelled');
