CREATE TABLE "search_state" (
	"singleton" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"generation" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "search_state_singleton_check" CHECK ("search_state"."singleton")
);
--> statement-breakpoint
DROP INDEX "teacher_instruments_instrument_idx";--> statement-breakpoint
ALTER TABLE "teacher_profiles" ADD COLUMN "review_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "teacher_profiles" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "teacher_profiles" ADD COLUMN "rating" numeric(2, 1) GENERATED ALWAYS AS (case when review_count > 0 then round(rating_sum::numeric / review_count, 1) end) STORED;--> statement-breakpoint
ALTER TABLE "teacher_profiles" ADD COLUMN "relevance_score" double precision GENERATED ALWAYS AS ((rating_sum + 20)::float8 / (review_count + 5)) STORED;--> statement-breakpoint
ALTER TABLE "teacher_profiles" ADD COLUMN "experience_rank" smallint GENERATED ALWAYS AS (case teaching_experience_years when 'Less than 1' then 0 when '1-3' then 1 when '3-5' then 2 when '5+' then 3 end) STORED;--> statement-breakpoint
CREATE INDEX "teacher_profiles_search_relevance_idx" ON "teacher_profiles" USING btree ("relevance_score" DESC NULLS LAST,"discovery_enabled_at" DESC NULLS LAST,"id" DESC NULLS LAST,"lesson_format","rating","latitude","longitude") WHERE "teacher_profiles"."is_discoverable";--> statement-breakpoint
CREATE INDEX "teacher_profiles_search_rating_idx" ON "teacher_profiles" USING btree ("rating" DESC NULLS LAST,"review_count" DESC NULLS LAST,"id" DESC NULLS LAST,"lesson_format","rating","latitude","longitude") WHERE "teacher_profiles"."is_discoverable";--> statement-breakpoint
CREATE INDEX "teacher_profiles_search_price_idx" ON "teacher_profiles" USING btree ("hourly_rate_min","hourly_rate_max","id","lesson_format","rating","latitude","longitude") WHERE "teacher_profiles"."is_discoverable";--> statement-breakpoint
CREATE INDEX "teacher_profiles_search_experience_idx" ON "teacher_profiles" USING btree ("experience_rank" DESC NULLS LAST,"relevance_score" DESC NULLS LAST,"id" DESC NULLS LAST,"lesson_format","rating","latitude","longitude") WHERE "teacher_profiles"."is_discoverable";--> statement-breakpoint
CREATE INDEX "teacher_profiles_search_location_idx" ON "teacher_profiles" USING gist (ll_to_earth("latitude", "longitude")) WHERE "teacher_profiles"."is_discoverable" and "teacher_profiles"."latitude" is not null;--> statement-breakpoint
CREATE INDEX "teacher_profiles_search_place_text_idx" ON "teacher_profiles" USING gin (("city" || ', ' || "state") gin_trgm_ops) WHERE "teacher_profiles"."is_discoverable";--> statement-breakpoint
CREATE INDEX "teacher_instruments_instrument_idx" ON "teacher_instruments" USING btree ("instrument","teacher_id");