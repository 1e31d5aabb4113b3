// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TLearnerQuiz, TQuizAttempt } from '#shared/courses/assessments.schemas';
import { renderRoutes } from '#client/test/render-routes';
import { QuizView } from './quiz-view';

const PATH = '/api/courses/c1/lessons/l1/quiz';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const QUIZ: TLearnerQuiz = {
  lessonId: 'l1',
  passPercent: 60,
  attemptsLimit: null,
  revealAnswers: 'after_passing',
  answersRevealed: false,
  questions: [
    {
      id: id(1),
      kind: 'single',
      prompt: 'What must a price cover?',
      options: [
        { id: id(11), text: 'Every cost' },
        { id: id(12), text: 'Transport only' },
      ],
    },
    {
      id: id(2),
      kind: 'multiple',
      prompt: 'Which are costs?',
      options: [
        { id: id(21), text: 'Rent' },
        { id: id(22), text: 'Stock' },
        { id: id(23), text: 'Profit' },
      ],
    },
    { id: id(3), kind: 'short', prompt: 'The capital?', options: [] },
  ],
  attempts: [],
  passed: false,
  attemptsLeft: null,
};
const ATTEMPT: TQuizAttempt = {
  id: 'a1',
  number: 1,
  scorePercent: 67,
  passed: true,
  createdAt: '2027-03-02T09:00:00.000Z',
  results: QUIZ.questions.map((q, i) => ({ questionId: q.id, correct: i !== 1, explanation: '' })),
};

function serve() {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === `${PATH}/attempts` && init?.method === 'POST') {
        sent.push(JSON.parse(String(init.body)));
        return Response.json(ATTEMPT, { status: 201 });
      }
      if (url === PATH) return Response.json(QUIZ);
      return new Response('{}', { status: 404 });
    }),
  );
  return sent;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const label = (text: string) => screen.getByLabelText(text) as HTMLInputElement;

describe('QuizView', () => {
  it('sends one answer per question in order, one choice, several, or the words typed', async () => {
    const sent = serve();
    renderRoutes([{ path: '/', element: <QuizView courseId="c1" lessonId="l1" canAnswer /> }]);
    fireEvent.click(await screen.findByLabelText('Transport only'));
    fireEvent.click(label('Every cost'));
    expect(label('Transport only').checked).toBe(false);
    // One group per question, as the keyboard moves through radios of one name.
    expect(label('Every cost').name).toBe(label('Transport only').name);
    fireEvent.click(label('Rent'));
    fireEvent.click(label('Profit'));
    fireEvent.click(label('Stock'));
    fireEvent.click(label('Profit'));
    fireEvent.change(label('Answer to question 3'), { target: { value: 'Abuja' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit answers' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          answers: [
            { questionId: id(1), optionIds: [id(11)], text: '' },
            { questionId: id(2), optionIds: [id(21), id(22)], text: '' },
            { questionId: id(3), optionIds: [], text: 'Abuja' },
          ],
          // The attempt's own id, so that one sent again is marked once (decision 074).
          clientId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        },
      ]),
    );
    expect(await screen.findByRole('heading', { name: 'Attempt 1: 67% · Passed' })).toBeTruthy();
  });

  it("refuses to send a quiz with nothing answered, in the shared schema's words", async () => {
    const sent = serve();
    renderRoutes([{ path: '/', element: <QuizView courseId="c1" lessonId="l1" canAnswer /> }]);
    fireEvent.click(await screen.findByRole('button', { name: 'Submit answers' }));
    expect(await screen.findByText('Answer at least one question before submitting')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it('shows the preview with its button off', async () => {
    serve();
    renderRoutes([{ path: '/', element: <QuizView courseId="c1" lessonId="l1" canAnswer={false} /> }]);
    const button = (await screen.findByRole('button', { name: 'Submit answers' })) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByText('This is what learners see. Enrolled learners submit their answers here.')).toBeTruthy();
  });
});
