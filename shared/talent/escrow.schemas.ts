import { z } from 'zod';
import { ZAmount, ZDate } from './gig-fields';
import { DAY_MS, GIG_TRANSITIONS } from './gig-machine';

/**
 * Gig escrow with milestones (issue 27, decision 060): the poster pays each milestone into escrow
 * through the payments module before the work; accepting the delivery releases it to the talent's
 * wallet less the platform fee; an admin decides a dispute (release, refund or split).
 */
export const MILESTONE_STATUSES = [
  'unfunded',
  'funded',
  'submitted',
  'released',
  'refunded',
  'disputed',
  'cancelled',
] as const;
export type TMilestoneStatus = (typeof MILESTONE_STATUSES)[number];
export const ZMilestoneStatus = z.enum(MILESTONE_STATUSES).meta({ examples: ['funded'] });

export const MILESTONE_STATUS_LABELS: Record<TMilestoneStatus, string> = {
  unfunded: 'Not funded',
  funded: 'Funded',
  submitted: 'Submitted',
  released: 'Released',
  refunded: 'Refunded',
  disputed: 'In dispute',
  cancelled: 'Cancelled',
};

/** Statuses whose money sits in escrow: paid in, neither released nor refunded. */
export const HELD_STATUSES = ['funded', 'submitted', 'disputed'] as const satisfies readonly TMilestoneStatus[];

/** A plan has 1 to this many milestones. */
export const MILESTONES_MAX = 10;
/** A submitted milestone nobody answers is released this long after the delivery (the gig's timed transition). */
export const AUTO_RELEASE_AFTER_MS: number = GIG_TRANSITIONS.auto_release.afterMs;
/** The poster is warned (notification and mail) this long before an automatic release. */
export const AUTO_RELEASE_WARNING_MS = 2 * DAY_MS;

/**
 * What the viewer may do with a milestone now: `checkout` fund it (the poster, while unfunded),
 * `cancel` it (the poster, while unfunded), `dispute` it (poster or talent, while funded or
 * submitted), `resolve` a dispute (admins, POST /api/admin/milestones/{id}/resolve).
 */
export const MILESTONE_ACTIONS = ['checkout', 'cancel', 'dispute', 'resolve'] as const;
export const ZMilestoneAction = z.enum(MILESTONE_ACTIONS).meta({ examples: ['checkout'] });

export const MILESTONE_OUTCOMES = ['release', 'refund', 'split'] as const;
export type TMilestoneOutcome = (typeof MILESTONE_OUTCOMES)[number];

export const ZMilestoneResolution = z
  .object({
    decision: z.enum(MILESTONE_OUTCOMES),
    /** The admin's words, written for both sides. */
    reason: z.string(),
    /** To the talent, before the platform fee. */
    releasedMinor: z.number().int(),
    /** Back to the poster's original payment. */
    refundedMinor: z.number().int(),
    decidedAt: z.string(),
  })
  .meta({
    description:
      'An admin’s decision on a disputed milestone (POST /api/admin/milestones/{id}/resolve), as the poster and the talent read it: release, refund or split, the amounts each way and the reason.',
    examples: [
      {
        decision: 'split',
        reason: 'The sketches were delivered; the final files were not.',
        releasedMinor: 2_000_000,
        refundedMinor: 3_000_000,
        decidedAt: '2026-12-20T14:05:00.000Z',
      },
    ],
  });
export type TMilestoneResolution = z.infer<typeof ZMilestoneResolution>;

export const ZMilestone = z
  .object({
    id: z.string(),
    title: z.string(),
    amountMinor: z.number().int(),
    status: ZMilestoneStatus,
    /** "YYYY-MM-DD" or null. */
    dueDate: z.string().nullable(),
    /** ISO 8601 instants, null until they happen. */
    fundedAt: z.string().nullable(),
    submittedAt: z.string().nullable(),
    releasedAt: z.string().nullable(),
    /** When a submitted milestone releases itself if the poster says nothing (14 days after submission). */
    autoReleaseAt: z.string().nullable(),
    actions: z.array(ZMilestoneAction),
    /**
     * What the talent receives for it after the platform fee: the share released once settled (0
     * when refunded or cancelled), else its amount less the fee a release would take.
     */
    talentNetMinor: z.number().int(),
    /** The platform's fee on that share (`talentNetMinor` plus this is what leaves escrow for the talent). */
    platformFeeMinor: z.number().int(),
    /** The admin's decision once a dispute on it was decided, else null. */
    outcome: ZMilestoneResolution.nullable(),
  })
  .meta({
    examples: [
      {
        id: '0b5c1f0e-6a39-4c7e-9d55-2f0f3c1d9a10',
        title: 'Logo sketches',
        amountMinor: 5_000_000,
        status: 'funded',
        dueDate: '2026-12-24',
        fundedAt: '2026-12-01T09:30:00.000Z',
        submittedAt: null,
        releasedAt: null,
        autoReleaseAt: null,
        actions: ['dispute'],
        talentNetMinor: 4_500_000,
        platformFeeMinor: 500_000,
        outcome: null,
      },
    ],
  });
export type TMilestone = z.infer<typeof ZMilestone>;

/** The gig's escrow in one line each: what went in, what is held now, what went out and to whom. */
export const ZEscrow = z
  .object({
    /** Paid into escrow so far (every milestone funded, whatever happened to it after). */
    fundedMinor: z.number().int(),
    /** In escrow now: funded, submitted or disputed milestones. */
    heldMinor: z.number().int(),
    /** Released to the talent (before the platform fee). */
    releasedMinor: z.number().int(),
    /** Refunded to the poster. */
    refundedMinor: z.number().int(),
    /** The accepted bid's amount: what a plan of milestones must add up to. */
    planTotalMinor: z.number().int(),
    /** The poster may replace the plan now (PUT /api/talent/gigs/{id}/milestones). */
    canEditPlan: z.boolean(),
    /** A plain sentence of what happens next, written for the viewer. */
    next: z.string(),
    /** The platform's fee in percent (PLATFORM_FEE_PERCENT), fixed on each milestone when it is funded. */
    feePercent: z.number(),
  })
  .meta({
    examples: [
      {
        fundedMinor: 5_000_000,
        heldMinor: 5_000_000,
        releasedMinor: 0,
        refundedMinor: 0,
        planTotalMinor: 5_000_000,
        canEditPlan: false,
        next: '₦50,000 is held. When Ada submits, you release it or ask for changes; 14 days of silence release it.',
        feePercent: 10,
      },
    ],
  });
export type TEscrow = z.infer<typeof ZEscrow>;

/** PUT /api/talent/gigs/{id}/milestones: the poster's plan, replacing the milestones not yet funded. */
export const ZMilestonePlanInput = z.object({
  milestones: z
    .array(
      z.object({
        title: z
          .string({ error: 'Name the milestone' })
          .trim()
          .min(2, 'Name the milestone in at least 2 characters')
          .max(120, 'At most 120 characters'),
        amountMinor: ZAmount('an amount'),
        dueDate: ZDate.nullish(),
      }),
    )
    .min(1, 'Plan at least one milestone')
    .max(MILESTONES_MAX, `At most ${MILESTONES_MAX} milestones`),
});
export type TMilestonePlanInput = z.input<typeof ZMilestonePlanInput>;

/** POST /api/talent/milestones/{id}/dispute. */
export const ZMilestoneDisputeInput = z.object({
  reason: z
    .string({ error: 'Say what went wrong' })
    .trim()
    .min(10, 'Say what went wrong in at least 10 characters')
    .max(2_000, 'At most 2,000 characters'),
});
export type TMilestoneDisputeInput = z.input<typeof ZMilestoneDisputeInput>;

/**
 * POST /api/admin/milestones/{id}/resolve: `release` pays the talent, `refund` returns the money
 * to the poster's original payment, `split` pays the talent `talentMinor` (1 to the amount less 1)
 * and refunds the rest. Both sides read the reason.
 */
export const ZMilestoneResolveInput = z
  .object({
    outcome: z.enum(MILESTONE_OUTCOMES, { error: 'Choose release, refund or split' }).meta({ examples: ['split'] }),
    talentMinor: z.number().int('Whole kobo').min(1, 'The talent’s share must be more than zero').optional(),
    reason: z
      .string({ error: 'Give the reason both sides will read' })
      .trim()
      .min(1, 'Give the reason both sides will read')
      .max(2_000, 'At most 2,000 characters'),
  })
  .refine((v) => v.outcome !== 'split' || v.talentMinor !== undefined, {
    path: ['talentMinor'],
    message: 'Say how much of it the talent receives',
  });
export type TMilestoneResolveInput = z.input<typeof ZMilestoneResolveInput>;
