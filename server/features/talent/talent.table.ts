import { sql, type SQL, getTableColumns } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TCurrency } from '#shared/money';
import type { TBidStatus, TGigStatus } from '#shared/talent/gig-machine';
import type { BUDGET_TYPES } from '#shared/talent/talent.schemas';
import { users } from '../accounts/accounts.table';
import { skillLinks } from '../skills/skill-links.table';
import { searchDocument, tsvector } from '#server/db/search';

/**
 * A piece of paid work anyone may post (issue 14, decision 026). Its status moves only through
 * the transitions of shared/talent/gig-machine.ts, by gig-machine.ts's one conditional update.
 */
export const gigs = pgTable(
  'gigs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    posterId: uuid('poster_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    budgetType: text('budget_type').$type<(typeof BUDGET_TYPES)[number]>().notNull(),
    /** Minor units (kobo or cents) of `currency`. */
    budgetMin: integer('budget_min').notNull(),
    budgetMax: integer('budget_max').notNull(),
    currency: text('currency').$type<TCurrency>().notNull(),
    deadline: date('deadline'),
    /** The poster's public files (images, PDFs), in order; at most GIG_FILES_MAX (decision 037). */
    attachmentUploadIds: uuid('attachment_upload_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    status: text('status').$type<TGigStatus>().notNull().default('open'),
    /** The hired talent and their bid, set by the accept_bid transition. */
    talentId: uuid('talent_id').references(() => users.id, { onDelete: 'restrict' }),
    acceptedBidId: uuid('accepted_bid_id'),
    changeRequests: smallint('change_requests').notNull().default(0),
    deliveryNote: text('delivery_note'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** The latest delivery's private files: read by the poster and the talent only (decision 037). */
    deliveryFileUploadIds: uuid('delivery_file_upload_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** When the gig entered its current status: timed transitions count from it. */
    statusAt: timestamp('status_at', { withTimezone: true }).notNull().defaultNow(),
    searchVector: tsvector('search_vector').generatedAlwaysAs((): SQL =>
      searchDocument([
        ['title', 'A'],
        ['description', 'B'],
      ]),
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('gigs_search_idx').using('gin', t.searchVector),
    index('gigs_status_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('gigs_poster_idx').on(t.posterId, t.createdAt.desc().nullsFirst()),
    index('gigs_talent_idx').on(t.talentId),
    index('gigs_attachments_idx').using('gin', t.attachmentUploadIds),
    index('gigs_delivery_files_idx').using('gin', t.deliveryFileUploadIds),
    check('gigs_budget_order', sql`${t.budgetMin} <= ${t.budgetMax}`),
  ],
);

/** The skills a gig asks for, in the poster's order. */
export const gigSkills = skillLinks('gig_skills', 'gig_id', () => gigs.id);

export const bids = pgTable(
  'bids',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    gigId: uuid('gig_id')
      .notNull()
      .references(() => gigs.id, { onDelete: 'cascade' }),
    bidderId: uuid('bidder_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amount: integer('amount').notNull(),
    deliveryDays: integer('delivery_days').notNull(),
    proposal: text('proposal').notNull(),
    status: text('status').$type<TBidStatus>().notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Exactly once, whatever races: one accepted bid per gig, one live bid per bidder per gig.
    uniqueIndex('bids_one_accepted_idx')
      .on(t.gigId)
      .where(sql`status = 'accepted'`),
    uniqueIndex('bids_one_live_idx')
      .on(t.gigId, t.bidderId)
      .where(sql`status in ('pending', 'accepted')`),
    index('bids_gig_idx').on(t.gigId, t.createdAt),
    index('bids_bidder_idx').on(t.bidderId, t.createdAt.desc().nullsFirst()),
  ],
);

/** Every transition a gig took: its history, and the admin's view of a dispute. */
export const gigEvents = pgTable(
  'gig_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    gigId: uuid('gig_id')
      .notNull()
      .references(() => gigs.id, { onDelete: 'cascade' }),
    transition: text('transition').notNull(),
    fromStatus: text('from_status').$type<TGigStatus>().notNull(),
    toStatus: text('to_status').$type<TGigStatus>().notNull(),
    /** Null when the system took it (a timed transition), or the account is gone. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('gig_events_gig_idx').on(t.gigId, t.createdAt)],
);

/** A poster asking a talent to bid on one of their open gigs: at most once per (gig, talent). */
export const gigInvitations = pgTable(
  'gig_invitations',
  {
    gigId: uuid('gig_id')
      .notNull()
      .references(() => gigs.id, { onDelete: 'cascade' }),
    talentId: uuid('talent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.gigId, t.talentId] }), index('gig_invitations_talent_idx').on(t.talentId)],
);

/** Each side's review of the other after completion: once per side, hidden until revealed. */
export const gigReviews = pgTable(
  'gig_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    gigId: uuid('gig_id')
      .notNull()
      .references(() => gigs.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** Whether the subject was the gig's talent (their rating as a talent) or its poster. */
    subjectRole: text('subject_role').$type<'talent' | 'poster'>().notNull(),
    rating: smallint('rating').notNull(),
    text: text('text').notNull().default(''),
    /** Set when both sides have written, or 14 days after completion (a queued job). */
    revealedAt: timestamp('revealed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gig_reviews_once_idx').on(t.gigId, t.authorId),
    index('gig_reviews_subject_idx').on(t.subjectId, t.subjectRole),
    index('gig_reviews_author_idx').on(t.authorId),
    check('gig_reviews_rating', sql`${t.rating} between 1 and 5`),
  ],
);

/** A talent's portfolio (Contra's "portfolio first"): a piece of work with a link and up to 6 images. */
export const portfolioItems = pgTable(
  'portfolio_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    link: text('link'),
    /** Image uploads of the member's own, in order; at most PORTFOLIO_IMAGES_MAX. */
    imageUploadIds: uuid('image_upload_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('portfolio_items_user_idx').on(t.userId, t.createdAt),
    index('portfolio_items_images_idx').using('gin', t.imageUploadIds),
  ],
);
export type PortfolioItemRow = typeof portfolioItems.$inferSelect;

export type GigRow = Omit<typeof gigs.$inferSelect, 'searchVector'>;
export const gigColumns = (() => {
  const { searchVector: _vector, ...columns } = getTableColumns(gigs);
  return columns;
})();
export type BidRow = typeof bids.$inferSelect;
export type GigReviewRow = typeof gigReviews.$inferSelect;
