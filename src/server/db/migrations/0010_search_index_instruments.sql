-- The search sort indexes end with search_instruments too (what a card shows, kept by the
-- triggers of migration 0009), and search filters an instrument on that column: walking a sort
-- index near a point checks the instrument in the index entry, where it looked up
-- teacher_instruments for every teacher it passed (relevance near New York: about 100 lookups a page).
DROP INDEX "teacher_profiles_search_relevance_idx";--> statement-breakpoint
DROP INDEX "teacher_profiles_search_rating_idx";--> statement-breakpoint
DROP INDEX "teacher_profiles_search_price_idx";--> statement-breakpoint
DROP INDEX "teacher_profiles_search_experience_idx";--> statement-breakpoint
CREATE INDEX "teacher_profiles_search_relevance_idx" ON "teacher_profiles" USING btree ("relevance_score" DESC NULLS LAST,"discovery_enabled_at" DESC NULLS LAST,"id" DESC NULLS LAST,"lesson_format","rating","latitude","longitude","search_instruments") WHERE "teacher_profiles"."is_discoverable";--> statement-breakpoint
CREATE INDEX "teacher_profiles_search_rating_idx" ON "teacher_profiles" USING btree ("rating" DESC NULLS LAST,"review_count" DESC NULLS LAST,"id" DESC NULLS LAST,"lesson_format","rating","latitude","longitude","search_instruments") WHERE "teacher_profiles"."is_discoverable";--> statement-breakpoint
CREATE INDEX "teacher_profiles_search_price_idx" ON "teacher_profiles" USING btree ("hourly_rate_min","hourly_rate_max","id","lesson_format","rating","latitude","longitude","search_instruments") WHERE "teacher_profiles"."is_discoverable";--> statement-breakpoint
CREATE INDEX "teacher_profiles_search_experience_idx" ON "teacher_profiles" USING btree ("experience_rank" DESC NULLS LAST,"relevance_score" DESC NULLS LAST,"id" DESC NULLS LAST,"lesson_format","rating","latitude","longitude","search_instruments") WHERE "teacher_profiles"."is_discoverable";