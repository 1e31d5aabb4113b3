-- The admin overview's figures of jobs, gigs and mentorship (decision 027): each one query
-- grouping a range of days, over these indexes (mentorship revenue uses payments_paid_idx).
CREATE INDEX IF NOT EXISTS "jobs_posted_idx" ON "jobs" USING btree ("posted_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "application_events_hired_idx" ON "application_events" USING btree ("created_at") WHERE "status" = 'hired';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "job_applications_created_idx" ON "job_applications" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "gigs_created_idx" ON "gigs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "gigs_completed_idx" ON "gigs" USING btree ("completed_at") WHERE "completed_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "gig_events_hired_idx" ON "gig_events" USING btree ("created_at") WHERE "transition" = 'accept_bid';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "mentor_sessions_completed_idx" ON "mentor_sessions" USING btree ("start_at") WHERE "status" = 'completed';--> statement-breakpoint
-- The flagged mentors queue counts and lists open flags.
CREATE INDEX IF NOT EXISTS "mentor_session_flags_open_idx" ON "mentor_session_flags" USING btree ("flagged_at") WHERE "cleared_at" IS NULL;
