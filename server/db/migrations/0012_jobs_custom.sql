-- Jobs (issue 13, decision 025): typo matching on titles, and the application history kept append-only.
CREATE INDEX IF NOT EXISTS "jobs_title_trgm_idx" ON "jobs" USING gin (immutable_unaccent(lower("title")) gin_trgm_ops);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION application_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'application_events is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER application_events_no_update BEFORE UPDATE ON "application_events"
  FOR EACH ROW WHEN (OLD.actor_id IS NOT DISTINCT FROM NEW.actor_id) EXECUTE FUNCTION application_events_append_only();
