-- Decision 056: search that forgives. A word typed is also read as the skills it names in the
-- vocabulary (js → JavaScript, excel → Microsoft Excel) and, in the last try only, as the
-- vocabulary's words within a typo of it (exel → excel, analist → analyst).
-- Aliases people type that the seeded vocabulary lacked.
UPDATE skills SET synonyms = synonyms || ARRAY['analyst', 'analysts', 'analytics'] WHERE slug = 'data-analysis';--> statement-breakpoint
UPDATE skills SET synonyms = synonyms || ARRAY['xls', 'xlsx', 'spreadsheet'] WHERE slug = 'microsoft-excel';--> statement-breakpoint
-- A synonym is found by the index, whatever the vocabulary grows to.
CREATE INDEX IF NOT EXISTS "skills_synonyms_idx" ON "skills" USING gin ("synonyms");--> statement-breakpoint
-- One typed word as a tsquery: its English stem or its start (prefixes), or its stem alone
-- (exact; as written for a stop word). The bodies of 0008's search_query and 0012's
-- search_query_exact, per word.
CREATE OR REPLACE FUNCTION search_word_query(word text, prefixes boolean) RETURNS tsquery
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
  DECLARE
    term tsquery;
  BEGIN
    IF prefixes THEN
      term := to_tsquery('simple', CASE WHEN length(word) > 1 THEN word || ':*' ELSE word END);
      IF numnode(to_tsquery('english', word)) > 0 THEN term := to_tsquery('english', word) || term; END IF;
      RETURN term;
    END IF;
    term := to_tsquery('english', word);
    IF numnode(term) = 0 THEN term := to_tsquery('simple', word); END IF;
    RETURN term;
  END
  $$;--> statement-breakpoint
-- A phrase (a skill's name) as every one of its words.
CREATE OR REPLACE FUNCTION search_phrase_query(phrase text, prefixes boolean) RETURNS tsquery
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
  DECLARE
    word text;
    result tsquery;
  BEGIN
    FOR word IN SELECT w FROM regexp_split_to_table(search_normalise(phrase), ' ') w WHERE w <> '' LIMIT 12 LOOP
      result := CASE WHEN result IS NULL THEN search_word_query(word, prefixes) ELSE result && search_word_query(word, prefixes) END;
    END LOOP;
    RETURN coalesce(result, ''::tsquery);
  END
  $$;--> statement-breakpoint
-- What else a word may mean: the names of the skills it is a synonym of, and (typos) the
-- vocabulary's words close to it by trigram similarity (pg_trgm's 0.3), the closest three.
-- Words under four letters are not corrected: too many words are a typo away from them.
CREATE OR REPLACE FUNCTION search_word_forms(word text, typos boolean) RETURNS SETOF text
  LANGUAGE sql STABLE PARALLEL SAFE STRICT
  AS $$
    (SELECT s.name FROM skills s WHERE s.synonyms @> ARRAY[word] LIMIT 3)
    UNION
    (SELECT v.w FROM (
       SELECT DISTINCT w FROM skills s,
         regexp_split_to_table(search_normalise(s.name || ' ' || array_to_string(s.synonyms, ' ')), ' ') w
       WHERE typos AND length(word) > 3 AND w <> '' AND w <> word
     ) v WHERE similarity(v.w, word) >= 0.3 ORDER BY similarity(v.w, word) DESC LIMIT 3)
  $$;--> statement-breakpoint
-- What a person typed: every word must match, as itself or as any of its forms. Twelve words
-- at most bound the work; only letters and digits reach to_tsquery, so no input can make it fail.
CREATE OR REPLACE FUNCTION search_query_forms(input text, prefixes boolean, typos boolean) RETURNS tsquery
  LANGUAGE plpgsql STABLE PARALLEL SAFE STRICT
  AS $$
  DECLARE
    word text;
    form text;
    term tsquery;
    result tsquery;
  BEGIN
    FOR word IN SELECT w FROM regexp_split_to_table(search_normalise(input), ' ') w WHERE w <> '' LIMIT 12 LOOP
      term := search_word_query(word, prefixes);
      FOR form IN SELECT search_word_forms(word, typos) LOOP
        term := term || search_phrase_query(form, prefixes);
      END LOOP;
      result := CASE WHEN result IS NULL THEN term ELSE result && term END;
    END LOOP;
    RETURN coalesce(result, ''::tsquery);
  END
  $$;--> statement-breakpoint
-- The two parsers the lists already call now read synonyms too; the third adds typos. STABLE
-- (they read the vocabulary): they are only ever called once per statement, in FROM.
CREATE OR REPLACE FUNCTION search_query(input text) RETURNS tsquery
  LANGUAGE sql STABLE PARALLEL SAFE STRICT
  AS $$ SELECT search_query_forms(input, true, false) $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_query_exact(input text) RETURNS tsquery
  LANGUAGE sql STABLE PARALLEL SAFE STRICT
  AS $$ SELECT search_query_forms(input, false, false) $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_query_typos(input text) RETURNS tsquery
  LANGUAGE sql STABLE PARALLEL SAFE STRICT
  AS $$ SELECT search_query_forms(input, true, true) $$;--> statement-breakpoint
-- Admin searches fold accents as member searches do ("olamide" finds "Ọlámídé"): the members'
-- index is rebuilt on the folded text, and the job moderation queue gets one.
DROP INDEX IF EXISTS "users_search_trgm_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_search_folded_trgm_idx" ON "users" USING gin (immutable_unaccent(lower("username" || ' ' || "email" || ' ' || "full_name")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "jobs_moderation_folded_trgm_idx" ON "jobs" USING gin (immutable_unaccent(lower("title" || ' ' || "company_name")) gin_trgm_ops);
