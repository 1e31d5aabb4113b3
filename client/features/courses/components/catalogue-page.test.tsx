// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TUser } from '#shared/accounts/accounts.schemas';
import type { TCourseSummary } from '#shared/courses/courses.schemas';
import { userQueryKey } from '#client/features/accounts';
import { createQueryClient } from '#client/lib/query-client';
import { CataloguePage } from './catalogue-page';
import { courseSummary } from '#client/test/course-summary';
import { serveFetch } from '#client/test/serve-fetch';
import { renderRoutes } from '#client/test/render-routes';

/** Odd courses are free, even ones cost ₦15,000. */
const course = (i: number, over: Partial<TCourseSummary> = {}) =>
  courseSummary(i, { priceMinor: i % 2 ? 0 : 1_500_000, ...over });

const user = { id: 'u1', role: 'general', roles: ['general'], fullName: 'Chioma Nwosu' } as TUser;

function serve(courses: TCourseSummary[]) {
  return serveFetch((u) => {
    if (u.pathname === '/api/courses/suggest') return Response.json({ suggestions: [] });
    const q = u.searchParams.get('q') ?? '';
    const found = courses.filter((c) => c.title.toLowerCase().includes(q.toLowerCase()));
    return new Response(
      JSON.stringify({
        courses: found,
        total: found.length,
        page: 1,
        pageSize: 20,
        totalCapped: false,
        nextCursor: null,
      }),
      {
        status: 200,
      },
    );
  });
}

function visit(path = '/courses') {
  const client = createQueryClient();
  client.setQueryData(userQueryKey, user);
  return renderRoutes([{ path: '/courses', element: <CataloguePage /> }], { path, client });
}

afterEach(() => vi.useRealTimers());

describe('CataloguePage', () => {
  it('shows cards with price, rating and length', async () => {
    serve([course(1), course(2)]);
    visit();
    expect(await screen.findByText('2 courses')).toBeTruthy();
    const cards = screen.getAllByTestId('course-card');
    expect(cards[0]!.textContent).toContain('Free');
    expect(cards[1]!.textContent).toContain('₦15,000');
    expect(cards[0]!.textContent).toContain('1h 30m');
    expect(screen.getAllByText('Rated 4.5 out of 5 by 12 learners')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Course 1' }).getAttribute('href')).toBe('/courses/course-detail/c1');
  });

  it('reads the search from the URL and puts typing back into it, debounced', async () => {
    const calls = serve([course(1, { title: 'Excel basics' }), course(2, { title: 'Figma' })]);
    const router = visit('/courses?q=excel&level=beginner');
    expect(await screen.findByText('1 course for “excel”')).toBeTruthy();
    expect((screen.getByLabelText('Search courses') as HTMLInputElement).value).toBe('excel');
    expect(
      calls
        .filter((u) => u.pathname === '/api/courses')
        .at(-1)!
        .searchParams.get('level'),
    ).toBe('beginner');

    fireEvent.change(screen.getByLabelText('Search courses'), { target: { value: 'fig' } });
    expect(router.state.location.search).toBe('?q=excel&level=beginner');
    await waitFor(() => expect(router.state.location.search).toBe('?q=fig&level=beginner'));
    expect(await screen.findByText('1 course for “fig”')).toBeTruthy();
  });

  it('starts again at page 1 when a filter changes, and offers to clear an empty result', async () => {
    serve([]);
    const router = visit('/courses?page=3');
    expect(await screen.findByText('No courses yet')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Price'), { target: { value: 'free' } });
    await waitFor(() => expect(router.state.location.search).toBe('?price=free'));
    expect(await screen.findByText('No courses match your search')).toBeTruthy();
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Clear search and filters' })));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
