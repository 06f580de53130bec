CREATE TABLE "conversation_reads" (
	"conversation_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"last_read_at" timestamp with time zone,
	"last_emailed_at" timestamp with time zone,
	CONSTRAINT "conversation_reads_conversation_id_user_id_pk" PRIMARY KEY("conversation_id","user_id")
);
--> statement-breakpoint
DROP INDEX "conversations_pair_key";--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "parent_id" uuid;--> statement-breakpoint
ALTER TABLE "conversation_reads" ADD CONSTRAINT "conversation_reads_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_reads" ADD CONSTRAINT "conversation_reads_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_parent_id_parent_profiles_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."parent_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- ===== Hand-written (issue 45, conversations belong to the household): backfill, merge, read state =====
-- The household of the login that held the conversation (a deleted login has no profile: null, as
-- a closed conversation).
UPDATE "conversations" c SET "parent_id" = pp."household_id"
  FROM "parent_profiles" pp WHERE pp."user_id" = c."parent_user_id";--> statement-breakpoint
-- Each participant's read state, from the receipts as they were (every read marked all the other
-- side's messages at once, so the newest message a side had read, or sent, is its watermark):
-- the teacher, and the login each conversation was with. Taken before the merge, per old conversation.
INSERT INTO "conversation_reads" ("conversation_id", "user_id", "last_read_at", "last_emailed_at")
SELECT c."id", x."user_id", x."last_read_at", c."last_emailed_at"
  FROM "conversations" c
  CROSS JOIN LATERAL (
    SELECT c."teacher_user_id" AS "user_id",
           (SELECT max(m."created_at") FROM "messages" m WHERE m."conversation_id" = c."id"
              AND (m."sender_user_id" IS NOT DISTINCT FROM c."teacher_user_id" OR m."read_at" IS NOT NULL)) AS "last_read_at"
    UNION ALL
    SELECT c."parent_user_id",
           (SELECT max(m."created_at") FROM "messages" m WHERE m."conversation_id" = c."id"
              AND (m."sender_user_id" IS NOT DISTINCT FROM c."parent_user_id" OR m."read_at" IS NOT NULL))
  ) x
 WHERE x."user_id" IS NOT NULL;--> statement-breakpoint
-- Two guardians of one household who each opened a conversation with the same teacher (possible
-- since 0029): the earliest conversation is kept, the others' messages, blocks and read state move
-- into it, and the others go. What it was started about is the kept one's, else the first known.
CREATE TEMPORARY TABLE "conversation_merges" AS
SELECT c."id" AS "from_id", k."id" AS "into_id"
  FROM "conversations" c
  JOIN LATERAL (
    SELECT k."id" FROM "conversations" k
     WHERE k."parent_id" = c."parent_id" AND k."teacher_user_id" = c."teacher_user_id"
     ORDER BY k."created_at", k."id" LIMIT 1
  ) k ON k."id" <> c."id"
 WHERE c."parent_id" IS NOT NULL AND c."teacher_user_id" IS NOT NULL;--> statement-breakpoint
UPDATE "messages" m SET "conversation_id" = g."into_id" FROM "conversation_merges" g WHERE m."conversation_id" = g."from_id";--> statement-breakpoint
INSERT INTO "conversation_blocks" ("conversation_id", "blocker_user_id", "created_at")
SELECT g."into_id", b."blocker_user_id", b."created_at"
  FROM "conversation_blocks" b JOIN "conversation_merges" g ON g."from_id" = b."conversation_id"
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- A read row on a merged conversation: the participant keeps the later of their two watermarks
-- (the teacher had one on each); a guardian's own watermark stops where their own thread was read,
-- so the other guardian's messages after it are new to them.
INSERT INTO "conversation_reads" ("conversation_id", "user_id", "last_read_at", "last_emailed_at")
SELECT g."into_id", r."user_id", max(r."last_read_at"), max(r."last_emailed_at")
  FROM "conversation_reads" r JOIN "conversation_merges" g ON g."from_id" = r."conversation_id"
 GROUP BY g."into_id", r."user_id"
ON CONFLICT ("conversation_id", "user_id") DO UPDATE
  SET "last_read_at" = greatest("conversation_reads"."last_read_at", excluded."last_read_at"),
      "last_emailed_at" = greatest("conversation_reads"."last_emailed_at", excluded."last_emailed_at");--> statement-breakpoint
UPDATE "conversations" k
   SET "student_id" = coalesce(k."student_id", f."student_id"),
       "class_id" = coalesce(k."class_id", f."class_id"),
       "last_message_at" = (SELECT max(m."created_at") FROM "messages" m WHERE m."conversation_id" = k."id")
  FROM (
    SELECT g."into_id",
           (array_agg(c."student_id" ORDER BY c."created_at") FILTER (WHERE c."student_id" IS NOT NULL))[1] AS "student_id",
           (array_agg(c."class_id" ORDER BY c."created_at") FILTER (WHERE c."class_id" IS NOT NULL))[1] AS "class_id"
      FROM "conversation_merges" g JOIN "conversations" c ON c."id" = g."from_id"
     GROUP BY g."into_id"
  ) f
 WHERE k."id" = f."into_id";--> statement-breakpoint
DELETE FROM "conversations" c USING "conversation_merges" g WHERE c."id" = g."from_id";--> statement-breakpoint
DROP TABLE "conversation_merges";--> statement-breakpoint
-- A guardian who joined before this migration and never wrote in the household's conversation:
-- what was said before they joined is history to them, not unread news.
INSERT INTO "conversation_reads" ("conversation_id", "user_id", "last_read_at")
SELECT c."id", pp."user_id", pp."household_joined_at"
  FROM "conversations" c JOIN "parent_profiles" pp ON pp."household_id" = c."parent_id"
 WHERE pp."household_joined_at" IS NOT NULL
ON CONFLICT ("conversation_id", "user_id") DO UPDATE
  SET "last_read_at" = greatest("conversation_reads"."last_read_at", excluded."last_read_at");--> statement-breakpoint
-- ===== End of the hand-written part; generated again (moved after it: the unique index needs the merge done) =====
ALTER TABLE "conversations" DROP CONSTRAINT "conversations_parent_user_id_user_id_fk";--> statement-breakpoint
ALTER TABLE "conversations" DROP COLUMN "parent_user_id";--> statement-breakpoint
ALTER TABLE "conversations" DROP COLUMN "last_emailed_at";--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_household_teacher_key" ON "conversations" USING btree ("parent_id","teacher_user_id");
