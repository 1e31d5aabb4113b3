-- Talent and gigs (decision 026): typo matching on gig titles, as on course titles (0008).
CREATE INDEX IF NOT EXISTS "gigs_title_trgm_idx" ON "gigs" USING gin (immutable_unaccent(lower("title")) gin_trgm_ops);
