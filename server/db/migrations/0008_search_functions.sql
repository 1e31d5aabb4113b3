-- Search that finds what people type (server/lib/search, decision 024). Functions first: the
-- generated search_vector column and the indexes below are built from them.
-- unaccent() is only STABLE (its dictionary could change), so neither an index nor a generated
-- column may use it; with the dictionary named, the result is fixed, and this wrapper says so.
CREATE OR REPLACE FUNCTION immutable_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;--> statement-breakpoint
-- Lower case, accents folded, punctuation as spaces, then every dotted or dashed compound once
-- more joined up: "Node.js" reads "node js nodejs", so node, js and nodejs all find it.
CREATE OR REPLACE FUNCTION search_normalise(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
    SELECT regexp_replace(t, '[^[:alnum:]]+', ' ', 'g') || ' ' || coalesce(array_to_string(array(
      SELECT regexp_replace(m[1], '[^[:alnum:]]', '', 'g') FROM regexp_matches(t, '([[:alnum:]]+(?:[.+#-][[:alnum:]]+)+)', 'g') m), ' '), '')
    FROM (SELECT lower(immutable_unaccent($1)) AS t) s
  $$;--> statement-breakpoint
-- One weighted part of a document: English stems (processed finds processing) and the words
-- as written (so a prefix of a word still matches what the stemmer cut it to).
CREATE OR REPLACE FUNCTION search_document(document text, weight "char") RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT setweight(to_tsvector('english', n) || to_tsvector('simple', n), weight)
    FROM (SELECT search_normalise(coalesce(document, '')) AS n) s
  $$;--> statement-breakpoint
-- What a person typed as a tsquery: every word must match, as its English stem or as the start
-- of a word (the last word is usually half typed). Only letters and digits reach to_tsquery,
-- so no input can make it fail; twelve words at most bound the work.
CREATE OR REPLACE FUNCTION search_query(input text) RETURNS tsquery
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
  DECLARE
    word text;
    term tsquery;
    result tsquery;
  BEGIN
    FOR word IN SELECT w FROM regexp_split_to_table(search_normalise(input), ' ') w WHERE w <> '' LIMIT 12 LOOP
      term := to_tsquery('simple', CASE WHEN length(word) > 1 THEN word || ':*' ELSE word END);
      IF numnode(to_tsquery('english', word)) > 0 THEN term := to_tsquery('english', word) || term; END IF;
      result := CASE WHEN result IS NULL THEN term ELSE result && term END;
    END LOOP;
    RETURN coalesce(result, ''::tsquery);
  END
  $$;--> statement-breakpoint
-- The typo fallback: trigram word similarity against course titles, from an index.
CREATE INDEX IF NOT EXISTS "courses_title_trgm_idx" ON "courses" USING gin (immutable_unaccent(lower("title")) gin_trgm_ops);
