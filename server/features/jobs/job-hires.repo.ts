import { sql, type SQL } from 'drizzle-orm';
import { ofMember } from '#server/db/of-member';
import { applicationEvents, jobApplications, jobSkills, jobs } from './jobs.table';

/**
 * The jobs `userId` was hired through, once per skill each required (the passport): `skill_id`,
 * `id` (the job), `title`, `company`, `at` (when the employer moved them to hired). Without a
 * member, every member's.
 */
export const hiresOf = (userId?: string): SQL => sql`
  select js.skill_id, j.id, j.title, j.company_name as company,
    coalesce((select max(ev.created_at) from ${applicationEvents} ev
      where ev.application_id = a.id and ev.status = 'hired'), a.updated_at) as at
  from ${jobApplications} a
  join ${jobs} j on j.id = a.job_id
  join ${jobSkills} js on js.job_id = j.id
  where ${ofMember(sql`a.applicant_id`, userId)} and a.status = 'hired'`;
