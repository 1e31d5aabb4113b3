import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_LIMITS, type TUpload } from '#shared/uploads/uploads.schemas';
import { describeAuthzMatrix, type AuthzRow } from '#server/test/authz-matrix';
import { createHarness, type Harness } from '#server/test/harness';
import { multipart } from '#server/features/uploads/testing/upload-requests';
import { actor, as, makeCourse, type Actor } from '../testing/course-fixtures';

/**
 * A video lesson's WebVTT captions: uploaded as kind `captions` (checked by content), linked to
 * the lesson by its tutor, and served to exactly the readers of the video. "learner" is enrolled
 * in the course at hand; "otherLearner" in another one.
 */
let h: Harness;
const WHO = ['visitor', 'learner', 'otherLearner', 'tutor', 'otherTutor', 'admin'] as const;
type Who = (typeof WHO)[number];
const people = {} as Record<Who, Actor | null>;
const VTT = Buffer.from('WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nBawo ni, welcome to the lesson.\n');
const VIDEO_URL = 'https://videos.example.com/lesson.mp4';

let course: { id: string; previewLessonId: string; lessonId: string };
const files = {} as Record<'lesson' | 'preview' | 'unlinked', TUpload>;

function upload(who: Actor | null, content: Buffer, name = 'captions.vtt', kind = 'captions') {
  const body = multipart(content, name, 'file', 'text/vtt');
  return h.app.inject({
    method: 'POST',
    url: `/api/uploads?kind=${kind}`,
    payload: body.payload,
    headers: { ...body.headers, ...(who ? { cookie: who.cookie } : {}) },
  });
}
async function tutorCaptions(name = 'captions.vtt'): Promise<TUpload> {
  const res = await upload(people.tutor, VTT, name);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const tutor = () => people.tutor!.user;

beforeAll(async () => {
  h = await createHarness();
  people.visitor = null;
  people.learner = await actor(h, 'student');
  people.otherLearner = await actor(h, 'student');
  people.tutor = await actor(h, 'tutor');
  people.otherTutor = await actor(h, 'mentor');
  people.admin = await actor(h, 'admin');
  const { courseLearning, courseContent } = h.services;

  const c = await makeCourse(h, tutor(), { admin: people.admin.user });
  await courseLearning.enrol(people.learner.user, c.id);
  const elsewhere = await makeCourse(h, people.otherTutor.user, { admin: people.admin.user });
  await courseLearning.enrol(people.otherLearner.user, elsewhere.id);

  const [previewLessonId, lessonId] = c.lessonIds as [string, string];
  course = { id: c.id, previewLessonId, lessonId };
  files.preview = await tutorCaptions('preview.vtt');
  files.lesson = await tutorCaptions('lesson.vtt');
  files.unlinked = await tutorCaptions('not-yet.vtt');
  await courseContent.updateLesson(tutor(), c.id, previewLessonId, {
    kind: 'video',
    videoUrl: VIDEO_URL,
    captionsUploadId: files.preview.id,
  });
  await courseContent.updateLesson(tutor(), c.id, lessonId, {
    kind: 'video',
    videoUrl: VIDEO_URL,
    captionsUploadId: files.lesson.id,
    captionsLabel: 'Yorùbá',
    captionsLanguage: 'yo',
  });
});
afterAll(() => h.close());

describe('uploading captions', () => {
  it('stores a WebVTT file as text/vtt, named by the server', async () => {
    const res = await upload(people.tutor, VTT, 'Lesson 1 (English).vtt');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      kind: 'captions',
      contentType: 'text/vtt',
      name: 'Lesson 1 (English).vtt',
      url: expect.stringMatching(/^\/uploads\/[0-9a-f-]{36}\.vtt$/),
    });
  });

  it('accepts a byte order mark before WEBVTT', async () => {
    const res = await upload(people.tutor, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), VTT]));
    expect(res.statusCode, res.body).toBe(201);
  });

  it('refuses a file that does not start with WEBVTT, whatever its name, with a 415 that says why', async () => {
    const srt = Buffer.from('1\n00:00:00,000 --> 00:00:02,000\nHello\n');
    const res = await upload(people.tutor, srt, 'captions.vtt');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      error:
        'This file is not an accepted captions file: choose a WebVTT file (.vtt) up to 1 MB, starting with WEBVTT.',
      code: 'UNSUPPORTED_MEDIA_TYPE',
      fields: { file: expect.any(String) },
    });
  });

  it('refuses captions past 1 MB with a 413', async () => {
    const big = Buffer.concat([VTT, Buffer.alloc(UPLOAD_LIMITS.captions.maxBytes, 0x61)]);
    const res = await upload(people.tutor, big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', error: expect.stringContaining('too large') });
  });

  it('refuses captions sent as another kind, and another kind sent as captions', async () => {
    expect((await upload(people.tutor, VTT, 'notes.pdf', 'document')).statusCode).toBe(415);
    expect((await upload(people.tutor, Buffer.from('%PDF-1.7\n'), 'captions.vtt')).statusCode).toBe(415);
  });
});

describe('linking captions to a lesson', () => {
  const patch = (who: Actor | null, lessonId: string, body: object) =>
    as(h, who)('PATCH', `/api/courses/${course.id}/lessons/${lessonId}`, body);

  it('shows the captions, label and language with the lesson to whoever may watch it', async () => {
    const res = await as(h, people.learner)('GET', `/api/courses/${course.id}/content`);
    expect(res.statusCode, res.body).toBe(200);
    const lesson = res.json().sections[0].lessons.find((l: { id: string }) => l.id === course.lessonId);
    expect(lesson).toMatchObject({
      captionsUploadId: files.lesson.id,
      captionsUpload: { url: files.lesson.url },
      captionsLabel: 'Yorùbá',
      captionsLanguage: 'yo',
    });
  });

  it("refuses another member's captions on the captionsUploadId field", async () => {
    const theirs = await upload(people.otherTutor, VTT);
    expect(theirs.statusCode).toBe(201);
    const refused = await patch(people.tutor, course.lessonId, { captionsUploadId: theirs.json().id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toHaveProperty('captionsUploadId');
  });

  it('refuses a label or language that is not one', async () => {
    const res = await patch(people.tutor, course.lessonId, { captionsLanguage: 'English please', captionsLabel: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: expect.any(String), code: 'VALIDATION_FAILED' });
  });

  it('drops the captions when the lesson stops being a video', async () => {
    const { courseContent } = h.services;
    const c = await makeCourse(h, tutor(), { status: 'draft' });
    const captions = await tutorCaptions();
    await courseContent.updateLesson(tutor(), c.id, c.lessonIds[0]!, {
      kind: 'video',
      videoUrl: VIDEO_URL,
      captionsUploadId: captions.id,
    });
    const res = await as(h, people.tutor)('PATCH', `/api/courses/${c.id}/lessons/${c.lessonIds[0]}`, { kind: 'text' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ captionsUploadId: null, captionsUpload: null });
  });
});

const rows: AuthzRow[] = [
  {
    route: 'PATCH /api/courses/{id}/lessons/{lessonId} with captions',
    call: async () => {
      // A fresh course each time, so that the course above keeps its captions.
      const c = await makeCourse(h, tutor(), { admin: people.admin!.user });
      await h.services.courseLearning.enrol(people.learner!.user, c.id);
      await h.services.courseContent.updateLesson(tutor(), c.id, c.lessonIds[1]!, {
        kind: 'video',
        videoUrl: VIDEO_URL,
      });
      const captions = await tutorCaptions();
      return [
        'PATCH',
        `/api/courses/${c.id}/lessons/${c.lessonIds[1]}`,
        { captionsUploadId: captions.id, captionsLabel: 'English', captionsLanguage: 'en' },
      ];
    },
    expect: [401, 403, 403, 200, 403, 403],
  },
];
describeAuthzMatrix(() => h, WHO, people, rows);

// Any member may upload a file (an assignment's PDF, say); linking it to a lesson is the tutor's alone.
describe('POST /api/uploads?kind=captions, per caller', () => {
  it.each(WHO.map((who) => [who, who === 'visitor' ? 401 : 201] as const))('%s → %i', async (who, status) => {
    const res = await upload(people[who], VTT);
    expect(res.statusCode, res.body).toBe(status);
  });
});

describe('fetching captions', () => {
  const table: Array<{ file: keyof typeof files; expect: number[] }> = [
    // visitor, learner, otherLearner, tutor, otherTutor, admin
    { file: 'lesson', expect: [404, 200, 404, 200, 404, 200] },
    { file: 'preview', expect: [200, 200, 200, 200, 200, 200] },
    { file: 'unlinked', expect: [404, 404, 404, 200, 404, 200] },
  ];
  describe.each(table)('GET the $file captions', ({ file, expect: statuses }) => {
    it.each(WHO.map((who, i) => [who, statuses[i]!] as const))('%s → %i', async (who, status) => {
      const res = await h.app.inject({
        method: 'GET',
        url: files[file].url,
        headers: people[who] ? { cookie: people[who]!.cookie } : {},
      });
      expect(res.statusCode, res.body).toBe(status);
      if (status === 404) {
        expect(res.json()).toEqual({ error: 'File not found.', code: 'NOT_FOUND' });
      } else {
        expect(res.body).toBe(VTT.toString());
        expect(res.headers['content-type']).toBe('text/vtt');
        expect(res.headers['cache-control']).toBe('private, max-age=3600');
        expect(res.headers['content-disposition']).toMatch(/^inline;/);
      }
    });
  });

  it('keeps linked captions from garbage collection', async () => {
    const inUse = await h.services.courseContent.uploadsInUse([files.lesson.id, files.preview.id, files.unlinked.id]);
    expect(inUse.sort()).toEqual([files.lesson.id, files.preview.id].sort());
  });
});
