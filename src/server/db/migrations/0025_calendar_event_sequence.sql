-- RFC 5545 SEQUENCE of calendar events (issue 46): calendar apps (Google above all) ignore a changed
-- event whose SEQUENCE did not grow, so every change of what an app shows raises it, by whatever
-- path the row is written (a move, a cancel, an edit, a renamed student): one owner, the database.
CREATE FUNCTION calendar_events_bump_sequence() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.sequence := OLD.sequence + 1;
  NEW.updated_at := now();
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER calendar_events_sequence
  BEFORE UPDATE ON calendar_events
  FOR EACH ROW
  WHEN (OLD.title IS DISTINCT FROM NEW.title
    OR OLD.starts_at IS DISTINCT FROM NEW.starts_at
    OR OLD.ends_at IS DISTINCT FROM NEW.ends_at
    OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.notes IS DISTINCT FROM NEW.notes
    OR OLD.event_type IS DISTINCT FROM NEW.event_type)
  EXECUTE FUNCTION calendar_events_bump_sequence();
