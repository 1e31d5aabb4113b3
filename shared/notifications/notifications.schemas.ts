import { z } from 'zod';
import { NOTIFICATIONS_PAGE } from '../constants';

/** The largest page GET /api/notifications serves. */
export const NOTIFICATIONS_MAX_LIMIT = 50;

/** docs/spec.md §3: every notification type, in the spec's order. */
export const NOTIFICATION_TYPES = [
  'course_completed',
  'certificate_ready',
  'payment_received',
  'assignment_due',
  'gig_posted',
  'course_purchase',
  'mentorship_subscription',
  'chat_message',
  'admin_broadcast',
  'system_update',
] as const;
export const ZNotificationType = z.enum(NOTIFICATION_TYPES);
export type TNotificationType = z.infer<typeof ZNotificationType>;

export type TNotificationLook = 'success' | 'warning' | 'info';

/** docs/spec.md §3: the look (colour and icon family) of each type. */
export const NOTIFICATION_LOOKS: Record<TNotificationType, TNotificationLook> = {
  course_completed: 'success',
  certificate_ready: 'success',
  payment_received: 'success',
  assignment_due: 'warning',
  gig_posted: 'warning',
  course_purchase: 'info',
  mentorship_subscription: 'info',
  chat_message: 'info',
  admin_broadcast: 'info',
  system_update: 'info',
};

/** Human names of the types, for the email settings screen and the mails themselves. */
export const NOTIFICATION_TYPE_LABELS: Record<TNotificationType, string> = {
  course_completed: 'Course completed',
  certificate_ready: 'Certificate ready',
  payment_received: 'Payment received',
  assignment_due: 'Assignment due',
  gig_posted: 'New gig posted',
  course_purchase: 'Course purchase',
  mentorship_subscription: 'Mentorship subscription',
  chat_message: 'Chat message',
  admin_broadcast: 'Announcements from the team',
  system_update: 'System updates',
};

/** Types whose email copy is on until the user turns it off: money, certificates, announcements. */
export const EMAIL_ON_BY_DEFAULT: ReadonlySet<TNotificationType> = new Set([
  'payment_received',
  'course_purchase',
  'certificate_ready',
  'admin_broadcast',
]);

/**
 * Links stay inside the app: a path on this origin, never another site or a javascript: URL,
 * because the client turns them into navigations.
 */
export const ZNotificationLink = z
  .string()
  .trim()
  .max(500, 'Link must be at most 500 characters')
  .regex(/^\/(?!\/)[^\s\\]*$/, 'Link must be a path inside the app, starting with /');

export const ZNotification = z.object({
  id: z.string(),
  type: ZNotificationType,
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  /** ISO 8601. */
  createdAt: z.string(),
  link: z.string().nullable(),
});
export type TNotification = z.infer<typeof ZNotification>;

export const ZNotificationList = z.object({
  notifications: z.array(ZNotification),
  unreadCount: z.number().int(),
});
export type TNotificationList = z.infer<typeof ZNotificationList>;

const intParam = (name: string, min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`)
    .default(fallback);

/** GET /api/notifications?limit=20&offset=0[&unread=true] */
export const ZNotificationsQuery = z.object({
  limit: intParam('limit', 1, NOTIFICATIONS_MAX_LIMIT, NOTIFICATIONS_PAGE),
  // Deep offsets scan the index; nobody pages 100,000 notifications back.
  offset: intParam('offset', 0, 100_000, 0),
  unread: z
    .enum(['true', 'false'], { error: 'unread must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
});

export const ZUnreadCount = z.object({ unreadCount: z.number().int() });
export type TUnreadCount = z.infer<typeof ZUnreadCount>;

export const ZMarkReadResult = z.object({ notification: ZNotification, unreadCount: z.number().int() });
export type TMarkReadResult = z.infer<typeof ZMarkReadResult>;

export const ZMarkAllResult = z.object({ count: z.number().int() });
export type TMarkAllResult = z.infer<typeof ZMarkAllResult>;

/** What a feature sends to notify a user. */
export const ZNotificationInput = z.object({
  type: ZNotificationType,
  title: z.string().trim().min(1, 'Title is required').max(200, 'Title must be at most 200 characters'),
  message: z.string().trim().min(1, 'Message is required').max(2000, 'Message must be at most 2000 characters'),
  link: ZNotificationLink.optional(),
  /**
   * The member the notice is about: whose action it reports ("New message from …") or whose words
   * it quotes (a question's title). Erasing that member blanks its message in every inbox and
   * drops its mails not yet sent (decision 050).
   */
  actorId: z.uuid().optional(),
});
export type TNotificationInput = z.infer<typeof ZNotificationInput>;

/**
 * Types a member may turn off altogether, not only their email copy: the matches of new gigs
 * (issue 14). Every other type always shows in the bell. Whoever sends such a type leaves out,
 * in the query that picks its recipients, those whose `in_app` is false (talent's
 * `matchingTalents`): a batch never loads the members only to drop them.
 */
export const IN_APP_OPTIONAL: ReadonlySet<TNotificationType> = new Set(['gig_posted']);

/** One type's effective choices: its email copy, and whether it shows at all. */
export const ZNotificationPreference = z.object({ type: ZNotificationType, email: z.boolean(), inApp: z.boolean() });
export type TNotificationPreference = z.infer<typeof ZNotificationPreference>;

/** A change to one type: either choice may be left out, and only IN_APP_OPTIONAL types turn off in the app. */
export const ZNotificationPreferenceChange = z
  .object({ type: ZNotificationType, email: z.boolean().optional(), inApp: z.boolean().optional() })
  .refine((p) => p.inApp !== false || IN_APP_OPTIONAL.has(p.type), {
    message: 'This notification cannot be turned off, only its email copy',
    path: ['inApp'],
  });
export type TNotificationPreferenceChange = z.infer<typeof ZNotificationPreferenceChange>;

/** GET and PUT answer every type. */
export const ZNotificationPreferences = z.object({
  preferences: z.array(ZNotificationPreference).max(NOTIFICATION_TYPES.length),
});

/** PUT may send only the types, and the choices, that change. */
export const ZNotificationPreferencesInput = z.object({
  preferences: z.array(ZNotificationPreferenceChange).max(NOTIFICATION_TYPES.length * 2),
});
