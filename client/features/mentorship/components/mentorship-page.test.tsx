// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { userQueryKey } from '#client/features/accounts';
import { createQueryClient } from '#client/lib/query-client';
import { MEMBER } from '#client/test/member';
import { renderRoutes } from '#client/test/render-routes';
import { serveFetch } from '#client/test/serve-fetch';
import { MentorshipPage } from './mentorship-page';

const application = {
  id: 'a1',
  status: 'pending',
  expertise: [{ slug: 'data-analysis', name: 'Data analysis' }],
  yearsExperience: 6,
  currentRole: null,
  company: null,
  bio: 'Analyst in Lagos.',
  linkUrl: null,
  motivation: 'To help.',
  proposedPlans: null,
  decisionNote: null,
  createdAt: '2026-11-27T18:37:00.000Z',
  decidedAt: null,
};

function visit(applications: object[]) {
  serveFetch(() => Response.json({ applications }));
  const client = createQueryClient();
  client.setQueryData(userQueryKey, MEMBER);
  return renderRoutes([{ path: '/mentorship', element: <MentorshipPage /> }], { path: '/mentorship', client });
}

describe('MentorshipPage', () => {
  it('shows a pending application instead of inviting the member to apply again', async () => {
    visit([application]);
    expect((await screen.findByTestId('mentor-application-state')).textContent).toContain(
      'Your application of 27 Nov 2026 is waiting for review.',
    );
    expect(screen.getByRole('link', { name: 'View your application' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Become a mentor' })).toBeNull();
  });

  it('invites a member who never applied', async () => {
    visit([]);
    expect(await screen.findByRole('link', { name: 'Become a mentor' })).toBeTruthy();
    expect(screen.queryByTestId('mentor-application-state')).toBeNull();
  });
});
