import type { Db } from '#server/db/client';
import { EXPERIENCE_LABELS, JOB_TYPE_LABELS, WORKPLACE_LABELS, formatSalary } from '#shared/jobs/jobs.schemas';
import type { LinkPreviewSource } from '../share';
import { jobsRepo } from './jobs.repo';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const day = new Intl.DateTimeFormat('en-NG', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Africa/Lagos',
});

/**
 * /jobs/{id}'s preview (issue 26): only a job taking applications, from its one row. A draft, a
 * closed or taken-down job and one past its deadline preview as the site does: a link that
 * travels on WhatsApp keeps no stale offer alive.
 */
export function jobLinkPreview(db: Db, now: () => Date): LinkPreviewSource {
  return {
    path: /^\/jobs\/([^/]+)$/,
    async find(id) {
      if (!UUID.test(id)) return null;
      const job = await jobsRepo.find(db, id);
      if (!job || job.status !== 'open' || job.takenDownReason) return null;
      if (job.deadline && job.deadline <= now()) return null;
      const facts = [
        job.companyName,
        job.location,
        WORKPLACE_LABELS[job.workplace],
        JOB_TYPE_LABELS[job.type],
        job.experience ? EXPERIENCE_LABELS[job.experience] : null,
        formatSalary(job),
        job.deadline ? `Apply by ${day.format(job.deadline)}` : null,
      ];
      return {
        title: `${job.title} at ${job.companyName}`,
        description: [...new Set(facts.filter(Boolean))].join(' · '),
        type: 'article',
      };
    },
  };
}
