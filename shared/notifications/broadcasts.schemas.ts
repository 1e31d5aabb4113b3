import { z } from 'zod';
import { ROLES } from '../roles';
import { ZNotificationLink } from './notifications.schemas';

/** Who an admin broadcast reaches: everyone (admins excluded) or the members of one role. */
export const ZBroadcastAudience = z.enum(['all', ...ROLES], { error: 'Choose who receives the broadcast' });
export type TBroadcastAudience = z.infer<typeof ZBroadcastAudience>;

export const ZBroadcastInput = z.object({
  title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(200, 'Title must be at most 200 characters'),
  message: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(2000, 'Message must be at most 2000 characters'),
  audience: ZBroadcastAudience,
  link: ZNotificationLink.optional(),
});
export type TBroadcastInput = z.infer<typeof ZBroadcastInput>;

export const ZBroadcastCreated = z.object({ id: z.string(), recipients: z.number().int() });
export type TBroadcastCreated = z.infer<typeof ZBroadcastCreated>;

export const ZBroadcast = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  audience: ZBroadcastAudience,
  link: z.string().nullable(),
  recipients: z.number().int(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type TBroadcast = z.infer<typeof ZBroadcast>;

export const ZBroadcastList = z.object({ broadcasts: z.array(ZBroadcast) });
export type TBroadcastList = z.infer<typeof ZBroadcastList>;
