// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { TNotification } from '#shared/notifications/notifications.schemas';
import { NotificationBell } from './notification-bell';
import { renderRoutes } from '#client/test/render-routes';

const note = (id: string, over: Partial<TNotification> = {}): TNotification => ({
  id,
  type: 'admin_broadcast',
  title: `Title ${id}`,
  message: `Message ${id}`,
  isRead: false,
  createdAt: new Date().toISOString(),
  link: null,
  ...over,
});

/** A tiny server: the list, the count and mark-read, over a mutable array. */
function serve(notifications: TNotification[]) {
  const unread = () => notifications.filter((n) => !n.isRead).length;
  const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const path = new URL(url, 'http://x').pathname;
    if (path === '/api/notifications') return json({ notifications, unreadCount: unread() });
    if (path === '/api/notifications/unread-count') return json({ unreadCount: unread() });
    const read = path.match(/^\/api\/notifications\/(.+)\/read$/);
    if (read && init?.method === 'POST') {
      const n = notifications.find((x) => x.id === read[1])!;
      n.isRead = true;
      return json({ notification: n, unreadCount: unread() });
    }
    if (path === '/api/notifications/mark-all-read') {
      const count = unread();
      notifications.forEach((n) => (n.isRead = true));
      return json({ count });
    }
    return new Response('{}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderBell() {
  return renderRoutes([
    { path: '/', element: <NotificationBell /> },
    { path: '*', element: <p>Elsewhere</p> },
  ]);
}

const openMenu = () => fireEvent.keyDown(screen.getByTestId('notification-bell'), { key: 'Enter' });

beforeAll(() => {
  // Radix measures its popper with ResizeObserver, which jsdom lacks.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

describe('NotificationBell', () => {
  it('shows the unread count on the badge and in its name', async () => {
    serve([note('1'), note('2'), note('3'), note('4', { isRead: true })]);
    renderBell();
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeTruthy();
    expect(screen.getByTestId('notification-badge').textContent).toBe('3');
  });

  it('cuts the badge to 9+ above 9', async () => {
    serve(Array.from({ length: 12 }, (_, i) => note(String(i))));
    renderBell();
    expect(await screen.findByRole('button', { name: 'Notifications, 12 unread' })).toBeTruthy();
    expect(screen.getByTestId('notification-badge').textContent).toBe('9+');
  });

  it('shows no badge and an empty dropdown when there is nothing', async () => {
    serve([]);
    renderBell();
    await waitFor(() =>
      expect(screen.getByTestId('notification-bell').getAttribute('aria-label')).toBe('Notifications'),
    );
    expect(screen.queryByTestId('notification-badge')).toBeNull();
    openMenu();
    const menu = await screen.findByRole('menu', { name: 'Notifications' });
    await within(menu).findByText('No notifications yet');
    expect(
      within(menu)
        .getByRole('menuitem', { name: /Mark all read/ })
        .getAttribute('aria-disabled'),
    ).toBe('true');
    expect(
      within(menu)
        .getByRole('menuitem', { name: /View all notifications/ })
        .getAttribute('href'),
    ).toBe('/notifications');
  });

  it('lists each with its look; a click reads it at once and follows its link', async () => {
    const fetchMock = serve([
      note('1', { type: 'payment_received', title: 'Payment received', link: '/courses/c1' }),
      note('2', { type: 'assignment_due', title: 'Assignment due' }),
    ]);
    const router = renderBell();
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    openMenu();
    const items = await screen.findAllByTestId('notification-item');
    expect(items.map((i) => i.querySelector('[data-look]')?.getAttribute('data-look'))).toEqual(['success', 'warning']);
    expect(items[0]!.textContent).toContain('Unread: Payment received');
    expect(items[0]!.textContent).toContain('Just now');

    await act(async () => fireEvent.click(items[0]!));
    expect(router.state.location.pathname).toBe('/courses/c1');
    const [url, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST')!;
    expect(url).toBe('/api/notifications/1/read');
    expect(init?.method).toBe('POST');
  });

  it('"Mark all read" clears the badge without waiting for the server', async () => {
    serve([note('1'), note('2')]);
    renderBell();
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    openMenu();
    const menu = await screen.findByRole('menu', { name: 'Notifications' });
    await within(menu).findAllByTestId('notification-item');
    fireEvent.click(within(menu).getByRole('menuitem', { name: /Mark all read/ }));
    await waitFor(() => expect(screen.queryByTestId('notification-badge')).toBeNull());
    expect(within(menu).queryAllByTestId('unread-dot')).toHaveLength(0);
  });
});
