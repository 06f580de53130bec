-- Search reads ratings from teacher_profiles (review_count, rating_sum and the generated rating
-- and relevance_score of migration 0003) so that it can filter and sort with indexes. These
-- triggers keep those figures equal to the reviews table whatever code writes reviews.
CREATE OR REPLACE FUNCTION "reviews_keep_teacher_rating"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "teacher_profiles"
       SET "review_count" = "review_count" - 1, "rating_sum" = "rating_sum" - OLD."rating"
     WHERE "id" = OLD."teacher_id";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE "teacher_profiles"
       SET "review_count" = "review_count" + 1, "rating_sum" = "rating_sum" + NEW."rating"
     WHERE "id" = NEW."teacher_id";
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "reviews_keep_teacher_rating"
  AFTER INSERT OR DELETE OR UPDATE OF "rating", "teacher_id" ON "reviews"
  FOR EACH ROW EXECUTE FUNCTION "reviews_keep_teacher_rating"();
--> statement-breakpoint
UPDATE "teacher_profiles" AS tp
   SET "review_count" = r.n, "rating_sum" = r.total
  FROM (SELECT "teacher_id", count(*)::int AS n, sum("rating")::int AS total FROM "reviews" GROUP BY "teacher_id") AS r
 WHERE tp."id" = r."teacher_id";
--> statement-breakpoint
-- search_state.generation goes up for every row changed in what search reads (reviews reach it
-- through the rating update above). Deferred constraint triggers run at commit, so a writer takes
-- the row lock only in its last moment and never holds it while doing other work.
INSERT INTO "search_state" ("singleton", "generation") VALUES (true, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "search_state_bump"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "search_state" SET "generation" = "generation" + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "teacher_profiles_search_bump"
  AFTER INSERT OR UPDATE OR DELETE ON "teacher_profiles"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "search_state_bump"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "teacher_instruments_search_bump"
  AFTER INSERT OR UPDATE OR DELETE ON "teacher_instruments"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "search_state_bump"();
