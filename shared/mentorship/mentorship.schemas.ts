import { z } from 'zod';
import { ZLeveledSkill } from '../passport/passport.schemas';
import { ZCurrency, ZMinorUnits } from '../money';
import { ZSkillRef, ZSkillSlugs } from '../skills/skills.schemas';

/**
 * The mentorship contract (issue 15, decision 031): applications to mentor, plans, subscriptions,
 * the mentor directory and earnings. Sessions and availability: sessions.schemas.ts (decision 032).
 */
export const MAX_ACTIVE_PLANS = 3;
export const SESSION_LENGTHS = [30, 45, 60] as const;
export const PERIOD_DAYS = 30;
export const TRIAL_DAYS = 7;
export const PAUSE_MAX_DAYS = 30;
export const PAUSE_EVERY_DAYS = 90;
/** The renewal link is mailed this many days before the period ends (test gateway). */
export const RENEWAL_NOTICE_DAYS = 3;
/** An unpaid period stays past_due this long before the subscription expires. */
export const PAST_DUE_GRACE_DAYS = 3;
export const MENTORS_PAGE_SIZE = 12;

const url = z
  .string()
  .trim()
  .max(500, 'Keep the link under 500 characters')
  .refine((v) => v === '' || /^https?:\/\/[^\s]+\.[^\s]+$/i.test(v), 'Enter a full link starting with https://');

export const ZApplicationStatus = z.enum(['pending', 'approved', 'rejected']);
export type TApplicationStatus = z.infer<typeof ZApplicationStatus>;

/** POST /api/mentorship/applications. */
export const ZMentorApplicationInput = z.object({
  expertise: ZSkillSlugs.refine((v) => v.length > 0, 'Choose at least one area of expertise'),
  yearsExperience: z.coerce
    .number({ error: 'Enter your years of experience' })
    .int('Enter whole years')
    .min(0, 'Enter your years of experience')
    .max(70, 'Enter your years of experience'),
  currentRole: z.string().trim().max(120, 'Keep it under 120 characters').optional().default(''),
  company: z.string().trim().max(120, 'Keep it under 120 characters').optional().default(''),
  bio: z
    .string({ error: 'Tell mentees about yourself' })
    .trim()
    .min(30, 'Write at least 30 characters about yourself')
    .max(3000, 'Keep the bio under 3000 characters'),
  linkUrl: url.optional().default(''),
  motivation: z
    .string({ error: 'Tell us why you want to mentor' })
    .trim()
    .min(20, 'Write at least 20 characters on why you want to mentor')
    .max(2000, 'Keep it under 2000 characters'),
  proposedPlans: z.string().trim().max(2000, 'Keep it under 2000 characters').optional().default(''),
  /** Whether mentor becomes the primary role on approval (the default). */
  makePrimary: z.boolean().optional().default(true),
});
export type TMentorApplicationInput = z.input<typeof ZMentorApplicationInput>;

const ZPersonRef = z.object({
  id: z.string(),
  fullName: z.string(),
  username: z.string(),
  avatarUrl: z.string().nullable(),
});

export const ZMentorApplication = z.object({
  id: z.string(),
  status: ZApplicationStatus,
  expertise: z.array(ZSkillRef),
  yearsExperience: z.number().int(),
  currentRole: z.string().nullable(),
  company: z.string().nullable(),
  bio: z.string(),
  linkUrl: z.string().nullable(),
  motivation: z.string(),
  proposedPlans: z.string().nullable(),
  decisionNote: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  applicant: ZPersonRef.optional(),
});
export type TMentorApplication = z.infer<typeof ZMentorApplication>;
export const ZApplicationCreated = z.object({ id: z.string(), status: z.literal('pending') });
export const ZMyApplications = z.object({ applications: z.array(ZMentorApplication) });
export const ZAdminApplicationQuery = z.object({ status: ZApplicationStatus.optional().default('pending') });
export const ZAdminApplications = z.object({ applications: z.array(ZMentorApplication) });
export const ZApplicationDecision = z
  .object({
    decision: z.enum(['approve', 'reject'], { error: 'Choose approve or reject' }),
    note: z.string().trim().max(1000, 'Keep the note under 1000 characters').optional(),
  })
  .refine((d) => d.decision === 'approve' || (d.note?.length ?? 0) >= 3, {
    message: 'Tell the applicant why',
    path: ['note'],
  });
export type TApplicationDecision = z.infer<typeof ZApplicationDecision>;

/** The fields a mentor writes, without defaults: the patch must leave absent keys absent. */
const planFields = {
  name: z
    .string({ error: 'Name the plan' })
    .trim()
    .min(3, 'Name the plan in at least 3 characters')
    .max(80, 'Keep the name under 80 characters'),
  description: z.string().trim().max(2000, 'Keep the description under 2000 characters'),
  priceMinor: ZMinorUnits,
  currency: ZCurrency,
  sessionsPerMonth: z.coerce
    .number({ error: 'Enter the sessions per month' })
    .int('Enter whole sessions')
    .min(1, 'At least one session a month')
    .max(30, 'At most 30 sessions a month'),
  sessionMinutes: z.union([z.literal(30), z.literal(45), z.literal(60)], { error: 'Choose 30, 45 or 60 minutes' }),
  responseHours: z.coerce
    .number()
    .int('Enter whole hours')
    .min(1, 'At least 1 hour')
    .max(168, 'At most a week')
    .nullable(),
  features: z
    .array(z.string().trim().min(1).max(120, 'Keep each feature under 120 characters'))
    .max(10, 'At most 10 features'),
  trial: z.boolean(),
  menteeLimit: z.coerce
    .number()
    .int('Enter a whole number')
    .min(1, 'At least 1 mentee')
    .max(500, 'At most 500 mentees')
    .nullable(),
  active: z.boolean(),
};
export const ZPlanInput = z.object({
  ...planFields,
  description: planFields.description.default(''),
  currency: planFields.currency.default('NGN'),
  responseHours: planFields.responseHours.default(null),
  features: planFields.features.default([]),
  trial: planFields.trial.default(false),
  menteeLimit: planFields.menteeLimit.default(null),
  active: planFields.active.default(true),
});
export type TPlanInput = z.input<typeof ZPlanInput>;
export const ZPlanPatch = z.object(planFields).partial();
export type TPlanPatch = z.input<typeof ZPlanPatch>;

export const ZPlan = z.object({
  id: z.string(),
  mentorId: z.string(),
  name: z.string(),
  description: z.string(),
  priceMinor: z.number().int(),
  currency: ZCurrency,
  sessionsPerMonth: z.number().int(),
  sessionMinutes: z.number().int(),
  responseHours: z.number().int().nullable(),
  features: z.array(z.string()),
  trialDays: z.number().int(),
  menteeLimit: z.number().int().nullable(),
  active: z.boolean(),
  /** Live subscriptions on this plan. */
  subscribers: z.number().int(),
  /** Whether a mentee limit is reached. */
  full: z.boolean(),
});
export type TPlan = z.infer<typeof ZPlan>;
export const ZPlanList = z.object({ plans: z.array(ZPlan) });

export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'paused', 'cancelled', 'expired'] as const;
export const ZSubscriptionStatus = z.enum(SUBSCRIPTION_STATUSES);
export type TSubscriptionStatus = z.infer<typeof ZSubscriptionStatus>;
export const LIVE_STATUSES: readonly TSubscriptionStatus[] = ['trialing', 'active', 'past_due', 'paused'];

export const ZSubscription = z.object({
  id: z.string(),
  planId: z.string(),
  planName: z.string(),
  status: ZSubscriptionStatus,
  priceMinor: z.number().int(),
  currency: ZCurrency,
  sessionsPerMonth: z.number().int(),
  sessionMinutes: z.number().int(),
  currentPeriodStart: z.string(),
  currentPeriodEnd: z.string(),
  cancelAtPeriodEnd: z.boolean(),
  pausedUntil: z.string().nullable(),
  /** Whether the mentee may pause now (once per 90 days). */
  canPause: z.boolean(),
  createdAt: z.string(),
  mentor: ZPersonRef,
  mentee: ZPersonRef,
});
export type TSubscription = z.infer<typeof ZSubscription>;
export const ZSubscriptionList = z.object({ subscriptions: z.array(ZSubscription) });
export const ZSubscribeResult = z.union([z.object({ url: z.string() }), ZSubscription]);
export const ZPauseInput = z.object({
  days: z.coerce
    .number()
    .int('Enter whole days')
    .min(1, 'At least 1 day')
    .max(PAUSE_MAX_DAYS, `At most ${PAUSE_MAX_DAYS} days`),
});
export const ZCancelResult = ZSubscription.extend({ refundedMinor: z.number().int() });

export const ZMentorsQuery = z.object({
  q: z.string().max(200).optional(),
  skills: z.string().max(600).optional(),
  /** A price range in major units (naira) that one of the mentor's active plans falls in; at most ₦20m, so kobo fit the integer column. */
  minPrice: z.coerce.number().min(0).max(20_000_000).optional(),
  maxPrice: z.coerce.number().min(0).max(20_000_000).optional(),
  /** 'week': at least one free slot in the next 7 days. */
  available: z.enum(['week']).optional(),
  minRating: z.coerce.number().int().min(1).max(5).optional(),
  page: z.coerce.number().int().min(1).max(1000).optional().default(1),
});
export type TMentorsQuery = z.output<typeof ZMentorsQuery>;
export const ZMentorCard = z.object({
  id: z.string(),
  fullName: z.string(),
  username: z.string(),
  avatarUrl: z.string().nullable(),
  headline: z.string(),
  bio: z.string(),
  /** With the mentor's passport levels, proven first (issue 31). */
  expertise: z.array(ZLeveledSkill),
  yearsExperience: z.number().int(),
  /** The lowest active plan price, or null without plans. */
  fromPriceMinor: z.number().int().nullable(),
  currency: ZCurrency,
  activePlans: z.number().int(),
  /** The mean review rating to one decimal, null before the first review. */
  rating: z.number().nullable(),
  reviews: z.number().int(),
});
export type TMentorCard = z.infer<typeof ZMentorCard>;
export const ZMentorList = z.object({
  mentors: z.array(ZMentorCard),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TMentorList = z.infer<typeof ZMentorList>;
export const ZMentorDetail = ZMentorCard.extend({
  currentRole: z.string().nullable(),
  company: z.string().nullable(),
  linkUrl: z.string().nullable(),
  mentees: z.number().int(),
});
export type TMentorDetail = z.infer<typeof ZMentorDetail>;

export const ZEarningsMonth = z.object({
  month: z.string(),
  grossMinor: z.number().int(),
  feeMinor: z.number().int(),
  netMinor: z.number().int(),
});
export const ZEarnings = z.object({ currency: ZCurrency, months: z.array(ZEarningsMonth) });
export type TEarnings = z.infer<typeof ZEarnings>;
