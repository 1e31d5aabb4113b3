// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TTutorQuiz } from '#shared/courses/assessments.schemas';
import { renderRoutes } from '#client/test/render-routes';
import { QuizEditor } from './quiz-editor';

const PATH = '/api/courses/c1/lessons/l1/quiz';
const EMPTY: TTutorQuiz = {
  lessonId: 'l1',
  passPercent: 70,
  attemptsLimit: null,
  revealAnswers: 'after_passing',
  questions: [],
};
const Q1 = '5f0c6f4e-8d7a-4c1b-9e2a-1b3c4d5e6f70';
const O1 = '6a1d7e5f-9e8b-4d2c-8f3b-2c4d5e6f7a81';
const O2 = '7b2e8f6a-af9c-4e3d-9a4c-3d5e6f7a8b92';

function serve(answer?: { status: number; body: unknown }) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === PATH && init?.method === 'PUT') {
        sent.push(JSON.parse(String(init.body)));
        if (answer) return Response.json(answer.body, { status: answer.status });
        return Response.json({ ...EMPTY, ...sent.at(-1)!, questions: [] });
      }
      return new Response('{}', { status: 404 });
    }),
  );
  return sent;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function edit(quiz: TTutorQuiz = EMPTY) {
  const onSaved = vi.fn();
  renderRoutes([{ path: '/', element: <QuizEditor courseId="c1" lessonId="l1" quiz={quiz} onSaved={onSaved} /> }]);
  return onSaved;
}

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save quiz' }));

describe('QuizEditor', () => {
  it('refuses a blank question with the shared messages under its fields and sends nothing', async () => {
    const sent = serve();
    edit();
    type('Pass mark (%)', 'most');
    save();
    expect(await screen.findByText('Write the question')).toBeTruthy();
    expect(screen.getAllByText('Write the option')).toHaveLength(2);
    expect(screen.getByText('From 0 to 100')).toBeTruthy();
    const prompt = field('Question 1');
    expect(prompt.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(prompt.getAttribute('aria-describedby')!)?.textContent).toBe('Write the question');
    expect(sent).toHaveLength(0);
  });

  it('asks for a right option until one is marked, then sends the marks as positions', async () => {
    const sent = serve();
    const onSaved = edit();
    type('Question 1', 'Which costs count?');
    type('Option 1 of question 1', 'Transport');
    type('Option 2 of question 1', 'Stall rent');
    fireEvent.click(screen.getByRole('button', { name: 'Add an option' }));
    expect(document.activeElement?.textContent).toContain('Add an option');
    type('Option 3 of question 1', 'Nothing');
    fireEvent.change(field('Type of question 1'), { target: { value: 'multiple' } });
    fireEvent.click(field('Option 1 of question 1 is right'));
    save();
    expect(await screen.findByText('Mark at least one right option')).toBeTruthy();
    fireEvent.click(field('Option 2 of question 1 is right'));
    fireEvent.click(field('Option 1 of question 1 is right'));
    await waitFor(() => expect(screen.queryByText('Mark at least one right option')).toBeNull());
    type('Attempts (empty: unlimited)', ' 3 ');
    fireEvent.change(field('Explanations show'), { target: { value: 'after_last_attempt' } });
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent).toEqual([
      {
        passPercent: 70,
        attemptsLimit: 3,
        revealAnswers: 'after_last_attempt',
        questions: [
          {
            kind: 'multiple',
            prompt: 'Which costs count?',
            options: [{ text: 'Transport' }, { text: 'Stall rent' }, { text: 'Nothing' }],
            correct: [0, 1],
            accepted: [],
            explanation: '',
          },
        ],
      },
    ]);
  });

  it('keeps the ids of a saved quiz, sends short answers as lines, and shows the server field message', async () => {
    const sent = serve({
      status: 400,
      body: { error: 'Too long', code: 'VALIDATION_FAILED', fields: { 'questions.1.explanation': 'Too long' } },
    });
    edit({
      ...EMPTY,
      attemptsLimit: 2,
      questions: [
        {
          id: Q1,
          kind: 'single',
          prompt: 'What must a price cover?',
          options: [
            { id: O1, text: 'Every cost' },
            { id: O2, text: 'Transport' },
          ],
          correct: [0],
          accepted: [],
          explanation: '',
        },
      ],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add a question' }));
    fireEvent.change(field('Type of question 2'), { target: { value: 'short' } });
    type('Question 2', 'The capital?');
    type('Accepted answers to question 2, one per line', ' Abuja \n\nFCT');
    type('Explanation of question 2', 'It moved in 1991.');
    save();
    expect(await screen.findAllByText('Too long')).toHaveLength(2);
    expect(field('Explanation of question 2').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([
      {
        passPercent: 70,
        attemptsLimit: 2,
        revealAnswers: 'after_passing',
        questions: [
          {
            id: Q1,
            kind: 'single',
            prompt: 'What must a price cover?',
            options: [
              { id: O1, text: 'Every cost' },
              { id: O2, text: 'Transport' },
            ],
            correct: [0],
            accepted: [],
            explanation: '',
          },
          {
            kind: 'short',
            prompt: 'The capital?',
            options: [],
            correct: [],
            accepted: ['Abuja', 'FCT'],
            explanation: 'It moved in 1991.',
          },
        ],
      },
    ]);
  });

  it('moves a question up with its options and marks when the one before it is removed', async () => {
    serve();
    edit();
    type('Question 1', 'First');
    fireEvent.click(screen.getByRole('button', { name: 'Add a question' }));
    type('Question 2', 'Second');
    type('Option 1 of question 2', 'Yes');
    type('Option 2 of question 2', 'No');
    fireEvent.click(field('Option 2 of question 2 is right'));
    fireEvent.click(screen.getByRole('button', { name: 'Remove question 1' }));
    await waitFor(() => expect(field('Question 1').value).toBe('Second'));
    expect(field('Option 2 of question 1').value).toBe('No');
    expect(field('Option 2 of question 1 is right').checked).toBe(true);
    expect(field('Option 1 of question 1 is right').checked).toBe(false);
    expect(screen.queryByLabelText('Question 2', { exact: true })).toBeNull();
  });
});
