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
