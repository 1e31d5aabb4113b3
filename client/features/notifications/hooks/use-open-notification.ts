import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { TNotification } from '#shared/notifications/notifications.schemas';
import { useMarkRead } from '../api/mark-read';

/** docs/spec.md §4: a click reads the notification, then follows its link if it has one. */
export function useOpenNotification() {
  const markRead = useMarkRead();
  const navigate = useNavigate();
  const { mutate } = markRead;
  const open = useCallback(
    (notification: TNotification) => {
      if (!notification.isRead) mutate({ id: notification.id, wasUnread: true });
      // Links are in-app paths (the server checks them), so the router can follow them.
      if (notification.link) void navigate(notification.link);
    },
    [mutate, navigate],
  );
  return { open, markRead };
}
