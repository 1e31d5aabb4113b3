import { describe, expect, it } from 'vitest';
import { answersRevealed, gradeAnswers, normaliseAnswer, presentLearnerQuiz, storeQuestions } from './quiz-grading';
import type { QuizRow } from './assessments.table';

const questions = storeQuestions([
  {
    kind: 'multiple',
    prompt: 'Which are Nigerian languages?',
    options: [{ text: 'Yorùbá' }, { text: 'Hausa' }, { text: 'Swedish' }],
    correct: [0, 1],
    accepted: [],
    explanation: 'Both are.',
  },
  { kind: 'short', prompt: 'Capital?', options: [], correct: [], accepted: ['Àbújá'], explanation: 'Since 1991.' },
]);
const quiz: QuizRow = {
  lessonId: 'l',
  passPercent: 100,
  attemptsLimit: 2,
  revealAnswers: 'after_passing',
  questions,
  updatedAt: new Date(),
};

describe('quiz grading', () => {
  it('compares short answers without case, accents or extra spaces', () => {
    expect(normaliseAnswer('  ÀBÚJÁ  city ')).toBe('abuja city');
  });

  it('a multiple choice question is right only with exactly the right options', () => {
    const [a, b, c] = questions[0]!.options.map((o) => o.id);
    const answer = (ids: string[]) =>
      gradeAnswers(quiz, {
        answers: [
          { questionId: questions[0]!.id, optionIds: ids, text: '' },
          { questionId: questions[1]!.id, optionIds: [], text: 'abuja' },
        ],
      });
    expect(answer([a!, b!])).toMatchObject({ scorePercent: 100, passed: true });
    expect(answer([a!])).toMatchObject({ scorePercent: 50, passed: false });
    expect(answer([a!, b!, c!]).scorePercent).toBe(50);
  });

  it('the learner view carries no right answer', () => {
    const view = JSON.stringify(presentLearnerQuiz(quiz, []));
    expect(view).not.toContain('Àbújá');
    expect(view).not.toContain('correct');
    expect(view).not.toContain('Since 1991');
  });
});

describe('answersRevealed', () => {
  const failed = { passed: false };
  it('never while a failed learner has attempts left', () => {
    expect(answersRevealed({ attemptsLimit: 3, revealAnswers: 'after_last_attempt' }, [failed, failed])).toBe(false);
    expect(answersRevealed({ attemptsLimit: null, revealAnswers: 'after_last_attempt' }, [failed, failed])).toBe(false);
  });
  it('after the last attempt only when the tutor allows it; always after passing', () => {
    expect(answersRevealed({ attemptsLimit: 2, revealAnswers: 'after_last_attempt' }, [failed, failed])).toBe(true);
    expect(answersRevealed({ attemptsLimit: 2, revealAnswers: 'after_passing' }, [failed, failed])).toBe(false);
    expect(answersRevealed({ attemptsLimit: 2, revealAnswers: 'after_passing' }, [failed, { passed: true }])).toBe(
      true,
    );
  });
});
