import { boolean, date, doublePrecision, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tsvector } from '#server/db/search';
import { sql } from 'drizzle-orm';
import type { TCurrency } from '#shared/money';
import type { COMPANY_SIZES, AVAILABILITIES } from '#shared/accounts/roles.schemas';
import { users } from '../accounts/accounts.table';
import { uploads } from '../uploads/uploads.table';

/**
 * The details of each self-service role, one row per member, written when first filled in (a
 * role is held from the moment it is taken; `users.roles`). Kept when the member changes their
 * primary role: taking on a role never removes what another made.
 */
export const employerProfiles = pgTable(
  'employer_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyName: text('company_name').notNull(),
    logoUploadId: uuid('logo_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    website: text('website'),
    about: text('about'),
    sizeBand: text('size_band').$type<(typeof COMPANY_SIZES)[number]>(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('employer_profiles_logo_idx').on(t.logoUploadId)],
);

export const talentProfiles = pgTable(
  'talent_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Minor units (kobo or cents) of `currency`, as all money (docs/product.md "Money"). */
    hourlyRateMinor: integer('hourly_rate_minor').notNull(),
    currency: text('currency').$type<TCurrency>().notNull(),
    availability: text('availability').$type<(typeof AVAILABILITIES)[number]>().notNull(),
    availableFrom: date('available_from'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /*
     * The directory's search in one row, kept by triggers (migration 0042, decision 082), never
     * written by the app: the name's and the profile's stored vectors together, the member's skill
     * ids, and their revealed talent reviews' average and count. One GIN index answers words and
     * skills, one btree the "rating" order, without visiting every holder of a skill.
     */
    searchVector: tsvector('search_vector'),
    skillIds: uuid('skill_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    rating: doublePrecision('rating'),
    reviewCount: integer('review_count').notNull().default(0),
    /**
     * The member's account is deleted (users.deleted_at), kept by a trigger on users (migration
     * 0044, decision 088): the directory counts and picks its page from this table alone, where
     * it read a users row for every match.
     */
    ownerDeleted: boolean('owner_deleted').notNull().default(false),
  },
  (t) => [
    index('talent_profiles_search_idx').using('gin', t.searchVector),
    index('talent_profiles_skills_idx').using('gin', t.skillIds),
    // In the lists' exact order (ties newest first, then by id descending, as boundedPage breaks
    // them): an index that ends in another direction leaves a sort of every tied row (decision 088).
    index('talent_profiles_rating_idx').on(
      t.rating.desc().nullsLast(),
      t.reviewCount.desc().nullsFirst(),
      t.updatedAt.desc().nullsFirst(),
      t.userId.desc().nullsFirst(),
    ),
    // The newest listed talent (the cursor's `top`) and the recency walk: without it each page
    // sorted every talent twice.
    index('talent_profiles_recency_idx').on(t.updatedAt.desc().nullsFirst(), t.userId.desc().nullsFirst()),
  ],
);

export const jobSeekerProfiles = pgTable(
  'job_seeker_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    openToWork: boolean('open_to_work').notNull(),
    desiredRoles: text('desired_roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    cvUploadId: uuid('cv_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('job_seeker_profiles_cv_idx').on(t.cvUploadId)],
);

export type EmployerProfileRow = typeof employerProfiles.$inferSelect;
export type TalentProfileRow = typeof talentProfiles.$inferSelect;
export type JobSeekerProfileRow = typeof jobSeekerProfiles.$inferSelect;
