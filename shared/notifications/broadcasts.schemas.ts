import { z } from 'zod';
import { ZRole } from '../roles';
import { ZNotificationLink } from './notifications.schemas';

/** The two info-look types of docs/spec.md §3 that an admin sends by hand. */
export const BROADCAST_TYPES = ['admin_broadcast', 'system_update'] as const;
export const ZBroadcastType = z.enum(BROADCAST_TYPES, { error: 'Choose an announcement or a system update' });
export type TBroadcastType = z.infer<typeof ZBroadcastType>;

export const BROADCAST_TYPE_LABELS: Record<TBroadcastType, string> = {
  admin_broadcast: 'Announcement',
  system_update: 'System update',
};

/** A role a broadcast may target: any but admin, which the spec never names as an audience. */
export const ZBroadcastRole = ZRole.exclude(['admin'], {
  error: 'Choose roles members hold; admins cannot be targeted',
});
export type TBroadcastRole = z.infer<typeof ZBroadcastRole>;
export const BROADCAST_ROLES = ZBroadcastRole.options;

/** The first contract's target, still accepted: everyone or the members of one role. */
export const ZBroadcastAudience = z.enum(['all', ...BROADCAST_ROLES], { error: 'Choose who receives the broadcast' });
export type TBroadcastAudience = z.infer<typeof ZBroadcastAudience>;

const ZTitle = z
  .string({ error: 'Title is required' })
  .trim()
  .min(1, 'Title is required')
  .max(200, 'Title must be at most 200 characters');
const ZMessage = z
  .string({ error: 'Message is required' })
  .trim()
  .min(1, 'Message is required')
  .max(2000, 'Message must be at most 2000 characters');

/**
 * POST /api/admin/broadcasts. `type` defaults to the first contract's admin_broadcast; the target
 * is `roles` (members holding any of them) or the older `audience`; neither means everyone.
 */
export const ZBroadcastInput = z
  .object({
    title: ZTitle,
    message: ZMessage,
    link: ZNotificationLink.optional(),
    type: ZBroadcastType.default('admin_broadcast'),
    roles: z
      .array(ZBroadcastRole, { error: 'Roles must be a list' })
      .max(BROADCAST_ROLES.length, 'Too many roles')
      .optional(),
    audience: ZBroadcastAudience.optional(),
  })
  .refine((v) => !(v.roles?.length && v.audience), { path: ['roles'], message: 'Give roles or audience, not both' });
export type TBroadcastInput = z.input<typeof ZBroadcastInput>;
export type TBroadcastValid = z.output<typeof ZBroadcastInput>;

/** The roles a broadcast targets, each once; an empty list means everyone (admins excluded). */
export function targetRoles(input: Pick<TBroadcastValid, 'roles' | 'audience'>): TBroadcastRole[] {
  if (input.roles?.length) return [...new Set(input.roles)];
  return input.audience && input.audience !== 'all' ? [input.audience] : [];
}

/**
 * The console's form: the same fields, with the target as an explicit choice so that "some roles"
 * with none ticked is an error rather than a broadcast to everyone. A blank link means no link: a
 * text input always holds a string, and an emptied form must show an empty field.
 */
export const ZBroadcastDraft = z
  .object({
    title: ZTitle,
    message: ZMessage,
    link: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), ZNotificationLink.optional()),
    type: ZBroadcastType,
    target: z.enum(['all', 'roles'], { error: 'Choose who receives the broadcast' }),
    roles: z.array(ZBroadcastRole),
  })
  .refine((v) => v.target === 'all' || v.roles.length > 0, { path: ['roles'], message: 'Choose at least one role' });
export type TBroadcastDraft = z.input<typeof ZBroadcastDraft>;

/** What the form posts: the roles only when it targets some. */
export function draftToInput(d: z.output<typeof ZBroadcastDraft>): TBroadcastInput {
  const { target, roles, ...rest } = d;
  return target === 'roles' ? { ...rest, roles } : rest;
}

export const ZBroadcastCreated = z.object({ id: z.string(), recipients: z.number().int() });
export type TBroadcastCreated = z.infer<typeof ZBroadcastCreated>;

export const BROADCASTS_PAGE_SIZE = 20;
export const ZBroadcastQuery = z.object({
  page: z.coerce
    .number({ error: 'Page must be a number' })
    .int('Page must be a whole number')
    .min(1, 'Page starts at 1')
    .max(100_000)
    .default(1),
});

export const ZBroadcast = z.object({
  id: z.string(),
  type: ZBroadcastType,
  title: z.string(),
  message: z.string(),
  /** Empty: everyone. Broadcasts sent before the target left admins out may name `admin`. */
  roles: z.array(ZRole),
  link: z.string().nullable(),
  /** The admin who sent it; null once that account is gone. */
  sentBy: z.object({ id: z.string(), username: z.string(), fullName: z.string() }).nullable(),
  recipients: z.number().int(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type TBroadcast = z.infer<typeof ZBroadcast>;

export const ZBroadcastList = z.object({
  broadcasts: z.array(ZBroadcast),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type TBroadcastList = z.infer<typeof ZBroadcastList>;
