import type { TBroadcast } from '../../../shared/notifications/broadcasts.schemas';
import type { TNotification } from '../../../shared/notifications/notifications.schemas';
import type { TRealtimePayload } from '../../../shared/realtime/events';
import type { BroadcastRow, NotificationRow } from './notifications.table';

/** The one shape a notification leaves the server in, over HTTP and over the socket alike. */
export function presentNotification(row: NotificationRow): TNotification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
    link: row.link,
  };
}

export function notificationEvent(row: NotificationRow): TRealtimePayload<'notification:new'> {
  return { ...presentNotification(row), resourceId: row.id };
}

export function presentBroadcast(row: BroadcastRow): TBroadcast {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    audience: row.audience,
    link: row.link,
    recipients: row.recipients,
    createdAt: row.createdAt.toISOString(),
  };
}
