// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TUser } from '#shared/accounts/accounts.schemas';
import type { TJobDetail, TJobMatch } from '#shared/jobs/jobs.schemas';
import { OpenToVisitors } from '#client/app/open-to-visitors';
import { userQueryKey } from '#client/features/accounts';
import { returnPath } from '#client/features/auth';
import { createQueryClient } from '#client/lib/query-client';
import { serveFetch } from '#client/test/serve-fetch';
import { renderRoutes } from '#client/test/render-routes';
import { JobDetailPage } from './job-detail-page';

const job = (over: Partial<TJobDetail> = {}): TJobDetail => ({
  id: 'j1',
  title: 'Data analyst',
  companyName: 'Eko Freight',
  location: 'Lagos',
  workplace: 'hybrid',
  type: 'full_time',
  experience: 'entry',
  salaryMin: 250_000,
  salaryMax: 400_000,
  currency: 'NGN',
  salaryPeriod: 'month',
  skills: [
    { slug: 'python', name: 'Python' },
    { slug: 'sql', name: 'SQL' },
  ],
  status: 'open',
  deadline: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  match: null,
  description: 'Weekly **reports**.',
  screeningQuestions: [],
  employer: { id: 'e1', username: 'funmi', fullName: 'Funmilayo Adebayo', avatarUrl: null },
  applicantCount: 3,
  takenDownReason: null,
  updatedAt: '2026-11-01T00:00:00.000Z',
  viewer: { applied: false, saved: false, canEdit: false, application: null },
  ...over,
});

const user = { id: 'u1', role: 'job_seeker', roles: ['job_seeker'], fullName: 'Tunde Bakare' } as TUser;

function serve(detail: TJobDetail, match: TJobMatch) {
  serveFetch((u) => (u.pathname.endsWith('/match') ? Response.json(match) : Response.json(detail)));
}

const visit = () => {
  const client = createQueryClient();
  client.setQueryData(userQueryKey, user);
  return renderRoutes([{ path: '/jobs/:jobId', element: <JobDetailPage /> }], { path: '/jobs/j1', client });
};

describe('JobDetailPage', () => {
  it('shows the salary, the applicant count, and how the member matches with evidence and courses', async () => {
    serve(job(), {
      hasSkills: true,
      total: 2,
      shared: [
        {
          slug: 'python',
          name: 'Python',
          evidence: [
            { kind: 'course', id: 'c1', title: 'Python basics' },
            { kind: 'gig', id: 'g1', title: 'Label printer' },
          ],
        },
      ],
      missing: [{ slug: 'sql', name: 'SQL', courses: [{ id: 'c2', title: 'SQL for analysts' }] }],
    });
    visit();
    expect((await screen.findByTestId('match-summary')).textContent).toBe('You have 1 of 2 skills this job asks for.');
    expect(screen.getByText('₦250,000 – ₦400,000 a month')).toBeTruthy();
    expect(screen.getByText('3 applicants')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Python basics' }).getAttribute('href')).toBe('/courses/course-detail/c1');
    expect(screen.getByText('Completed gig:', { exact: false }).textContent).toBe('; Completed gig: Label printer');
    expect(screen.getByRole('link', { name: 'Label printer' }).getAttribute('href')).toBe('/gigs/g1');
    expect(screen.getByRole('link', { name: 'SQL for analysts' }).getAttribute('href')).toBe(
      '/courses/course-detail/c2',
    );
    expect((screen.getByRole('button', { name: 'Apply' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("cites the passport's sentence for a shared skill when the server words it (issue 31)", async () => {
    serve(job(), {
      hasSkills: true,
      total: 1,
      shared: [
        {
          slug: 'python',
          name: 'Python',
          level: 'proven',
          sentence: 'Python: proven — 2 gigs rated 4.9, 1 assessment passed',
          evidence: [{ kind: 'gig', id: 'g1', title: 'Label printer' }],
        },
      ],
      missing: [],
    });
    visit();
    expect((await screen.findByTestId('match-sentence')).textContent).toBe(
      'Python: proven — 2 gigs rated 4.9, 1 assessment passedProven',
    );
  });

  it('asks a member without skills to add them instead of guessing, and a closed job cannot be applied to', async () => {
    serve(job({ status: 'closed' }), { hasSkills: false, total: 2, shared: [], missing: [] });
    visit();
    expect((await screen.findByRole('link', { name: 'Add your skills' })).getAttribute('href')).toBe('/profile');
    expect(screen.getByText('This job is closed and no longer takes applications.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Apply' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says when the member applied and at which stage', async () => {
    serve(
      job({
        viewer: {
          applied: true,
          saved: true,
          canEdit: false,
          application: { id: 'a1', status: 'shortlisted', createdAt: '2026-11-02T10:00:00.000Z' },
        },
      }),
      {
        hasSkills: true,
        total: 2,
        shared: [],
        missing: [],
      },
    );
    visit();
    expect(await screen.findByText(/You applied on 2 Nov 2026 · Shortlisted/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Saved' }).getAttribute('aria-pressed')).toBe('true');
  });
});

describe('JobDetailPage for a visitor (decision 055)', () => {
  it('shows the public job, and "Sign in to apply" leads to sign-in with the way back to the job', async () => {
    serve(job({ employer: null, deadline: '2026-12-12T10:00:00.000Z' }), {
      hasSkills: false,
      total: 0,
      shared: [],
      missing: [],
    });
    const client = createQueryClient();
    client.setQueryData(userQueryKey, null);
    function SignIn() {
      return <p>Sign in, then back to {returnPath(useLocation().state)}</p>;
    }
    renderRoutes(
      [
        { element: <OpenToVisitors />, children: [{ path: '/jobs/:jobId', element: <JobDetailPage /> }] },
        { path: '/auth', element: <SignIn /> },
      ],
      { path: '/jobs/j1', client },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Data analyst' })).toBeTruthy();
    expect(screen.getByText('Eko Freight')).toBeTruthy();
    expect(screen.getByText('₦250,000 – ₦400,000 a month')).toBeTruthy();
    expect(screen.getByText(/^Apply by 12 Dec 2026/)).toBeTruthy();
    expect(screen.queryByText('Posted by')).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Sign in to apply' }));
    expect(await screen.findByText('Sign in, then back to /jobs/j1')).toBeTruthy();
  });
});
