// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TCourseContent, TLessonContent } from '#shared/courses/lessons.schemas';
import { CurriculumEditor } from './curriculum-editor';
import { renderRoutes } from '#client/test/render-routes';

const lesson = (id: string, title: string): TLessonContent => ({
  id,
  sectionId: 's1',
  title,
  kind: 'text',
  body: 'Hello',
  durationSeconds: 60,
  preview: false,
  videoUrl: null,
  videoUploadId: null,
  attachments: [],
  captionsUploadId: null,
  captionsLabel: 'English',
  captionsLanguage: 'en',
});

function serve() {
  const content: TCourseContent = {
    courseId: 'c1',
    sections: [
      { id: 's1', title: 'Basics', lessons: [lesson('l1', 'Intro'), lesson('l2', 'Ledger'), lesson('l3', 'Wrap up')] },
    ],
  };
  const orders: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'PUT' && url === '/api/courses/c1/sections/s1/lessons/order') {
        const { ids } = JSON.parse(String(init.body)) as { ids: string[] };
        orders.push(ids);
        const byId = new Map(content.sections[0]!.lessons.map((l) => [l.id, l]));
        content.sections[0]!.lessons = ids.map((id) => byId.get(id)!);
        return new Response(null, { status: 204 });
      }
      if (url === '/api/courses/c1/content') return new Response(JSON.stringify(content), { status: 200 });
      return new Response('{}', { status: 200 });
    }),
  );
  return orders;
}

function visit() {
  renderRoutes([{ path: '/', element: <CurriculumEditor courseId="c1" /> }]);
}

const titles = () =>
  screen
    .getAllByTestId('builder-lesson')
    .map((row) => row.querySelector('p')!.textContent!.replace('Text lesson: ', ''));

describe('CurriculumEditor reordering by keyboard', () => {
  it('moves a lesson, saves the order, keeps focus on it and says where it went', async () => {
    const orders = serve();
    visit();
    await screen.findByText('Section 1:');
    expect(titles()).toEqual(['Intro', 'Ledger', 'Wrap up']);
    expect((screen.getByRole('button', { name: 'Move lesson “Intro” up' }) as HTMLButtonElement).disabled).toBe(true);

    const up = screen.getByRole('button', { name: 'Move lesson “Ledger” up' });
    up.focus();
    fireEvent.click(up);

    await waitFor(() => expect(titles()).toEqual(['Ledger', 'Intro', 'Wrap up']));
    await waitFor(() => expect(orders).toEqual([['l2', 'l1', 'l3']]));
    // At the top "up" is disabled, so focus goes to its "down" button.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move lesson “Ledger” down' })),
    );
    expect(
      within(screen.getAllByRole('status')[0]!).getByText('Lesson “Ledger” moved to position 1 of 3.'),
    ).toBeTruthy();
  });

  it('moves down one step at a time', async () => {
    const orders = serve();
    visit();
    await screen.findByText('Section 1:');
    fireEvent.click(screen.getByRole('button', { name: 'Move lesson “Intro” down' }));
    await waitFor(() => expect(titles()).toEqual(['Ledger', 'Intro', 'Wrap up']));
    fireEvent.click(screen.getByRole('button', { name: 'Move lesson “Intro” down' }));
    await waitFor(() => expect(titles()).toEqual(['Ledger', 'Wrap up', 'Intro']));
    await waitFor(() =>
      expect(orders).toEqual([
        ['l2', 'l1', 'l3'],
        ['l2', 'l3', 'l1'],
      ]),
    );
    expect((screen.getByRole('button', { name: 'Move lesson “Intro” down' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
