import { STAGE_LABELS, type TApplicationStatus } from '#shared/jobs/jobs.schemas';
import type { JobRow } from './jobs.repo';

/** The seeker's notification for each stage: the title says it; a rejection is worded kindly. */
export function stageNotice(status: TApplicationStatus, job: Pick<JobRow, 'title' | 'companyName'>, message?: string) {
  const where = `"${job.title}" at ${job.companyName}`;
  switch (status) {
    case 'rejected':
      return {
        title: 'Application update: not selected this time',
        message: `Thank you for applying to ${where}. The employer has decided to go ahead with other candidates this time.${message ? ` Their message: “${message}”` : ''} Your skills are worth showing: keep applying, new jobs are posted every day.`,
      };
    case 'offered':
      return {
        title: 'Application: offer made',
        // The company is the sentence's subject: naming it again in "at …" said it twice.
        message: `Congratulations! ${job.companyName} has made you an offer for "${job.title}".`,
      };
    case 'hired':
      return { title: 'Application: hired', message: `Congratulations! You have been hired for ${where}.` };
    default:
      return {
        title: `Application ${STAGE_LABELS[status].toLowerCase()}`,
        message: `Your application to ${where} is now at the stage: ${STAGE_LABELS[status]}.`,
      };
  }
}
