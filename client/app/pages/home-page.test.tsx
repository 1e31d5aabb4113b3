// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TUser } from '#shared/accounts/accounts.schemas';
import type { TEnrolment } from '#shared/courses/lessons.schemas';
import { userQueryKey } from '#client/features/accounts';
import { createQueryClient } from '#client/lib/query-client';
import { courseSummary } from '#client/test/course-summary';
import { serveFetch } from '#client/test/serve-fetch';
import { renderRoutes } from '#client/test/render-routes';
import { HomePage } from './home-page';

/** What a new member sees first on the home page (issue 17, "what a new user noticed"). */
const enrolment = (i: number, progressPercent: number): TEnrolment => ({
  course: courseSummary(i),
  enrolledAt: '2026-01-02T00:00:00.000Z',
  progressPercent,
  lastLessonId: null,
  completedAt: progressPercent === 100 ? '2026-01-03T00:00:00.000Z' : null,
  certificateCode: null,
});

function visit(createdAt: string, enrollments: TEnrolment[]) {
  const user = { id: 'u1', role: 'general', roles: ['general'], fullName: 'Chioma Nwosu', createdAt } as TUser;
  const asked = serveFetch((u) => {
    if (u.pathname === '/api/session') return Response.json({ user });
    if (u.pathname === '/api/user') return Response.json(user);
    if (u.pathname === '/api/user/enrollments') return Response.json({ enrollments });
    if (u.pathname === '/api/courses') {
      const size = Number(u.searchParams.get('pageSize'));
      if (size > 50) return Response.json({ error: 'Too many', code: 'VALIDATION_FAILED' }, { status: 400 });
      const all = [1, 2, 3, 4, 5].map((i) => courseSummary(i));
      return Response.json({
        courses: all.slice(0, size),
        total: all.length,
        page: 1,
        pageSize: size,
        totalCapped: false,
        nextCursor: null,
      });
    }
    return Response.json({ error: 'Not found', code: 'NOT_FOUND' }, { status: 404 });
  });
  const client = createQueryClient();
  client.setQueryData(userQueryKey, user);
  renderRoutes([{ path: '/', element: <HomePage /> }], { client });
  return asked;
}

describe('HomePage', () => {
  it('greets a brand-new account with "Welcome", not "Welcome back", and recommends courses', async () => {
    visit(new Date().toISOString(), []);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome, Chioma Nwosu');
    const start = await screen.findByRole('region', { name: 'Start learning' });
    expect(within(start).getAllByText(/^Course \d+$/)).toHaveLength(3);
    expect(screen.queryByRole('region', { name: 'Continue learning' })).toBeNull();
  });

  it('welcomes back an older account, and shows the courses part way through with their progress before recommendations', async () => {
    visit('2025-01-01T00:00:00.000Z', [enrolment(1, 40), enrolment(2, 100)]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome back, Chioma Nwosu');
    const going = await screen.findByRole('region', { name: 'Continue learning' });
    expect(within(going).getByText('Course 1')).toBeTruthy();
    expect(within(going).queryByText('Course 2')).toBeNull();
    expect(within(going).getByRole('progressbar', { name: 'Progress in Course 1' }).getAttribute('aria-valuenow')).toBe(
      '40',
    );
    const recommended = await screen.findByRole('region', { name: 'Recommended for you' });
    expect(within(recommended).queryByText('Course 1')).toBeNull();
    expect(within(recommended).queryByText('Course 2')).toBeNull();
    expect(within(recommended).getAllByText(/^Course \d+$/)).toHaveLength(3);
  });

  it('still recommends to a member in more courses than one catalogue page holds', async () => {
    const asked = visit(
      '2025-01-01T00:00:00.000Z',
      Array.from({ length: 60 }, (_, i) => enrolment(100 + i, 10)),
    );
    await screen.findByRole('region', { name: 'Recommended for you' });
    expect(
      asked.filter((u) => u.pathname === '/api/courses').every((u) => Number(u.searchParams.get('pageSize')) <= 50),
    ).toBe(true);
  });
});
