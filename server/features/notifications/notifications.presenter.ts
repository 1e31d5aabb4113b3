import type { TBroadcast } from '#shared/notifications/broadcasts.schemas';
import type { TNotification } from '#shared/notifications/notifications.schemas';
import type { TRealtimePayload } from '#shared/realtime/events';
import { presentPerson, type PersonRow, type Viewer } from '../accounts';
import type { BroadcastRow, NotificationRow } from './notifications.repo';

/** What a member is shown of a notification row: never whom it is about (`actorId`). */
type Shown = Omit<NotificationRow, 'actorId'>;

/** The one shape a notification leaves the server in, over HTTP and over the socket alike. */
export function presentNotification(row: Shown): TNotification {
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

export function notificationEvent(row: Shown): TRealtimePayload<'notification:new'> {
  return { ...presentNotification(row), resourceId: row.id };
}

/** A row of the history as an admin sees it: admins see every sender, hidden or not. */
export function presentBroadcast(row: BroadcastRow & { sender: PersonRow | null }, viewer: Viewer): TBroadcast {
  const sender = row.sender ? presentPerson(row.sender, viewer) : null;
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    roles: row.roles,
    link: row.link,
    sentBy: sender ? { id: sender.id, username: sender.username, fullName: sender.fullName } : null,
    recipients: row.recipients,
    createdAt: row.createdAt.toISOString(),
  };
}
