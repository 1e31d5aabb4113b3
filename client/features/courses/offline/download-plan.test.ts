import { describe, expect, it } from 'vitest';
import type { TCourseContent, TLessonContent } from '#shared/courses/lessons.schemas';
import type { TUpload } from '#shared/uploads/uploads.schemas';
import { filesToSave, formatSize, planDownload, uniqueFiles } from './download-plan';

const upload = (name: string, size: number, kind: TUpload['kind'] = 'document'): TUpload => ({
  id: name,
  kind,
  url: `/uploads/${name}`,
  srcset: null,
  name,
  contentType: 'application/pdf',
  size,
  private: false,
  createdAt: '2026-01-01T00:00:00.000Z',
});

const lesson = (id: string, patch: Partial<TLessonContent>): TLessonContent => ({
  id,
  sectionId: 's1',
  title: id,
  kind: 'text',
  body: `Text of ${id}`,
  durationSeconds: 60,
  preview: false,
  videoUrl: null,
  videoUploadId: null,
  videoUpload: null,
  attachments: [],
  captionsUploadId: null,
  captionsUpload: null,
  captionsLabel: 'English',
  captionsLanguage: 'en',
  ...patch,
});

const content: TCourseContent = {
  courseId: 'c1',
  sections: [
    {
      id: 's1',
      title: 'Basics',
      lessons: [
        lesson('read', { attachments: [upload('notes.pdf', 2000), upload('sheet.pdf', 3000)] }),
        lesson('watch', {
          kind: 'video',
          videoUpload: upload('talk.webm', 5_000_000, 'video'),
          captionsUpload: upload('talk.vtt', 1000, 'captions'),
          attachments: [upload('notes.pdf', 2000)],
        }),
        lesson('elsewhere', { kind: 'video', videoUrl: 'https://videos.example/talk.mp4' }),
        lesson('not-yet', { kind: 'video' }),
      ],
    },
    { id: 's2', title: 'Check', lessons: [lesson('quiz', { kind: 'quiz' }), lesson('task', { kind: 'assignment' })] },
  ],
};

describe('planDownload', () => {
  const plan = planDownload(content);

  it('counts the lessons by what they need', () => {
    expect(plan).toMatchObject({ lessons: 6, textLessons: 1, gradedLessons: 2, videoLessons: 1, externalVideos: 1 });
  });

  it('saves each attachment once, with the sizes the server stated', () => {
    expect(plan.files.map((f) => f.url)).toEqual(['/uploads/notes.pdf', '/uploads/sheet.pdf']);
    expect(plan.fileBytes).toBe(5000);
  });

  it('puts uploaded videos and their captions apart, with their size, and never a link to another site', () => {
    expect(plan.videos).toEqual([
      { url: '/uploads/talk.webm', bytes: 5_000_000 },
      { url: '/uploads/talk.vtt', bytes: 1000 },
    ]);
    expect(plan.videoBytes).toBe(5_001_000);
  });

  it('weighs the text as it is stored', () => {
    expect(plan.textBytes).toBe(new TextEncoder().encode(JSON.stringify(content)).length);
  });

  it('is empty for a course with no lessons', () => {
    expect(planDownload({ courseId: 'c2', sections: [] })).toMatchObject({
      lessons: 0,
      files: [],
      videos: [],
      fileBytes: 0,
      videoBytes: 0,
    });
  });
});

describe('filesToSave', () => {
  const plan = planDownload(content);
  const pdf = { url: '/api/certificates/ABC/pdf', bytes: 0 };

  it('leaves the videos out unless confirmed', () => {
    expect(filesToSave(plan, false).map((f) => f.url)).toEqual(['/uploads/notes.pdf', '/uploads/sheet.pdf']);
    expect(filesToSave(plan, true)).toHaveLength(4);
  });

  it('adds the certificate PDF, once', () => {
    expect(filesToSave(plan, false, [pdf, pdf]).at(-1)).toEqual(pdf);
    expect(filesToSave(plan, false, [pdf, pdf])).toHaveLength(3);
  });
});

it('uniqueFiles keeps the first of each address', () => {
  expect(
    uniqueFiles([
      { url: '/a', bytes: 1 },
      { url: '/a', bytes: 2 },
      { url: '/b', bytes: 3 },
    ]),
  ).toEqual([
    { url: '/a', bytes: 1 },
    { url: '/b', bytes: 3 },
  ]);
});

describe('formatSize', () => {
  it.each([
    [0, '1 KB'],
    [300, '1 KB'],
    [640 * 1024, '640 KB'],
    [1024 * 1024, '1.0 MB'],
    [24.6 * 1024 * 1024, '24.6 MB'],
    [1.5 * 1024 ** 3, '1.5 GB'],
  ])('%d bytes read %j', (bytes, text) => expect(formatSize(bytes)).toBe(text));
});
