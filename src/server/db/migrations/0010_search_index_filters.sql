-- The search sort indexes end with the columns every filter reads, so a walk near a point decides
-- each teacher in the index entry: search_instruments (the card's list, kept by the triggers of
-- migration 0009; a walk looked up teacher_instruments for every teacher near the point) and
-- rating_filter_tenths (the rating in tenths, 50 without reviews: an integer compared inside the
-- index scan, where the numeric rating was compared for every entry the walk passed).
DROP INDEX "teacher_profiles_search_relevance_idx";--> statement-breakpoint
DROP INDEX "teacher_profiles_search_rating_idx";--> statement-breakpoint
DROP INDEX "teacher_profiles_search_price_idx";--> statement-breakpoint
DROP INDEX "teacher_profiles_search_experience_idx";--> statement-breakpoint
ALTER TABLE "teacher_profiles" ADD COLUMN "rating_filter_tenths" smallint GENERATED ALWAYS AS (case when review_count > 0 then round(rating_sum * 10.0 / review_count)::smallint else 50 end) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "teacher_profiles_search_relevance_idx" ON "teacher_profiles" USING btree ("relevance_score" DESC NULLS LAST,"discovery_enabled_at" DESC NULLS LAST,"id" DESC NULLS LAST,"lesson_format","rating_filter_tenths","latitude","longitude","search_instruments") WHERE "teacher_profiles"."is_discoverable";--> statement-breakpoint
CREATE INDEX "teacher_profiles_search_rating_idx" ON "teacher_profiles" USING btree ("rating" DESC NULLS LAST,"review_count" DESC NULLS LAST,"id" DESC NULLS LAST,"lesson_format","rating_filter_tenths","latitude","longitude","search_instruments") WHERE "teacher_profiles"."is_discoverable";--> statement-breakpoint
CREATE INDEX "teacher_profiles_search_price_idx" ON "teacher_profiles" USING btree ("hourly_rate_min","hourly_rate_max","id","lesson_format","rating_filter_tenths","latitude","longitude","search_instruments") WHERE "teacher_profiles"."is_discoverable";--> statement-breakpoint
CREATE INDEX "teacher_profiles_search_experience_idx" ON "teacher_profiles" USING btree ("experience_rank" DESC NULLS LAST,"relevance_score" DESC NULLS LAST,"id" DESC NULLS LAST,"lesson_format","rating_filter_tenths","latitude","longitude","search_instruments") WHERE "teacher_profiles"."is_discoverable";