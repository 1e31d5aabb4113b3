import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TCurrency } from '#shared/money';
import type {
  TApplicationStatus,
  TExperience,
  TJobStatus,
  TJobType,
  TScreeningQuestion,
  TWorkplace,
} from '#shared/jobs/jobs.schemas';
import { users } from '../accounts/accounts.table';
import { uploads } from '../uploads/uploads.table';
import { skillLinks } from '../skills/skill-links.table';
import { searchDocument, tsvector } from '#server/db/search';

export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    employerId: uuid('employer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    companyName: text('company_name').notNull(),
    description: text('description').notNull(),
    location: text('location').notNull(),
    workplace: text('workplace').$type<TWorkplace>().notNull(),
    type: text('type').$type<TJobType>().notNull(),
    experience: text('experience').$type<TExperience>(),
    /** Whole units of `currency` (decision 025). */
    salaryMin: bigint('salary_min', { mode: 'number' }),
    salaryMax: bigint('salary_max', { mode: 'number' }),
    currency: text('currency').$type<TCurrency>().notNull().default('NGN'),
    salaryPeriod: text('salary_period').$type<'month' | 'year'>().notNull().default('month'),
    deadline: timestamp('deadline', { withTimezone: true }),
    screeningQuestions: jsonb('screening_questions').$type<TScreeningQuestion[]>().notNull().default([]),
    status: text('status').$type<TJobStatus>().notNull().default('open'),
    /** Set when an admin took the job down (it is closed and says why to its employer). */
    takenDownReason: text('taken_down_reason'),
    /** When it first opened: "posted within" and newest count from here. */
    postedAt: timestamp('posted_at', { withTimezone: true }),
    /** Title above company and skills, above description; skills' names kept by a trigger on job_skills (migration 0043). */
    skillText: text('skill_text').notNull().default(''),
    /** The ids of its skills, kept by the same trigger: the member's match reads the job's row alone (decision 085). */
    skillIds: uuid('skill_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    searchVector: tsvector('search_vector').generatedAlwaysAs((): SQL =>
      searchDocument([
        ['title', 'A'],
        ['company_name', 'B'],
        ['skill_text', 'B'],
        ['description', 'C'],
      ]),
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('jobs_search_idx').using('gin', t.searchVector),
    index('jobs_employer_idx').on(t.employerId, t.createdAt),
    index('jobs_open_idx')
      .on(t.postedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`status = 'open'`),
    // The "salary" sort pages straight off an index of open jobs (decision 085).
    index('jobs_open_salary_idx')
      .on(
        sql`(coalesce(${t.salaryMax}, ${t.salaryMin})) desc nulls last`,
        t.postedAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      )
      .where(sql`status = 'open'`),
    index('jobs_open_deadline_idx')
      .on(t.deadline)
      .where(sql`status = 'open'`),
  ],
);

/** What a job asks for (decision 017's shared vocabulary), in the employer's order. */
export const jobSkills = skillLinks('job_skills', 'job_id', () => jobs.id);

export const jobApplications = pgTable(
  'job_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    applicantId: uuid('applicant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<TApplicationStatus>().notNull().default('submitted'),
    coverLetter: text('cover_letter'),
    cvUploadId: uuid('cv_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    answers: jsonb('answers').$type<Array<{ questionId: string; answer: string }>>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One application per job per person: a second is a 409, never a duplicate.
    uniqueIndex('job_applications_job_applicant_idx').on(t.jobId, t.applicantId),
    index('job_applications_applicant_idx').on(t.applicantId, t.createdAt),
    index('job_applications_cv_idx').on(t.cvUploadId),
  ],
);

/** Append-only (a trigger refuses UPDATE and DELETE but for the cascade): who moved what, when. */
export const applicationEvents = pgTable(
  'application_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order events happened in, even within one clock tick. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => jobApplications.id, { onDelete: 'cascade' }),
    status: text('status').$type<TApplicationStatus>().notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The employer's private note on the move. */
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('application_events_application_idx').on(t.applicationId, t.createdAt),
    index('application_events_actor_idx').on(t.actorId),
  ],
);

export const savedJobs = pgTable(
  'saved_jobs',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.jobId] }), index('saved_jobs_job_idx').on(t.jobId)],
);

/**
 * A seeker's saved search: the board's own query string, replayed through the board's parser.
 * `alertedUntil` and `digestedUntil` are high-water marks (the newest job's `posted_at` already
 * sent), so each job is sent once in the app and once by mail.
 */
export const jobSearches = pgTable(
  'job_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    query: text('query').notNull(),
    emailDigest: boolean('email_digest').notNull().default(true),
    alertedUntil: timestamp('alerted_until', { withTimezone: true }).notNull(),
    digestedUntil: timestamp('digested_until', { withTimezone: true }).notNull(),
    lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
    /** For the digest's one-click unsubscribe link. */
    unsubscribeToken: text('unsubscribe_token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('job_searches_user_idx').on(t.userId),
    uniqueIndex('job_searches_unsubscribe_idx').on(t.unsubscribeToken),
  ],
);

/** A job's page views (decision 025): one a viewer a day, the employer's own not counted. */
export const jobViewTotals = pgTable('job_view_totals', {
  jobId: uuid('job_id')
    .primaryKey()
    .references(() => jobs.id, { onDelete: 'cascade' }),
  views: integer('views').notNull().default(0),
});

/**
 * Who has been counted on a day, so a viewer counts once: `m:<member id>` or `v:<sha256 of day,
 * ip and user agent>`. Earlier days' rows are deleted daily at 00:30 UTC (`jobs.views-prune`).
 */
export const jobViewsSeen = pgTable(
  'job_views_seen',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    viewerKey: text('viewer_key').notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.day, t.viewerKey] }), index('job_views_seen_day_idx').on(t.day)],
);

export type JobRow = typeof jobs.$inferSelect;
export type JobSearchRow = typeof jobSearches.$inferSelect;
export type ApplicationRow = typeof jobApplications.$inferSelect;
