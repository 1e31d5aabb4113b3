import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { TNotification, TNotificationList } from '#shared/notifications/notifications.schemas';
import { latestNotificationsKey } from './api/get-notifications';
import { notificationsKey, unreadCountKey } from './api/query-keys';
import {
  addNotificationToCache,
  markAllReadInCache,
  markReadInCache,
  restoreNotifications,
  snapshotNotifications,
} from './notifications-cache';

const note = (id: string, isRead = false): TNotification => ({
  id,
  type: 'chat_message',
  title: `Title ${id}`,
  message: 'Hello',
  isRead,
  createdAt: '2026-01-02T10:00:00.000Z',
  link: null,
});

const pagesKey = [...notificationsKey, { pages: true, unread: false }];

function seeded() {
  const client = new QueryClient();
  client.setQueryData<TNotificationList>(latestNotificationsKey, {
    notifications: [note('a'), note('b'), note('c', true)],
    unreadCount: 2,
  });
  client.setQueryData<InfiniteData<TNotificationList, number>>(pagesKey, {
    pages: [
      { notifications: [note('a'), note('b')], unreadCount: 2 },
      { notifications: [note('c', true)], unreadCount: 2 },
    ],
    pageParams: [0, 2],
  });
  client.setQueryData(unreadCountKey, { unreadCount: 2 });
  return client;
}

const latest = (c: QueryClient) => c.getQueryData<TNotificationList>(latestNotificationsKey)!;
const paged = (c: QueryClient) => c.getQueryData<InfiniteData<TNotificationList, number>>(pagesKey)!;
const count = (c: QueryClient) => c.getQueryData<{ unreadCount: number }>(unreadCountKey)!.unreadCount;

describe('notifications cache', () => {
  it('marks one read in the bell, the pages and the count', () => {
    const client = seeded();
    markReadInCache(client, 'b', true);
    expect(latest(client).notifications.map((n) => n.isRead)).toEqual([false, true, true]);
    expect(latest(client).unreadCount).toBe(1);
    expect(paged(client).pages[0]!.notifications[1]!.isRead).toBe(true);
    expect(count(client)).toBe(1);
  });

  it('does not drop the count for one that was already read', () => {
    const client = seeded();
    markReadInCache(client, 'c', false);
    expect(count(client)).toBe(2);
  });

  it('marks all read, and a snapshot puts everything back', () => {
    const client = seeded();
    const snapshot = snapshotNotifications(client);
    markAllReadInCache(client);
    expect(latest(client).notifications.every((n) => n.isRead)).toBe(true);
    expect(
      paged(client)
        .pages.flatMap((p) => p.notifications)
        .every((n) => n.isRead),
    ).toBe(true);
    expect(count(client)).toBe(0);
    restoreNotifications(client, snapshot);
    expect(count(client)).toBe(2);
    expect(latest(client).notifications[0]!.isRead).toBe(false);
  });

  it('puts a new arrival on top of the bell and into the badge, once', () => {
    const client = seeded();
    addNotificationToCache(client, note('z'));
    addNotificationToCache(client, note('z'));
    expect(latest(client).notifications.map((n) => n.id)).toEqual(['z', 'a', 'b', 'c']);
    expect(latest(client).unreadCount).toBe(3);
    expect(count(client)).toBe(3);
  });
});
