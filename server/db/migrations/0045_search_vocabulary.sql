-- Decision 100: the vocabulary a typo is corrected against (decision 056), kept as a table with
-- a trigram index instead of split out of every skill's name and synonyms on each typo retry:
-- that split cost 7 ms of the database's time per search that found nothing as typed, on every
-- list. Each word counts the skills that use it, so a word leaves when its last skill does.
CREATE TABLE "search_vocabulary" (
	"term" text PRIMARY KEY NOT NULL,
	"skills" integer NOT NULL
);--> statement-breakpoint
CREATE INDEX "search_vocabulary_trgm_idx" ON "search_vocabulary" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
-- A skill's words as 0034's search_word_forms split them.
CREATE FUNCTION skill_terms(name text, synonyms text[]) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT DISTINCT w FROM regexp_split_to_table(search_normalise(name || ' ' || array_to_string(synonyms, ' ')), ' ') w
    WHERE w <> ''
  $$;--> statement-breakpoint
CREATE FUNCTION skills_to_vocabulary() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE search_vocabulary v SET skills = v.skills - 1 FROM skill_terms(OLD.name, OLD.synonyms) t WHERE v.term = t;
    DELETE FROM search_vocabulary v USING skill_terms(OLD.name, OLD.synonyms) t WHERE v.term = t AND v.skills <= 0;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO search_vocabulary (term, skills) SELECT t, 1 FROM skill_terms(NEW.name, NEW.synonyms) t
      ON CONFLICT (term) DO UPDATE SET skills = search_vocabulary.skills + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER skills_to_vocabulary AFTER INSERT OR DELETE OR UPDATE OF name, synonyms ON skills
  FOR EACH ROW EXECUTE FUNCTION skills_to_vocabulary();
--> statement-breakpoint
INSERT INTO search_vocabulary (term, skills)
  SELECT t, count(*) FROM skills s, skill_terms(s.name, s.synonyms) t GROUP BY t;--> statement-breakpoint
-- 0034's body, with the vocabulary read from the table: `%` finds the close words by the index
-- (pg_trgm's threshold, 0.3 unless a session changes it), and the explicit 0.3 keeps 0034's bound.
CREATE OR REPLACE FUNCTION search_word_forms(word text, typos boolean) RETURNS SETOF text
  LANGUAGE sql STABLE PARALLEL SAFE STRICT
  AS $$
    (SELECT s.name FROM skills s WHERE s.synonyms @> ARRAY[word] LIMIT 3)
    UNION
    (SELECT v.term FROM search_vocabulary v
     WHERE typos AND length(word) > 3 AND v.term <> word AND v.term % word AND similarity(v.term, word) >= 0.3
     ORDER BY similarity(v.term, word) DESC, v.term LIMIT 3)
  $$;
