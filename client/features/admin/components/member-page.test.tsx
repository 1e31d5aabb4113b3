// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { TAdminMemberDetail } from '#shared/admin/admin.schemas';
import { createQueryClient } from '#client/lib/query-client';
import { MemberPage } from './member-page';
import { PasswordConfirmProvider } from './password-confirm';

const ID = '3f0c1f8e-55a4-4b7e-9d55-2f9a3b1c0d11';
const detail: TAdminMemberDetail = {
  user: {
    id: ID,
    username: 'emeka',
    email: 'emeka@example.ng',
    fullName: 'Emeka Obi',
    role: 'student',
    roles: ['student'],
    suspended: false,
    emailVerified: true,
    deleted: false,
    createdAt: '2026-01-05T10:00:00.000Z',
    avatarUrl: null,
    lastSeenAt: null,
  },
  suspension: null,
  suspensions: [],
  sessions: 2,
  activity: [{ label: 'Courses enrolled in', value: 3 }],
  reportsAbout: 1,
  actions: [],
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderPage() {
  const router = createMemoryRouter([{ path: '/admin/dashboard/members/:id', element: <MemberPage /> }], {
    initialEntries: [`/admin/dashboard/members/${ID}`],
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PasswordConfirmProvider>
        <RouterProvider router={router} />
      </PasswordConfirmProvider>
    </QueryClientProvider>,
  );
}

describe('MemberPage', () => {
  it('suspends with the chosen restrictions, asking for the password when the server wants it, then repeats the request', async () => {
    let suspendCalls = 0;
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === `/api/admin/users/${ID}` && (!init?.method || init.method === 'GET')) return json(detail);
      if (url === `/api/admin/users/${ID}/suspend`) {
        suspendCalls += 1;
        return suspendCalls === 1
          ? json({ error: 'Enter your password again to do this.', code: 'CONFIRMATION_REQUIRED' }, 403)
          : json({ ...detail.user, suspended: true });
      }
      if (url === '/api/admin/confirm') return json({ confirmedUntil: '2026-11-24T10:00:00.000Z' });
      return json({ error: 'Not found', code: 'NOT_FOUND' }, 404);
    });
    vi.stubGlobal('fetch', fetchMock);
    renderPage();

    const form = await screen.findByRole('form', { name: 'Suspend' });
    fireEvent.change(within(form).getByLabelText('Reason (the member reads it)'), {
      target: { value: 'Spam in chat' },
    });
    for (const label of [
      'Courses: browsing, enrolling and teaching',
      'Jobs: applying and posting',
      'Mentorship: plans, subscriptions and sessions',
      'Talent and gigs: posting, bidding and your talent profile',
    ]) {
      fireEvent.click(within(form).getByLabelText(label));
    }
    fireEvent.click(within(form).getByRole('button', { name: 'Suspend member' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'Correct-Horse-9' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(suspendCalls).toBe(2));
    const confirmCall = fetchMock.mock.calls.find(([url]) => url === '/api/admin/confirm')!;
    expect(JSON.parse(String(confirmCall[1]!.body))).toEqual({ password: 'Correct-Horse-9' });
    const suspendBodies = fetchMock.mock.calls
      .filter(([url]) => url === `/api/admin/users/${ID}/suspend`)
      .map(([, init]) => JSON.parse(String(init!.body)));
    expect(suspendBodies[1]).toEqual({ reason: 'Spam in chat', restrictions: ['chat'] });
  });

  it('never offers to make a member an admin', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(detail)),
    );
    renderPage();
    const roles = await screen.findByRole('form', { name: 'Roles' });
    expect(within(roles).queryByLabelText('Admin')).toBeNull();
    expect((within(roles).getByLabelText('Student') as HTMLInputElement).checked).toBe(true);
  });
});
