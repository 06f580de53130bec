CREATE TABLE "family_credit_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"teacher_id" uuid,
	"parent_id" uuid,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"invoice_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "family_credit_entries_kind_check" CHECK ("family_credit_entries"."kind" in ('void_credit', 'credit_applied')),
	CONSTRAINT "family_credit_entries_amount_check" CHECK (("family_credit_entries"."kind" = 'void_credit' and "family_credit_entries"."amount_cents" > 0) or ("family_credit_entries"."kind" = 'credit_applied' and "family_credit_entries"."amount_cents" < 0))
);
--> statement-breakpoint
ALTER TABLE "invoice_payments" DROP CONSTRAINT "invoice_payments_method_check";--> statement-breakpoint
ALTER TABLE "family_credit_entries" ADD CONSTRAINT "family_credit_entries_teacher_id_teacher_profiles_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teacher_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_credit_entries" ADD CONSTRAINT "family_credit_entries_parent_id_parent_profiles_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."parent_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_credit_entries" ADD CONSTRAINT "family_credit_entries_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "family_credit_entries_family_idx" ON "family_credit_entries" USING btree ("teacher_id","parent_id","created_at");--> statement-breakpoint
-- Issue 40: a void invoice is replaced at most once. A database that already holds a second
-- replacement keeps the first (the oldest) as the replacement; the later ones stand on their own.
UPDATE "invoices" SET "replaces_invoice_id" = NULL WHERE "id" IN (
  SELECT "id" FROM (
    SELECT "id", row_number() OVER (PARTITION BY "replaces_invoice_id" ORDER BY "created_at", "id") AS "n"
      FROM "invoices" WHERE "replaces_invoice_id" IS NOT NULL
  ) AS "ranked" WHERE "n" > 1
);--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_replaces_once_key" ON "invoices" USING btree ("replaces_invoice_id") WHERE "invoices"."replaces_invoice_id" is not null;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_method_check" CHECK ("invoice_payments"."method" in ('cash', 'check', 'bank_transfer', 'card', 'other', 'credit'));--> statement-breakpoint
-- Payments already recorded on invoices voided before this change become the family's credit.
INSERT INTO "family_credit_entries" ("teacher_id", "parent_id", "kind", "amount_cents", "invoice_id", "created_at")
SELECT "teacher_id", "parent_id", 'void_credit', "paid_cents", "id", coalesce("voided_at", now())
  FROM "invoices" WHERE "status" = 'void' AND "paid_cents" > 0;