// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TNotification } from '#shared/notifications/notifications.schemas';
import { NotificationsPage } from './notifications-page';
import { serveFetch } from '#client/test/serve-fetch';
import { renderRoutes } from '#client/test/render-routes';

const note = (i: number, isRead: boolean): TNotification => ({
  id: `n${i}`,
  type: i % 2 ? 'gig_posted' : 'course_completed',
  title: `Notification ${i}`,
  message: `Message ${i}`,
  isRead,
  createdAt: new Date(Date.now() - i * 3_600_000).toISOString(),
  link: null,
});

/** Pages by limit and offset and filters unread, as the server does. */
function serve(all: TNotification[]) {
  const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
  const unread = () => all.filter((n) => !n.isRead).length;
  serveFetch((u, init) => {
    if (u.pathname === '/api/notifications/unread-count') return json({ unreadCount: unread() });
    if (u.pathname === '/api/notifications/mark-all-read' && init?.method === 'POST') {
      const count = unread();
      all.forEach((n) => (n.isRead = true));
      return json({ count });
    }
    if (u.pathname === '/api/notifications') {
      const offset = Number(u.searchParams.get('offset'));
      const limit = Number(u.searchParams.get('limit'));
      const rows = u.searchParams.get('unread') === 'true' ? all.filter((n) => !n.isRead) : all;
      return json({ notifications: rows.slice(offset, offset + limit), unreadCount: unread() });
    }
    return new Response('{}', { status: 404 });
  });
}

function visit(path = '/notifications') {
  return renderRoutes([{ path: '/notifications', element: <NotificationsPage /> }], { path });
}

describe('NotificationsPage', () => {
  it('shows 20, then the rest with "Load more", with time labels', async () => {
    serve(Array.from({ length: 25 }, (_, i) => note(i, i >= 3)));
    visit();
    await waitFor(() => expect(screen.getAllByTestId('notification-row')).toHaveLength(20));
    expect(screen.getByText('You have 3 unread notifications.')).toBeTruthy();
    expect(screen.getByText('Notification 2').closest('li')?.textContent).toContain('2h ago');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('notification-row')).toHaveLength(25));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getByText('No more notifications.')).toBeTruthy();
  });

  it('filters unread, kept in the URL, with its own empty state after "Mark all read"', async () => {
    serve(Array.from({ length: 5 }, (_, i) => note(i, i >= 2)));
    const router = visit();
    await waitFor(() => expect(screen.getAllByTestId('notification-row')).toHaveLength(5));
    const unreadTab = screen.getByRole('tab', { name: /Unread/ });
    // Radix tabs switch on mousedown (and on focus by keyboard).
    fireEvent.mouseDown(unreadTab);
    await waitFor(() => expect(screen.getAllByTestId('notification-row')).toHaveLength(2));
    expect(router.state.location.search).toBe('?filter=unread');
    expect(unreadTab.getAttribute('aria-selected')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByText('You are all caught up')).toBeTruthy();
    expect(screen.getByText('You have no unread notifications.', { selector: 'p.max-w-md' })).toBeTruthy();
  });

  it('says so when there are none at all', async () => {
    serve([]);
    visit();
    expect(await screen.findByText('No notifications yet')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Mark all read' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
