// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TGradingDashboard, TSubmission } from '#shared/courses/assessments.schemas';
import { renderRoutes } from '#client/test/render-routes';
import { GradingSection } from './grading-section';

const WORK: TSubmission = {
  id: 's1',
  lessonId: 'l1',
  lessonTitle: 'Price your stall',
  courseId: 'c1',
  courseTitle: 'Market maths',
  learner: { id: 'u1', fullName: 'Ada Obi' },
  kind: 'text',
  text: 'Rice: cost ₦1,000, price ₦1,200.',
  url: null,
  file: null,
  status: 'submitted',
  feedback: '',
  late: false,
  dueAt: null,
  submittedAt: '2027-03-02T09:00:00.000Z',
  gradedAt: null,
};

function serve() {
  const sent: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        sent.push({ url, body: JSON.parse(String(init.body)) });
        return Response.json({ ...WORK, status: 'passed' });
      }
      if (url === '/api/tutor/grading')
        return Response.json({ toGrade: [WORK], quizzes: [] } satisfies TGradingDashboard);
      return new Response('{}', { status: 404 });
    }),
  );
  return sent;
}

describe('GradingSection', () => {
  it('sends the decision of the button pressed with the trimmed feedback', async () => {
    const sent = serve();
    renderRoutes([{ path: '/', element: <GradingSection /> }]);
    fireEvent.change(await screen.findByLabelText('Feedback'), { target: { value: '  Clear and complete. ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Needs work' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          url: '/api/courses/c1/submissions/s1/grade',
          body: { decision: 'needs_work', feedback: 'Clear and complete.' },
        },
      ]),
    );
  });
});
