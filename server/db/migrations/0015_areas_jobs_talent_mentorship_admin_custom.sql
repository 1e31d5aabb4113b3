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
--> statement-breakpoint
-- Talent and gigs (decision 026): typo matching on gig titles, as on course titles (0008).
CREATE INDEX IF NOT EXISTS "gigs_title_trgm_idx" ON "gigs" USING gin (immutable_unaccent(lower("title")) gin_trgm_ops);
--> statement-breakpoint
-- The admin overview's figures (decision 027): each one query grouping a range of days, over these indexes.
CREATE INDEX IF NOT EXISTS "users_created_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sessions_last_seen_idx" ON "sessions" USING btree ("last_seen_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "enrolments_created_idx" ON "enrolments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payments_paid_idx" ON "payments" USING btree ("paid_at") WHERE "status" = 'paid';--> statement-breakpoint
-- The members list searches name, username and email with ILIKE '%q%'.
CREATE INDEX IF NOT EXISTS "users_search_trgm_idx" ON "users" USING gin (("username" || ' ' || "email" || ' ' || "full_name") gin_trgm_ops);
--> statement-breakpoint
-- Decision 032: no double booking, ever. A mentor's live sessions may not overlap, the buffer
-- after each included: the database refuses the second one (SQLSTATE 23P01), whatever the code
-- checked before. A session blocks [start, end + buffer): two sessions then stand at least one
-- buffer apart. timestamptz + interval is only STABLE (a day is not always 24 h), so the range
-- comes from a PL/pgSQL function (never inlined), IMMUTABLE because a minute is always 60 s.
CREATE OR REPLACE FUNCTION mentor_session_block(start_at timestamptz, end_at timestamptz, buffer_minutes integer)
RETURNS tstzrange
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
AS $$
BEGIN
  RETURN tstzrange(start_at, end_at + make_interval(mins => buffer_minutes), '[)');
END;
$$;--> statement-breakpoint
ALTER TABLE mentor_sessions ADD CONSTRAINT mentor_sessions_no_overlap
  EXCLUDE USING gist (mentor_id WITH =, mentor_session_block(start_at, end_at, buffer_minutes) WITH &&)
  WHERE (status <> 'cancelled');--> statement-breakpoint
ALTER TABLE mentor_availability_overrides ADD CONSTRAINT mentor_availability_overrides_kind_check
  CHECK (kind IN ('off', 'extra') AND (kind = 'off' OR (start IS NOT NULL AND "end" IS NOT NULL)));
