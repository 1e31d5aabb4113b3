import { sql, type AnyColumn } from 'drizzle-orm';
import type { TNotificationType } from '#shared/notifications/notifications.schemas';
import { notificationPreferences } from './notifications.table';

/**
 * Whether the member `userId` (a column of the caller's statement) turned off in-app
 * notifications of this type: who hears of a new gig leaves them out in the same statement.
 */
export const inAppTurnedOff = (userId: AnyColumn, type: TNotificationType) =>
  sql<boolean>`exists (select 1 from ${notificationPreferences} where ${notificationPreferences.userId} = ${userId}
    and ${notificationPreferences.type} = ${type} and ${notificationPreferences.inApp} = false)`;
