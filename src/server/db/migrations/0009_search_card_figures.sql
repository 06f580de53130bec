ALTER TABLE "teacher_profiles" ADD COLUMN "search_instruments" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "teacher_profiles" ADD COLUMN "total_students" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A search card's instruments and students, kept on teacher_profiles by the triggers below
-- whatever code writes teacher_instruments and bookings, so that a search page reads each card
-- from its row (two aggregates per teacher were a quarter of the page query's cost). Statement
-- triggers with transition tables: a bulk write refreshes each teacher once, and a row is only
-- rewritten when its figure changes.
--
-- Instruments: most years taught first, ties in the order of INSTRUMENT_KEYS
-- (src/shared/teachers/teachers.constants.ts; search-card-figures.test.ts checks the list below).
CREATE OR REPLACE FUNCTION "refresh_search_instruments"("teachers" uuid[]) RETURNS void
LANGUAGE sql AS $$
  UPDATE "teacher_profiles" AS tp
     SET "search_instruments" = fresh."list"
    FROM (SELECT t."id",
                 coalesce((SELECT array_agg(ti."instrument" ORDER BY ti."years_teaching" DESC,
                                   array_position(ARRAY['piano', 'guitar', 'violin', 'drums', 'voice', 'flute', 'saxophone', 'trumpet', 'cello', 'bass', 'clarinet', 'ukulele']::text[], ti."instrument"))
                             FROM "teacher_instruments" ti WHERE ti."teacher_id" = t."id"), '{}'::text[]) AS "list"
            FROM unnest("teachers") AS t("id")) AS fresh
   WHERE tp."id" = fresh."id" AND tp."search_instruments" IS DISTINCT FROM fresh."list";
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "teacher_instruments_keep_search_card"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "refresh_search_instruments"(ARRAY(SELECT DISTINCT "teacher_id" FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "refresh_search_instruments"(ARRAY(SELECT DISTINCT "teacher_id" FROM old_rows));
  ELSE
    PERFORM "refresh_search_instruments"(ARRAY(SELECT "teacher_id" FROM old_rows UNION SELECT "teacher_id" FROM new_rows));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "teacher_instruments_search_card_insert" AFTER INSERT ON "teacher_instruments"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "teacher_instruments_keep_search_card"();
--> statement-breakpoint
CREATE TRIGGER "teacher_instruments_search_card_update" AFTER UPDATE ON "teacher_instruments"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "teacher_instruments_keep_search_card"();
--> statement-breakpoint
CREATE TRIGGER "teacher_instruments_search_card_delete" AFTER DELETE ON "teacher_instruments"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "teacher_instruments_keep_search_card"();
--> statement-breakpoint
-- Students: distinct students with an accepted booking (only accepted rows can change it).
CREATE OR REPLACE FUNCTION "refresh_total_students"("teachers" uuid[]) RETURNS void
LANGUAGE sql AS $$
  UPDATE "teacher_profiles" AS tp
     SET "total_students" = fresh."n"
    FROM (SELECT t."id",
                 (SELECT count(DISTINCT b."student_id")::int FROM "bookings" b
                   WHERE b."teacher_id" = t."id" AND b."status" = 'accepted') AS "n"
            FROM unnest("teachers") AS t("id")) AS fresh
   WHERE tp."id" = fresh."id" AND tp."total_students" IS DISTINCT FROM fresh."n";
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bookings_keep_total_students"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "refresh_total_students"(ARRAY(SELECT DISTINCT "teacher_id" FROM new_rows WHERE "status" = 'accepted'));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "refresh_total_students"(ARRAY(SELECT DISTINCT "teacher_id" FROM old_rows WHERE "status" = 'accepted'));
  ELSE
    PERFORM "refresh_total_students"(ARRAY(SELECT "teacher_id" FROM old_rows WHERE "status" = 'accepted'
                                           UNION SELECT "teacher_id" FROM new_rows WHERE "status" = 'accepted'));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "bookings_total_students_insert" AFTER INSERT ON "bookings"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "bookings_keep_total_students"();
--> statement-breakpoint
CREATE TRIGGER "bookings_total_students_update" AFTER UPDATE ON "bookings"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "bookings_keep_total_students"();
--> statement-breakpoint
CREATE TRIGGER "bookings_total_students_delete" AFTER DELETE ON "bookings"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "bookings_keep_total_students"();
--> statement-breakpoint
SELECT "refresh_search_instruments"(ARRAY(SELECT "id" FROM "teacher_profiles"));
--> statement-breakpoint
SELECT "refresh_total_students"(ARRAY(SELECT "id" FROM "teacher_profiles"));
