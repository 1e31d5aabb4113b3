import { isApiError } from '#client/lib/api-client';
import type { ToastInput } from '#client/lib/toast';

/**
 * Every notification list lives under this key, so the realtime table's ['/api/notifications']
 * (shared/realtime/events.ts) refreshes them all by prefix. What follows it is an object,
 * never a string, so it cannot be mistaken for a path segment such as an id.
 */
export const notificationsKey = ['/api/notifications'] as const;

/** A key of its own, not under ['/api/notifications']: the realtime table names both. */
export const unreadCountKey = ['/api/notifications/unread-count'] as const;

/**
 * docs/spec.md §8, once per failure streak across all notification queries (the bell polls).
 * A 401 is the session's business: the user query shows "Session Expired".
 */
export const notificationsErrorMeta = {
  errorToast: (error: Error): ToastInput | undefined =>
    isApiError(error, 401) ? undefined : { title: 'Failed to fetch notifications', variant: 'destructive' },
  errorStreak: 'notifications',
};

/** Shared by mark-read and mark-all-read, so the last of several quick clicks refetches alone. */
export const markReadMutationKey = ['notifications', 'mark-read'] as const;
