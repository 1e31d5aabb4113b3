import { z } from 'zod';
import { ZGigDetail } from './talent.schemas';

/*
 * Provisional: the escrow contract as issue 27 and the server's brief give it, until the server
 * branch's shared schemas land (then this file goes and shared/ is imported instead).
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
export const MILESTONES_MAX = 10;

export const ZMilestone = z.object({
  id: z.string(),
  title: z.string(),
  amountMinor: z.number().int(),
  status: z.enum(MILESTONE_STATUSES),
  dueDate: z.string().nullable(),
  fundedAt: z.string().nullable(),
  submittedAt: z.string().nullable(),
  releasedAt: z.string().nullable(),
  autoReleaseAt: z.string().nullable(),
});
export type TMilestone = z.infer<typeof ZMilestone>;

export const ZEscrow = z.object({
  fundedMinor: z.number().int(),
  heldMinor: z.number().int(),
  releasedMinor: z.number().int(),
  refundedMinor: z.number().int(),
  next: z.string(),
});
export type TEscrow = z.infer<typeof ZEscrow>;

export const ZGigWithEscrow = ZGigDetail.extend({
  milestones: z.array(ZMilestone).optional(),
  escrow: ZEscrow.nullable().optional(),
});
export type TGigWithEscrow = z.infer<typeof ZGigWithEscrow>;

export const ZMilestoneInput = z.object({
  title: z.string().trim().min(2, 'Give the milestone a title').max(120, 'At most 120 characters'),
  amountMinor: z.number({ error: 'Enter an amount' }).int('Enter the amount in whole kobo').min(1, 'Enter an amount'),
  dueDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date')
    .nullable()
    .optional(),
});
export const ZMilestonesInput = z.object({
  milestones: z
    .array(ZMilestoneInput)
    .min(1, 'Keep at least one milestone')
    .max(MILESTONES_MAX, `At most ${MILESTONES_MAX} milestones`),
});
export type TMilestonesInput = z.input<typeof ZMilestonesInput>;

export const ZMilestoneDisputeInput = z.object({
  reason: z
    .string()
    .trim()
    .min(10, 'Say what went wrong in at least 10 characters')
    .max(2_000, 'At most 2,000 characters'),
});
export type TMilestoneDisputeInput = z.input<typeof ZMilestoneDisputeInput>;

export const ZMilestoneResolveInput = z.object({
  outcome: z.enum(['release', 'refund', 'split']),
  talentMinor: z.number().int().min(0).optional(),
  reason: z.string().trim().min(10, 'Give a reason both sides will read').max(2_000, 'At most 2,000 characters'),
});
export type TMilestoneResolveInput = z.input<typeof ZMilestoneResolveInput>;
