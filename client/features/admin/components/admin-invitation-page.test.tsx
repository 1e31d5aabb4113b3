// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '#client/test/render-routes';
import { AdminInvitationPage } from './admin-invitation-page';

function fill(password: string, confirm: string) {
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: confirm } });
  fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
}

describe('AdminInvitationPage', () => {
  it("refuses two different passwords under the password, then shows the server's refusal there", async () => {
    const posts: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        posts.push(JSON.parse(String(init!.body)));
        return Response.json({ error: 'This invitation has expired.', code: 'TOKEN_INVALID' }, { status: 400 });
      }),
    );
    renderRoutes([{ path: '/admin/invitation', element: <AdminInvitationPage /> }], {
      path: '/admin/invitation?token=abcdefghijklmnop',
    });
    fill('Correct-Horse-9', 'Correct-Horse-8');
    expect(await screen.findByText('The passwords do not match')).toBeTruthy();
    expect(posts).toEqual([]);
    fill('Correct-Horse-9', 'Correct-Horse-9');
    expect(await screen.findByText('This invitation has expired.')).toBeTruthy();
    await waitFor(() => expect(posts).toEqual([{ token: 'abcdefghijklmnop', password: 'Correct-Horse-9' }]));
  });
});
