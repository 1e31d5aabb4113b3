ALTER TABLE "jobs" ADD COLUMN "skill_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
CREATE INDEX "jobs_open_salary_idx" ON "jobs" USING btree ((coalesce("salary_max", "salary_min")) desc nulls last,"posted_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'open';--> statement-breakpoint
-- Decision 085: a job's skills (ids for the member's match, names for the words) kept in its row
-- by statement triggers on job_skills, as 0042 keeps a talent's (cascades from skills fire them too).
CREATE FUNCTION job_skills_to_jobs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE jobs j
     SET (skill_ids, skill_text) = (
           SELECT coalesce(array_agg(js.skill_id ORDER BY js.skill_id), '{}'::uuid[]),
                  coalesce(string_agg(s.name, ' ' ORDER BY js.position), '')
             FROM job_skills js JOIN skills s ON s.id = js.skill_id
            WHERE js.job_id = j.id)
   WHERE j.id IN (SELECT DISTINCT c.job_id FROM changed c);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER job_skills_inserted_to_jobs AFTER INSERT ON job_skills REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION job_skills_to_jobs();
--> statement-breakpoint
CREATE TRIGGER job_skills_updated_to_jobs AFTER UPDATE ON job_skills REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION job_skills_to_jobs();
--> statement-breakpoint
CREATE TRIGGER job_skills_deleted_to_jobs AFTER DELETE ON job_skills REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION job_skills_to_jobs();
--> statement-breakpoint
UPDATE jobs j
   SET (skill_ids, skill_text) = (
         SELECT coalesce(array_agg(js.skill_id ORDER BY js.skill_id), '{}'::uuid[]),
                coalesce(string_agg(s.name, ' ' ORDER BY js.position), '')
           FROM job_skills js JOIN skills s ON s.id = js.skill_id
          WHERE js.job_id = j.id)
 WHERE EXISTS (SELECT 1 FROM job_skills js WHERE js.job_id = j.id);
