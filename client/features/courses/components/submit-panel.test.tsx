// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TCourseDetail } from '#shared/courses/courses.schemas';
import type { TCourseContent, TLessonContent } from '#shared/courses/lessons.schemas';
import { renderRoutes } from '#client/test/render-routes';
import { SubmitPanel } from './submit-panel';

/** Issue 26: the checklist said "Done" for a course whose quiz had no questions. */
const lesson = (id: string, kind: TLessonContent['kind']): TLessonContent => ({
  id,
  sectionId: 's1',
  title: `Lesson ${id}`,
  kind,
  body: 'Read this.',
  durationSeconds: 0,
  preview: false,
  videoUrl: null,
  videoUploadId: null,
  attachments: [],
  captionsUploadId: null,
  captionsLabel: 'English',
  captionsLanguage: 'en',
});
const content: TCourseContent = {
  courseId: 'c1',
  sections: [{ id: 's1', title: 'Start', lessons: [lesson('l1', 'text'), lesson('q1', 'quiz')] }],
};
const course = {
  id: 'c1',
  status: 'draft',
  description: 'About',
  thumbnailUrl: null,
  sections: [],
  rejectionReason: null,
} as unknown as TCourseDetail;

function serve(questions: unknown[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/api/courses/c1/lessons/q1/quiz/editor'
        ? Response.json({
            lessonId: 'q1',
            passPercent: 70,
            attemptsLimit: 3,
            revealAnswers: 'after_passing',
            questions,
          })
        : new Response('{}', { status: 404 }),
    ),
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SubmitPanel', () => {
  it('marks a quiz without questions missing and says what to do', async () => {
    serve([]);
    renderRoutes([{ path: '/', element: <SubmitPanel course={course} content={content} /> }]);
    expect(await screen.findByText('1 quiz has no questions yet')).toBeTruthy();
    expect(screen.getByText('Add questions to every quiz before you submit.')).toBeTruthy();
    expect(screen.queryByText('Every quiz has its questions')).toBeNull();
  });

  it('marks it done once the quiz has questions', async () => {
    serve([
      { id: 'x', kind: 'short', prompt: 'Capital?', options: [], correct: [], accepted: ['Abuja'], explanation: '' },
    ]);
    renderRoutes([{ path: '/', element: <SubmitPanel course={course} content={content} /> }]);
    expect(await screen.findByText('Every quiz has its questions')).toBeTruthy();
  });
});
