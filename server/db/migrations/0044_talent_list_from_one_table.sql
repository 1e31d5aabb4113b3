-- Decision 088: the talent directory picks its page and counts its matches from talent_profiles
-- alone: indexes in its orders' exact direction, a recency index for the newest row (the cursor's
-- top), and the owner's deletion kept in the row by a trigger on users.
DROP INDEX "talent_profiles_rating_idx";--> statement-breakpoint
ALTER TABLE "talent_profiles" ADD COLUMN "owner_deleted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "talent_profiles_recency_idx" ON "talent_profiles" USING btree ("updated_at" DESC NULLS FIRST,"user_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "talent_profiles_rating_idx" ON "talent_profiles" USING btree ("rating" DESC NULLS LAST,"review_count" DESC NULLS FIRST,"updated_at" DESC NULLS FIRST,"user_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE FUNCTION users_deleted_to_talent() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE talent_profiles SET owner_deleted = (NEW.deleted_at IS NOT NULL) WHERE user_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_deleted_to_talent AFTER UPDATE OF deleted_at ON users FOR EACH ROW
  WHEN (OLD.deleted_at IS DISTINCT FROM NEW.deleted_at) EXECUTE FUNCTION users_deleted_to_talent();
--> statement-breakpoint
CREATE FUNCTION talent_profiles_owner_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.owner_deleted := coalesce((SELECT u.deleted_at IS NOT NULL FROM users u WHERE u.id = NEW.user_id), false);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER talent_profiles_owner_deleted BEFORE INSERT ON talent_profiles FOR EACH ROW
  EXECUTE FUNCTION talent_profiles_owner_deleted();
--> statement-breakpoint
UPDATE talent_profiles t SET owner_deleted = true FROM users u WHERE u.id = t.user_id AND u.deleted_at IS NOT NULL;
