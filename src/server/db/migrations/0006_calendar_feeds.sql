-- Feed tokens were kept in clear; none is carried over (a user regenerates their link).
DELETE FROM "calendar_feeds";--> statement-breakpoint
ALTER TABLE "calendar_feeds" DROP CONSTRAINT "calendar_feeds_token_unique";--> statement-breakpoint
ALTER TABLE "calendar_feeds" DROP COLUMN "token";--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD COLUMN "token_hash" text NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_tokenHash_unique" UNIQUE("token_hash");