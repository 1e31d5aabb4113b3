// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TAssignment } from '#shared/courses/assessments.schemas';
import type { TLessonContent } from '#shared/courses/lessons.schemas';
import { localDateTime, zonedDateTime } from '#shared/mentorship/zoned-time';
import { renderRoutes } from '#client/test/render-routes';
import { GradedLessonTools } from './graded-lesson-tools';

const PATH = '/api/courses/c1/lessons/l1/assignment';
const LESSON = { id: 'l1', kind: 'assignment', title: 'Price your stall' } as TLessonContent;
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

function serve(assignment: Partial<TAssignment>) {
  const sent: unknown[] = [];
  const data = { lessonId: 'l1', dueAt: null, dueDays: null, myDueAt: null, submission: null, ...assignment };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === PATH && init?.method === 'PUT') {
        sent.push(JSON.parse(String(init.body)));
        return Response.json({ ...data, ...sent.at(-1)! });
      }
      if (url === PATH) return Response.json(data);
      return new Response('{}', { status: 404 });
    }),
  );
  return sent;
}

async function openDueDate() {
  renderRoutes([{ path: '/', element: <GradedLessonTools courseId="c1" lesson={LESSON} /> }]);
  fireEvent.click(screen.getByRole('button', { name: 'Due date of “Price your stall”' }));
  return screen.findByRole('form', { name: 'Due date' });
}

describe('the due-date form', () => {
  it('shows the saved date as the local wall time and sends a changed one back as an instant', async () => {
    const sent = serve({ dueAt: '2027-03-02T09:30:00.000Z' });
    await openDueDate();
    const input = screen.getByLabelText('Due date and time') as HTMLInputElement;
    expect(input.value).toBe(localDateTime(new Date('2027-03-02T09:30:00.000Z'), zone));
    fireEvent.change(input, { target: { value: '2027-04-01T17:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save due date' }));
    await waitFor(() =>
      expect(sent).toEqual([{ dueAt: zonedDateTime('2027-04-01T17:00', zone).toISOString(), dueDays: null }]),
    );
  });

  it('refuses 0 days with the shared message, then sends the days alone', async () => {
    const sent = serve({});
    await openDueDate();
    fireEvent.click(screen.getByLabelText('Days after each learner enrols'));
    fireEvent.change(screen.getByLabelText('Days after enrolment'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save due date' }));
    expect(await screen.findByText('At least 1 day')).toBeTruthy();
    expect(sent).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Days after enrolment'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save due date' }));
    await waitFor(() => expect(sent).toEqual([{ dueAt: null, dueDays: 10 }]));
  });
});
