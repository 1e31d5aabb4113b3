-- Custom SQL migration file, put your code below! ---- The admin overview's figures (decision 027): each one query grouping a range of days, over these indexes.
CREATE INDEX IF NOT EXISTS "users_created_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sessions_last_seen_idx" ON "sessions" USING btree ("last_seen_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "enrolments_created_idx" ON "enrolments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payments_paid_idx" ON "payments" USING btree ("paid_at") WHERE "status" = 'paid';--> statement-breakpoint
-- The members list searches name, username and email with ILIKE '%q%'.
CREATE INDEX IF NOT EXISTS "users_search_trgm_idx" ON "users" USING gin (("username" || ' ' || "email" || ' ' || "full_name") gin_trgm_ops);
