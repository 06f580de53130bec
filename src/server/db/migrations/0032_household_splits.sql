CREATE TABLE "household_split_entries" (
	"teacher_id" uuid NOT NULL,
	"household_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"guardian_id" uuid,
	"student_id" uuid,
	"basis_points" smallint,
	CONSTRAINT "household_split_entries_teacher_id_household_id_position_pk" PRIMARY KEY("teacher_id","household_id","position"),
	CONSTRAINT "household_split_entries_position_check" CHECK ("household_split_entries"."position" between 1 and 6),
	CONSTRAINT "household_split_entries_share_check" CHECK (("household_split_entries"."student_id" is null) = ("household_split_entries"."basis_points" is not null) and ("household_split_entries"."basis_points" is null or "household_split_entries"."basis_points" between 0 and 10000))
);
--> statement-breakpoint
CREATE TABLE "household_splits" (
	"teacher_id" uuid NOT NULL,
	"household_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "household_splits_teacher_id_household_id_pk" PRIMARY KEY("teacher_id","household_id"),
	CONSTRAINT "household_splits_kind_check" CHECK ("household_splits"."kind" in ('shares', 'per_student'))
);
--> statement-breakpoint
DROP INDEX "invoice_lines_booking_once_key";--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "share" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "guardian_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "guardian_name" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "guardian_email" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "share_note" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "split_group_id" uuid;--> statement-breakpoint
ALTER TABLE "household_split_entries" ADD CONSTRAINT "household_split_entries_guardian_id_parent_profiles_id_fk" FOREIGN KEY ("guardian_id") REFERENCES "public"."parent_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_split_entries" ADD CONSTRAINT "household_split_entries_student_id_student_profiles_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."student_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_split_entries" ADD CONSTRAINT "household_split_entries_split_fk" FOREIGN KEY ("teacher_id","household_id") REFERENCES "public"."household_splits"("teacher_id","household_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_splits" ADD CONSTRAINT "household_splits_teacher_id_teacher_profiles_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teacher_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_splits" ADD CONSTRAINT "household_splits_household_id_parent_profiles_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."parent_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_guardian_id_parent_profiles_id_fk" FOREIGN KEY ("guardian_id") REFERENCES "public"."parent_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_guardian_idx" ON "invoices" USING btree ("guardian_id","created_at") WHERE "invoices"."guardian_id" is not null;--> statement-breakpoint
CREATE INDEX "invoices_split_group_idx" ON "invoices" USING btree ("split_group_id") WHERE "invoices"."split_group_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_booking_once_key" ON "invoice_lines" USING btree ("booking_id","share") WHERE "invoice_lines"."booking_id" is not null and not "invoice_lines"."released";--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_share_check" CHECK ("invoice_lines"."share" between 0 and 6);--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_share_check" CHECK (("invoices"."share_note" is null) = ("invoices"."guardian_name" is null) and ("invoices"."share_note" is null) = ("invoices"."guardian_email" is null) and ("invoices"."share_note" is null) = ("invoices"."split_group_id" is null) and ("invoices"."guardian_id" is null or "invoices"."share_note" is not null));