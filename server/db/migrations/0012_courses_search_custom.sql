-- The catalogue's first try (decision 024, second pass): every word typed as its English stem,
-- or as written when English drops it (a stop word), with no prefixes. An exact term is what the
-- GIN index answers alone; a prefix term (search_query's word:*) makes PostgreSQL check the
-- document of every match again, which doubled the cost of a common word. Prefixes and typos
-- are the second and third tries, when this finds nothing.
CREATE OR REPLACE FUNCTION search_query_exact(input text) RETURNS tsquery
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
  DECLARE
    word text;
    term tsquery;
    result tsquery;
  BEGIN
    FOR word IN SELECT w FROM regexp_split_to_table(search_normalise(input), ' ') w WHERE w <> '' LIMIT 12 LOOP
      term := to_tsquery('english', word);
      IF numnode(term) = 0 THEN term := to_tsquery('simple', word); END IF;
      result := CASE WHEN result IS NULL THEN term ELSE result && term END;
    END LOOP;
    RETURN coalesce(result, ''::tsquery);
  END
  $$;
