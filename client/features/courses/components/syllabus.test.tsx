// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TUser } from '#shared/accounts/accounts.schemas';
import type { TCourseDetail, TSyllabusSection } from '#shared/courses/courses.schemas';
import { userQueryKey } from '#client/features/accounts';
import { createQueryClient } from '#client/lib/query-client';
import { renderRoutes } from '#client/test/render-routes';
import { CourseCta } from './course-cta';
import { playerPath } from '../paths';
import { Syllabus } from './syllabus';

/** Issue 17, what a new user noticed: preview badges that open nothing, syllabus lessons that are not links. */
const sections: TSyllabusSection[] = [
  {
    id: 's1',
    title: 'Getting started',
    lessons: [
      { id: 'l1', title: 'Welcome', kind: 'video', durationSeconds: 60, preview: true },
      { id: 'l2', title: 'Your first server', kind: 'text', durationSeconds: 120, preview: false },
    ],
  },
];
const PLAYER = playerPath('c1');

function show(openAll: boolean) {
  renderRoutes([{ path: '/', element: <Syllabus sections={sections} playerPath={PLAYER} openAll={openAll} /> }]);
}

describe('Syllabus', () => {
  it('links every lesson into the player for whoever may learn the course', () => {
    show(true);
    expect(screen.getByRole('link', { name: 'Welcome' }).getAttribute('href')).toBe(`${PLAYER}?lesson=l1`);
    expect(screen.getByRole('link', { name: 'Your first server' }).getAttribute('href')).toBe(`${PLAYER}?lesson=l2`);
  });

  it('opens only the preview lessons for anyone else, from the title and the Preview badge', () => {
    show(false);
    expect(screen.getByRole('link', { name: 'Welcome' }).getAttribute('href')).toBe(`${PLAYER}?lesson=l1`);
    expect(screen.getByRole('link', { name: 'Preview Welcome' }).getAttribute('href')).toBe(`${PLAYER}?lesson=l1`);
    expect(screen.queryByRole('link', { name: 'Your first server' })).toBeNull();
    expect(screen.getByText('Your first server')).toBeTruthy();
  });
});

describe('CourseCta', () => {
  const detail = (over: Partial<TCourseDetail> = {}) =>
    ({
      id: 'c1',
      status: 'published',
      priceMinor: 1_500_000,
      currency: 'NGN',
      sections,
      viewer: { enrolled: false, isTutor: false, canEdit: false, canReview: false, progressPercent: null },
      ...over,
    }) as TCourseDetail;

  function cta(course: TCourseDetail) {
    const client = createQueryClient();
    client.setQueryData(userQueryKey, {
      id: 'u1',
      role: 'general',
      roles: ['general'],
      fullName: 'Chioma Nwosu',
    } as TUser);
    renderRoutes([{ path: '/', element: <CourseCta course={course} /> }], { client });
  }

  it('offers "Preview this course" beside buying when the course has preview lessons', () => {
    cta(detail());
    expect(screen.getByRole('link', { name: 'Preview this course' }).getAttribute('href')).toBe(PLAYER);
  });

  it('offers no preview when no lesson is one', () => {
    cta(
      detail({ sections: [{ ...sections[0]!, lessons: sections[0]!.lessons.map((l) => ({ ...l, preview: false })) }] }),
    );
    expect(screen.queryByRole('link', { name: 'Preview this course' })).toBeNull();
  });
});
