import { z } from 'zod';
import { JOB_STATUSES, ZJobPerson } from './jobs.schemas';

/** The admin console's jobs list (issue 13 "an admin can take a job down"): a status or "taken down". */
export const MODERATION_STATUSES = [...JOB_STATUSES, 'taken_down'] as const;
export type TModerationStatus = (typeof MODERATION_STATUSES)[number];
export const ADMIN_JOBS_PAGE_SIZE = 20;

export const ZAdminJobsQuery = z.object({
  q: z.string().trim().max(200).optional(),
  status: z.enum(MODERATION_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type TAdminJobsQuery = z.input<typeof ZAdminJobsQuery>;

export const ZAdminJob = z.object({
  id: z.string(),
  title: z.string(),
  companyName: z.string(),
  status: z.enum(JOB_STATUSES),
  takenDownReason: z.string().nullable(),
  employer: ZJobPerson,
  applicantCount: z.number().int(),
  createdAt: z.string(),
});
export type TAdminJob = z.infer<typeof ZAdminJob>;

export const ZAdminJobList = z.object({
  jobs: z.array(ZAdminJob),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TAdminJobList = z.infer<typeof ZAdminJobList>;

export const ZTakeDown = z.object({
  reason: z.string().trim().min(10, 'Tell the employer why (at least 10 characters)').max(2000),
});
export type TTakeDown = z.infer<typeof ZTakeDown>;
