-- Issue 39: a report is evidence. What was reported, by whom, why, and the snapshot of the content
-- as it was when reported cannot change once stored, whatever code or person connects, and a
-- report is never deleted. What may change is its handling (status, resolution, who resolved it
-- and when: the operator actions, which are audited) and, when an account is deleted, its
-- account columns becoming null (ON DELETE SET NULL).
CREATE OR REPLACE FUNCTION "reports_keep_evidence"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'TRUNCATE') THEN
    RAISE EXCEPTION 'a report is evidence and cannot be deleted (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF NEW.id IS DISTINCT FROM OLD.id
     OR NEW.target_kind IS DISTINCT FROM OLD.target_kind
     OR NEW.target_id IS DISTINCT FROM OLD.target_id
     OR NEW.reason IS DISTINCT FROM OLD.reason
     OR NEW.details IS DISTINCT FROM OLD.details
     OR NEW.snapshot IS DISTINCT FROM OLD.snapshot
     OR NEW.created_at IS DISTINCT FROM OLD.created_at
     OR (NEW.reporter_user_id IS DISTINCT FROM OLD.reporter_user_id AND NEW.reporter_user_id IS NOT NULL)
     OR (NEW.reported_user_id IS DISTINCT FROM OLD.reported_user_id AND NEW.reported_user_id IS NOT NULL) THEN
    RAISE EXCEPTION 'a report''s evidence cannot be changed (only its status and resolution)' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "reports_keep_evidence"
  BEFORE UPDATE OR DELETE ON "reports"
  FOR EACH ROW EXECUTE FUNCTION "reports_keep_evidence"();
--> statement-breakpoint
CREATE TRIGGER "reports_no_truncate"
  BEFORE TRUNCATE ON "reports"
  FOR EACH STATEMENT EXECUTE FUNCTION "reports_keep_evidence"();
