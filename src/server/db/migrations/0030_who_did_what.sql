ALTER TABLE "bookings" ADD COLUMN "requested_by_guardian_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancelled_by_guardian_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "moved_by_guardian_id" uuid;--> statement-breakpoint
ALTER TABLE "practice_entries" ADD COLUMN "logged_by_guardian_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_requested_by_guardian_id_parent_profiles_id_fk" FOREIGN KEY ("requested_by_guardian_id") REFERENCES "public"."parent_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_cancelled_by_guardian_id_parent_profiles_id_fk" FOREIGN KEY ("cancelled_by_guardian_id") REFERENCES "public"."parent_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_moved_by_guardian_id_parent_profiles_id_fk" FOREIGN KEY ("moved_by_guardian_id") REFERENCES "public"."parent_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_entries" ADD CONSTRAINT "practice_entries_logged_by_guardian_id_parent_profiles_id_fk" FOREIGN KEY ("logged_by_guardian_id") REFERENCES "public"."parent_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Hand-written (issue 45): what a one-guardian household did before this migration was done by
-- that guardian, its founder. A household that already had a second guardian is left null: which
-- of them asked or logged is not known, and no name is better than a wrong one.
UPDATE "bookings" b SET "requested_by_guardian_id" = b."parent_id"
 WHERE b."parent_id" IS NOT NULL
   AND (SELECT count(*) FROM "parent_profiles" g WHERE g."household_id" = b."parent_id") = 1;--> statement-breakpoint
UPDATE "bookings" b SET "cancelled_by_guardian_id" = b."parent_id"
 WHERE b."cancelled_by" = 'parent' AND b."parent_id" IS NOT NULL
   AND (SELECT count(*) FROM "parent_profiles" g WHERE g."household_id" = b."parent_id") = 1;--> statement-breakpoint
UPDATE "practice_entries" e SET "logged_by_guardian_id" = e."parent_id"
 WHERE (SELECT count(*) FROM "parent_profiles" g WHERE g."household_id" = e."parent_id") = 1;
