ALTER TABLE "talent_profiles" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
ALTER TABLE "talent_profiles" ADD COLUMN "skill_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "talent_profiles" ADD COLUMN "rating" double precision;--> statement-breakpoint
ALTER TABLE "talent_profiles" ADD COLUMN "review_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Decision 082: the talent directory's words, skills and rating in talent_profiles, kept by triggers.
CREATE FUNCTION talent_profiles_fill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := (SELECT u.name_vector FROM users u WHERE u.id = NEW.user_id)
    || coalesce((SELECT p.search_vector FROM profiles p WHERE p.user_id = NEW.user_id), ''::tsvector);
  NEW.skill_ids := coalesce((SELECT array_agg(s.skill_id ORDER BY s.skill_id) FROM user_skills s WHERE s.user_id = NEW.user_id), '{}'::uuid[]);
  SELECT avg(r.rating)::float8, count(*)::int INTO NEW.rating, NEW.review_count
    FROM gig_reviews r WHERE r.subject_id = NEW.user_id AND r.subject_role = 'talent' AND r.revealed_at IS NOT NULL;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER talent_profiles_fill BEFORE INSERT ON talent_profiles FOR EACH ROW EXECUTE FUNCTION talent_profiles_fill();
--> statement-breakpoint
CREATE FUNCTION talent_words_refresh(member uuid) RETURNS void LANGUAGE sql AS $$
  UPDATE talent_profiles t
     SET search_vector = (SELECT u.name_vector FROM users u WHERE u.id = member)
       || coalesce((SELECT p.search_vector FROM profiles p WHERE p.user_id = member), ''::tsvector)
   WHERE t.user_id = member;
$$;
--> statement-breakpoint
CREATE FUNCTION users_name_to_talent() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM talent_words_refresh(NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_name_to_talent AFTER UPDATE OF full_name ON users FOR EACH ROW
  WHEN (OLD.full_name IS DISTINCT FROM NEW.full_name) EXECUTE FUNCTION users_name_to_talent();
--> statement-breakpoint
CREATE FUNCTION profiles_words_to_talent() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM talent_words_refresh(CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER profiles_words_to_talent AFTER INSERT OR DELETE OR UPDATE OF headline, bio ON profiles FOR EACH ROW
  EXECUTE FUNCTION profiles_words_to_talent();
--> statement-breakpoint
CREATE FUNCTION user_skills_to_talent() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE talent_profiles t
     SET skill_ids = coalesce((SELECT array_agg(s.skill_id ORDER BY s.skill_id) FROM user_skills s WHERE s.user_id = t.user_id), '{}'::uuid[])
   WHERE t.user_id IN (SELECT DISTINCT c.user_id FROM changed c);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_skills_inserted_to_talent AFTER INSERT ON user_skills REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION user_skills_to_talent();
--> statement-breakpoint
CREATE TRIGGER user_skills_updated_to_talent AFTER UPDATE ON user_skills REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION user_skills_to_talent();
--> statement-breakpoint
CREATE TRIGGER user_skills_deleted_to_talent AFTER DELETE ON user_skills REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION user_skills_to_talent();
--> statement-breakpoint
CREATE FUNCTION gig_reviews_to_talent() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  member uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.subject_id ELSE NEW.subject_id END;
BEGIN
  UPDATE talent_profiles t
     SET (rating, review_count) = (SELECT avg(r.rating)::float8, count(*)::int FROM gig_reviews r
                                    WHERE r.subject_id = member AND r.subject_role = 'talent' AND r.revealed_at IS NOT NULL)
   WHERE t.user_id = member;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER gig_reviews_to_talent AFTER INSERT OR UPDATE OR DELETE ON gig_reviews FOR EACH ROW
  EXECUTE FUNCTION gig_reviews_to_talent();
--> statement-breakpoint
UPDATE talent_profiles t
   SET search_vector = u.name_vector || coalesce(p.search_vector, ''::tsvector),
       skill_ids = coalesce((SELECT array_agg(s.skill_id ORDER BY s.skill_id) FROM user_skills s WHERE s.user_id = t.user_id), '{}'::uuid[]),
       (rating, review_count) = (SELECT avg(r.rating)::float8, count(*)::int FROM gig_reviews r
                                  WHERE r.subject_id = t.user_id AND r.subject_role = 'talent' AND r.revealed_at IS NOT NULL)
  FROM users u LEFT JOIN profiles p ON p.user_id = u.id
 WHERE u.id = t.user_id;
--> statement-breakpoint
CREATE INDEX "talent_profiles_search_idx" ON "talent_profiles" USING gin ("search_vector");
--> statement-breakpoint
CREATE INDEX "talent_profiles_skills_idx" ON "talent_profiles" USING gin ("skill_ids");
--> statement-breakpoint
CREATE INDEX "talent_profiles_rating_idx" ON "talent_profiles" USING btree ("rating" DESC NULLS LAST,"review_count" DESC NULLS FIRST,"updated_at" DESC NULLS FIRST,"user_id");
