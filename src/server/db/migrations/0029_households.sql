CREATE TABLE "household_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid NOT NULL,
	"invited_by" uuid,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by_user_id" text,
	"refused_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "household_invitations_email_check" CHECK (length("household_invitations"."email") between 3 and 254 and "household_invitations"."email" = lower("household_invitations"."email")),
	CONSTRAINT "household_invitations_expiry_check" CHECK ("household_invitations"."expires_at" > "household_invitations"."created_at"),
	CONSTRAINT "household_invitations_one_end_check" CHECK (num_nonnulls("household_invitations"."accepted_at", "household_invitations"."refused_at", "household_invitations"."revoked_at") <= 1)
);
--> statement-breakpoint
-- Issue 45: every parent account becomes a one-guardian household (its own row is the household).
ALTER TABLE "parent_profiles" ADD COLUMN "household_id" uuid;--> statement-breakpoint
UPDATE "parent_profiles" SET "household_id" = "id";--> statement-breakpoint
ALTER TABLE "parent_profiles" ALTER COLUMN "household_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "parent_profiles" ADD COLUMN "household_invited_by" uuid;--> statement-breakpoint
ALTER TABLE "parent_profiles" ADD COLUMN "household_joined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "household_invitations" ADD CONSTRAINT "household_invitations_household_id_parent_profiles_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."parent_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_invitations" ADD CONSTRAINT "household_invitations_invited_by_parent_profiles_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."parent_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_invitations" ADD CONSTRAINT "household_invitations_accepted_by_user_id_user_id_fk" FOREIGN KEY ("accepted_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "household_invitations_token_key" ON "household_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "household_invitations_household_idx" ON "household_invitations" USING btree ("household_id","created_at");--> statement-breakpoint
ALTER TABLE "parent_profiles" ADD CONSTRAINT "parent_profiles_household_id_parent_profiles_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."parent_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_profiles" ADD CONSTRAINT "parent_profiles_household_invited_by_parent_profiles_id_fk" FOREIGN KEY ("household_invited_by") REFERENCES "public"."parent_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "parent_profiles_household_idx" ON "parent_profiles" USING btree ("household_id");--> statement-breakpoint
ALTER TABLE "parent_profiles" ADD CONSTRAINT "parent_profiles_household_joined_check" CHECK (("parent_profiles"."household_id" = "parent_profiles"."id") = ("parent_profiles"."household_joined_at" is null));--> statement-breakpoint
-- A new parent profile is a household of its own unless it names one; a household is always a
-- founder's row (one level: a guardian who joined cannot be joined in turn), whatever writes it.
CREATE FUNCTION parent_profiles_household() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.household_id IS NULL THEN
    NEW.household_id := NEW.id;
  END IF;
  IF NEW.household_id <> NEW.id AND EXISTS (
    SELECT 1 FROM parent_profiles p WHERE p.id = NEW.household_id AND p.household_id <> p.id
  ) THEN
    RAISE EXCEPTION 'a household is a founder''s parent profile' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER parent_profiles_household
  BEFORE INSERT OR UPDATE OF household_id ON parent_profiles
  FOR EACH ROW
  EXECUTE FUNCTION parent_profiles_household();
