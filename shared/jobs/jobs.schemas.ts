import { z } from 'zod';
import { ZListCursor, ZListPaging } from '../list-paging';
import { ZCurrency } from '../money';
import { ZSkillRef, ZSkillSlugs } from '../skills/skills.schemas';
import { formatCurrency } from '../format';
import { PASSPORT_LEVELS, ZLeveledSkill } from '../passport/passport.schemas';

/** docs/product.md "Jobs": the fields of a job and the stages of an application (issue 13). */
export const WORKPLACES = ['onsite', 'remote', 'hybrid'] as const;
export const JOB_TYPES = ['full_time', 'part_time', 'contract', 'internship'] as const;
export const EXPERIENCE_LEVELS = ['entry', 'mid', 'senior'] as const;
export const JOB_STATUSES = ['draft', 'open', 'closed'] as const;
export const SALARY_PERIODS = ['month', 'year'] as const;
export const JOB_SORTS = ['newest', 'best_match', 'salary'] as const;
export const POSTED_WITHIN = ['1', '7', '30'] as const;

/** The pipeline, in order; `rejected` from any stage, `withdrawn` by the seeker until an offer. */
export const PIPELINE_STAGES = ['submitted', 'reviewed', 'shortlisted', 'interview', 'offered', 'hired'] as const;
export const APPLICATION_STATUSES = [...PIPELINE_STAGES, 'rejected', 'withdrawn'] as const;
/** What an employer may move an application to. */
export const EMPLOYER_STATUSES = [...PIPELINE_STAGES.slice(1), 'rejected'] as const;
/** The seeker may withdraw while the application is at one of these. */
export const WITHDRAWABLE: readonly TApplicationStatus[] = ['submitted', 'reviewed', 'shortlisted', 'interview'];

export type TWorkplace = (typeof WORKPLACES)[number];
export type TJobType = (typeof JOB_TYPES)[number];
export type TExperience = (typeof EXPERIENCE_LEVELS)[number];
export type TJobStatus = (typeof JOB_STATUSES)[number];
export type TJobSort = (typeof JOB_SORTS)[number];
export type TApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const WORKPLACE_LABELS: Record<TWorkplace, string> = { onsite: 'On-site', remote: 'Remote', hybrid: 'Hybrid' };
export const JOB_TYPE_LABELS: Record<TJobType, string> = {
  full_time: 'Full-time',
  part_time: 'Part-time',
  contract: 'Contract',
  internship: 'Internship',
};
export const EXPERIENCE_LABELS: Record<TExperience, string> = {
  entry: 'Entry level',
  mid: 'Mid level',
  senior: 'Senior',
};
export const STAGE_LABELS: Record<TApplicationStatus, string> = {
  submitted: 'Submitted',
  reviewed: 'Reviewed',
  shortlisted: 'Shortlisted',
  interview: 'Interview',
  offered: 'Offered',
  hired: 'Hired',
  rejected: 'Not selected',
  withdrawn: 'Withdrawn',
};

export const JOBS_PAGE_SIZE = 20;
export const JOBS_MAX_PAGE_SIZE = 50;
export const MAX_SCREENING_QUESTIONS = 3;

export const ZScreeningQuestion = z.object({
  id: z.string().min(1).max(40),
  kind: z.enum(['yes_no', 'text']),
  question: z.string().trim().min(3, 'Write the question').max(300),
});
export type TScreeningQuestion = z.infer<typeof ZScreeningQuestion>;

const ZWhole = z
  .number({ error: 'Enter an amount' })
  .int('Enter a whole amount')
  .min(0, 'The amount cannot be negative')
  .max(1_000_000_000);

const jobFields = {
  title: z.string().trim().min(3, 'Give the job a title (at least 3 characters)').max(120, 'At most 120 characters'),
  companyName: z.string().trim().min(1).max(120).optional(),
  description: z.string().trim().min(20, 'Describe the job (at least 20 characters)').max(20_000),
  location: z.string().trim().min(2, 'Say where the job is, or "Remote"').max(120),
  workplace: z.enum(WORKPLACES, 'Choose on-site, remote or hybrid'),
  type: z.enum(JOB_TYPES, 'Choose the type of job'),
  experience: z.enum(EXPERIENCE_LEVELS).optional(),
  skills: ZSkillSlugs,
  /** Whole units of `currency` (naira, dollars): salaries are quoted so. */
  salaryMin: ZWhole.nullable().optional(),
  salaryMax: ZWhole.nullable().optional(),
  currency: ZCurrency.optional(),
  salaryPeriod: z.enum(SALARY_PERIODS).optional(),
  deadline: z.iso.datetime({ offset: true, error: 'Enter a date' }).nullable().optional(),
  screeningQuestions: z
    .array(ZScreeningQuestion)
    .max(MAX_SCREENING_QUESTIONS, `At most ${MAX_SCREENING_QUESTIONS} questions`)
    .optional(),
  status: z.enum(['draft', 'open']).optional(),
};

const salaryInOrder = (j: { salaryMin?: number | null; salaryMax?: number | null }) =>
  j.salaryMin == null || j.salaryMax == null || j.salaryMin <= j.salaryMax;
const salaryIssue = { message: 'The lowest salary cannot be above the highest', path: ['salaryMax'] };

export const ZJobInput = z.object(jobFields).refine(salaryInOrder, salaryIssue);
export type TJobInput = z.input<typeof ZJobInput>;
export const ZJobPatch = z
  .object({ ...jobFields, status: z.enum(JOB_STATUSES).optional() })
  .partial()
  .refine(salaryInOrder, salaryIssue);
export type TJobPatch = z.input<typeof ZJobPatch>;

export const ZJobPerson = z.object({
  id: z.string(),
  username: z.string(),
  fullName: z.string(),
  avatarUrl: z.string().nullable(),
});

/** "4 of 6 skills": null for a visitor, or a member without skills on their profile. */
export const ZJobMatchSummary = z.object({ shared: z.number().int(), total: z.number().int() });

export const ZJobSummary = z.object({
  id: z.string(),
  title: z.string(),
  companyName: z.string(),
  location: z.string(),
  workplace: z.enum(WORKPLACES),
  type: z.enum(JOB_TYPES),
  experience: z.enum(EXPERIENCE_LEVELS).nullable(),
  salaryMin: z.number().nullable(),
  salaryMax: z.number().nullable(),
  currency: ZCurrency,
  salaryPeriod: z.enum(SALARY_PERIODS),
  skills: z.array(ZSkillRef),
  status: z.enum(JOB_STATUSES),
  deadline: z.string().nullable(),
  createdAt: z.string(),
  match: ZJobMatchSummary.nullable(),
});
export type TJobSummary = z.infer<typeof ZJobSummary>;

export const ZJobDetail = ZJobSummary.extend({
  description: z.string(),
  /** Empty for a visitor: the questions come with applying, which needs an account (decision 055). */
  screeningQuestions: z.array(ZScreeningQuestion),
  /** Who posted it, for members; null for a visitor, who sees the company (decision 055). */
  employer: ZJobPerson.nullable(),
  applicantCount: z.number().int(),
  takenDownReason: z.string().nullable(),
  updatedAt: z.string(),
  viewer: z.object({
    applied: z.boolean(),
    saved: z.boolean(),
    canEdit: z.boolean(),
    /** When the viewer applied, and their application's id and stage. */
    application: z.object({ id: z.string(), status: z.enum(APPLICATION_STATUSES), createdAt: z.string() }).nullable(),
  }),
});
export type TJobDetail = z.infer<typeof ZJobDetail>;

export const ZJobsQuery = z.object({
  q: z.string().trim().max(200).optional(),
  location: z.string().trim().max(120).optional(),
  workplace: z.enum(WORKPLACES).optional(),
  type: z.enum(JOB_TYPES).optional(),
  experience: z.enum(EXPERIENCE_LEVELS).optional(),
  salaryMin: z.coerce.number().int().min(0).max(1_000_000_000).optional(),
  postedWithin: z.enum(POSTED_WITHIN).optional(),
  sort: z.enum(JOB_SORTS).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(JOBS_MAX_PAGE_SIZE).default(JOBS_PAGE_SIZE),
  cursor: ZListCursor,
});
export type TJobsQuery = z.input<typeof ZJobsQuery>;

export const ZJobList = z.object({
  jobs: z.array(ZJobSummary),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  ...ZListPaging.shape,
});
export type TJobList = z.infer<typeof ZJobList>;

/** The employer's own jobs, with applicants per stage. */
export const ZEmployerJob = ZJobSummary.extend({
  applicantCount: z.number().int(),
  stageCounts: z.record(z.string(), z.number().int()),
  /** Page views: one a viewer a day, the employer's own not counted. */
  views: z.number().int(),
  takenDownReason: z.string().nullable(),
});
export const ZEmployerJobList = z.object({ jobs: z.array(ZEmployerJob) });
export type TEmployerJob = z.infer<typeof ZEmployerJob>;

export const ZAnswer = z.object({ questionId: z.string().min(1).max(40), answer: z.string().trim().max(2000) });
export const ZApplicationInput = z.object({
  coverLetter: z.string().trim().max(10_000, 'At most 10,000 characters').optional(),
  cvUploadId: z.uuid('Choose your CV').nullable().optional(),
  answers: z.array(ZAnswer).max(MAX_SCREENING_QUESTIONS).optional(),
});
export type TApplicationInput = z.input<typeof ZApplicationInput>;

export const ZApplicationEvent = z.object({
  status: z.enum(APPLICATION_STATUSES),
  at: z.string(),
  /** The employer's private note: only in the employer's answers. */
  note: z.string().nullable().optional(),
});

export const ZApplicationCv = z.object({ id: z.string(), url: z.string(), name: z.string() });

export const ZApplication = z.object({
  id: z.string(),
  jobId: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  coverLetter: z.string().nullable(),
  cv: ZApplicationCv.nullable(),
  answers: z.array(ZAnswer),
  createdAt: z.string(),
  updatedAt: z.string(),
  history: z.array(ZApplicationEvent),
});
export type TApplication = z.infer<typeof ZApplication>;

export const ZSeekerApplication = ZApplication.extend({
  job: z.object({ id: z.string(), title: z.string(), companyName: z.string(), status: z.enum(JOB_STATUSES) }),
});
export const ZSeekerApplications = z.object({ applications: z.array(ZSeekerApplication) });
export type TSeekerApplication = z.infer<typeof ZSeekerApplication>;

export const ZEmployerApplication = ZApplication.extend({
  applicant: ZJobPerson,
  /** The applicant's skills proven on their passport (issue 31), expert first. */
  provenSkills: z.array(ZLeveledSkill),
});
export const ZEmployerApplications = z.object({ applications: z.array(ZEmployerApplication) });
export type TEmployerApplication = z.infer<typeof ZEmployerApplication>;

export const ZApplicationPatch = z.object({
  status: z.enum(EMPLOYER_STATUSES, 'Choose a stage'),
  note: z.string().trim().max(2000).optional(),
});

export const ZSavedJobs = z.object({ jobs: z.array(ZJobSummary) });

/** How a seeker matches a job: evidence per shared skill, courses for the missing ones. */
export const ZJobMatch = z.object({
  /** False when the seeker has no skills on their profile: "add your skills to see how you match". */
  hasSkills: z.boolean(),
  total: z.number().int(),
  shared: z.array(
    ZSkillRef.extend({
      evidence: z.array(z.object({ kind: z.enum(['course', 'gig']), id: z.string(), title: z.string() })),
      /** The skill's level on the seeker's passport (issue 31). */
      level: z.enum(PASSPORT_LEVELS).optional(),
      /** Its public evidence in words, built by the passport: "React: proven — 2 gigs rated 4.9". */
      sentence: z.string().optional(),
    }),
  ),
  missing: z.array(ZSkillRef.extend({ courses: z.array(z.object({ id: z.string(), title: z.string() })) })),
});
export type TJobMatch = z.infer<typeof ZJobMatch>;

/** "₦250,000 – ₦400,000 a month"; null without a salary. */
export function formatSalary(
  j: Pick<TJobSummary, 'salaryMin' | 'salaryMax' | 'currency' | 'salaryPeriod'>,
): string | null {
  const fmt = (n: number) => formatCurrency(n, j.currency, { whole: true });
  const period = ` a ${j.salaryPeriod}`;
  if (j.salaryMin != null && j.salaryMax != null)
    return j.salaryMin === j.salaryMax
      ? `${fmt(j.salaryMin)}${period}`
      : `${fmt(j.salaryMin)} – ${fmt(j.salaryMax)}${period}`;
  if (j.salaryMin != null) return `From ${fmt(j.salaryMin)}${period}`;
  if (j.salaryMax != null) return `Up to ${fmt(j.salaryMax)}${period}`;
  return null;
}

/** Saved searches (alerts): the board's query string, replayed through ZJobsQuery. */
export const MAX_SAVED_SEARCHES = 10;
export const ZSavedSearch = z.object({
  id: z.string(),
  name: z.string(),
  query: z.string(),
  emailDigest: z.boolean(),
  createdAt: z.string(),
});
export type TSavedSearch = z.infer<typeof ZSavedSearch>;
export const ZSavedSearches = z.object({ searches: z.array(ZSavedSearch) });
export const ZSavedSearchInput = z.object({
  name: z.string().trim().min(1, 'Name the search').max(80, 'At most 80 characters').optional(),
  /** The board's query string, e.g. "q=python&location=Lagos" (page and sort are ignored). */
  query: z.string().trim().max(1000, 'At most 1,000 characters'),
  emailDigest: z.boolean().optional(),
});
export const ZSavedSearchPatch = z.object({ emailDigest: z.boolean() });

/** The board's query string without paging and sort, in a stable order: what a saved search keeps. */
export function savedSearchQuery(raw: string): string {
  const params = new URLSearchParams(raw.startsWith('?') ? raw.slice(1) : raw);
  const kept = new URLSearchParams();
  for (const key of ['q', 'location', 'workplace', 'type', 'experience', 'salaryMin', 'postedWithin']) {
    const value = params.get(key)?.trim();
    if (value) kept.set(key, value);
  }
  return kept.toString();
}

/** Bulk reject: these applicants of one job, with one message each of them reads. */
export const ZBulkReject = z.object({
  applicationIds: z.array(z.uuid('Not an application')).min(1, 'Choose at least one applicant').max(200),
  message: z.string().trim().max(1000, 'At most 1,000 characters').optional(),
});
export const ZBulkRejected = z.object({ rejected: z.number().int() });
