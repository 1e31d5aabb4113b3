// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TMentorApplication } from '#shared/mentorship/mentorship.schemas';
import { renderRoutes } from '#client/test/render-routes';
import { MentorApplicationsPanel } from './application-queue';

const APPLICATION: TMentorApplication = {
  id: 'a1',
  status: 'pending',
  expertise: [{ slug: 'javascript', name: 'JavaScript' }],
  yearsExperience: 7,
  currentRole: 'Engineering manager',
  company: 'Kolanut',
  bio: 'I lead engineers and have mentored twenty developers in Lagos.',
  linkUrl: null,
  motivation: 'I want to help more Nigerians into tech careers.',
  proposedPlans: null,
  decisionNote: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  decidedAt: null,
  applicant: { id: 'u1', fullName: 'Chiamaka Okafor', username: 'chiamaka', avatarUrl: null },
};

function serve() {
  const decisions: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/admin/mentor-applications/a1/decision') {
        decisions.push(JSON.parse(String(init!.body)));
        return Response.json({ ...APPLICATION, status: 'rejected' });
      }
      if (url.startsWith('/api/admin/mentor-applications?')) return Response.json({ applications: [APPLICATION] });
      return new Response('{}', { status: 404 });
    }),
  );
  return decisions;
}

describe('MentorApplicationsPanel', () => {
  it('asks why before a rejection, with the shared message, then sends the trimmed note', async () => {
    const decisions = serve();
    renderRoutes([{ path: '/', element: <MentorApplicationsPanel /> }]);
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Tell the applicant why')).toBeTruthy();
    expect(decisions).toEqual([]);
    fireEvent.change(screen.getByLabelText('Note to the applicant'), {
      target: { value: '  Not enough experience yet  ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(decisions).toEqual([{ decision: 'reject', note: 'Not enough experience yet' }]));
  });

  it('approves without a note', async () => {
    const decisions = serve();
    renderRoutes([{ path: '/', element: <MentorApplicationsPanel /> }]);
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(decisions).toEqual([{ decision: 'approve' }]));
  });
});
