import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '#server/test/harness';
import { actor, as, makeCourse, type Actor } from '../testing/course-fixtures';
import { makeAssessedCourse, rightAnswers, wrongAnswers } from '../testing/assessment-fixtures';

/** Decision 052: lessons complete from what the server measured, quizzes by the tutor's rules. */
let h: Harness;
let tutor: Actor;
let admin: Actor;
beforeAll(async () => {
  h = await createHarness();
  tutor = await actor(h, 'tutor');
  admin = await actor(h, 'admin');
});
afterAll(() => h.close());
beforeEach(() => h.clock.reset());

const SECOND = 1000;

/** A published course with a 600-word text lesson (3 minutes to read) and a 2-minute video. */
async function course() {
  const made = await makeCourse(h, tutor.user, { status: 'draft', lessons: 0 });
  const add = (input: Parameters<typeof h.services.courseContent.addLesson>[3]) =>
    h.services.courseContent.addLesson(tutor.user, made.id, made.sectionId, input);
  const common = { preview: true, attachmentUploadIds: [] };
  const text = await add({
    ...common,
    kind: 'text',
    title: 'Keeping books',
    body: 'word '.repeat(600),
    durationSeconds: 0,
  });
  const video = await add({
    ...common,
    kind: 'video',
    title: 'Counting stock',
    body: '',
    videoUploadId: null,
    videoUrl: 'https://videos.example.com/stock.mp4',
    durationSeconds: 120,
  });
  await h.services.courses.submit(tutor.user, made.id);
  await h.services.courses.decide(admin.user, made.id, { decision: 'approve' });
  const learner = await actor(h, 'student');
  const call = as(h, learner);
  expect((await call('POST', `/api/courses/${made.id}/enroll`)).statusCode).toBe(201);
  const beat = (lessonId: string, body: Record<string, unknown>) =>
    call('POST', `/api/courses/${made.id}/lessons/${lessonId}/progress`, body);
  const complete = (lessonId: string) => call('POST', `/api/courses/${made.id}/lessons/${lessonId}/complete`);
  return { id: made.id, text: text.id, video: video.id, call, beat, complete };
}

describe('a text lesson', () => {
  it('completes only once open for its reading time and scrolled to the end', async () => {
    const c = await course();
    const refused = await c.complete(c.text);
    expect([refused.statusCode, refused.json().error]).toEqual([
      400,
      'Take the time to read this lesson to complete it.',
    ]);

    await c.beat(c.text, {});
    // A tab left open for an hour counts as one gap of 30 seconds, not an hour of reading.
    h.clock.advance(3600 * SECOND);
    const overnight = (await c.beat(c.text, {})).json();
    expect(overnight.lessonFacts[0]).toMatchObject({ openSeconds: 30, readSeconds: 180, scrolledToEnd: false });
    for (let i = 0; i < 6; i++) {
      h.clock.advance(30 * SECOND);
      await c.beat(c.text, {});
    }
    const unscrolled = await c.complete(c.text);
    expect([unscrolled.statusCode, unscrolled.json().error]).toEqual([
      400,
      'Read this lesson to its end to complete it.',
    ]);

    const done = (await c.beat(c.text, { scrolledToEnd: true })).json();
    expect(done.completedLessonIds).toEqual([c.text]);
    expect((await c.complete(c.text)).statusCode).toBe(200);
  });

  it('does not believe a flag: a client that says it scrolled and asks to complete at once is refused', async () => {
    const c = await course();
    await c.beat(c.text, { scrolledToEnd: true });
    const res = await c.complete(c.text);
    expect(res.statusCode).toBe(400);
    expect((await c.call('GET', `/api/courses/${c.id}/progress`)).json().completedLessonIds).toEqual([]);
  });
});

describe('a video lesson', () => {
  it('counts only forward playing: a faked jump adds nothing, 90% watched completes it', async () => {
    const c = await course();
    const refused = await c.complete(c.video);
    expect([refused.statusCode, refused.json().error]).toEqual([
      400,
      'Watch at least 90% of this video to complete it.',
    ]);

    await c.beat(c.video, { positionSeconds: 0 });
    h.clock.advance(10 * SECOND);
    await c.beat(c.video, { positionSeconds: 10 });
    // Ten seconds later the client claims the player is at 1:50: a seek, or a lie.
    h.clock.advance(10 * SECOND);
    const jumped = (await c.beat(c.video, { positionSeconds: 110 })).json();
    expect(jumped.lessonFacts[0]).toMatchObject({ watchedSeconds: 10, videoSeconds: 120 });
    expect((await c.complete(c.video)).statusCode).toBe(400);

    // Back to 0:10 and watched through to the end, ten seconds at a time.
    await c.beat(c.video, { positionSeconds: 10 });
    let last = jumped;
    for (let at = 20; at <= 110; at += 10) {
      h.clock.advance(10 * SECOND);
      last = (await c.beat(c.video, { positionSeconds: at })).json();
    }
    expect(last.lessonFacts[0].watchedSeconds).toBe(110);
    expect(last.completedLessonIds).toEqual([c.video]);
  });

  it('rewatching the same minute does not add up to the whole video', async () => {
    const c = await course();
    for (let round = 0; round < 4; round++) {
      await c.beat(c.video, { positionSeconds: 0 });
      for (let at = 10; at <= 60; at += 10) {
        h.clock.advance(10 * SECOND);
        await c.beat(c.video, { positionSeconds: at });
      }
    }
    const progress = (await c.call('GET', `/api/courses/${c.id}/progress`)).json();
    expect(progress.lessonFacts[0].watchedSeconds).toBe(60);
    expect(progress.completedLessonIds).toEqual([]);
  });
});

describe('a quiz', () => {
  const attempt = (c: { id: string; quizLessonId: string }, who: Actor, body: object) =>
    as(h, who)('POST', `/api/courses/${c.id}/lessons/${c.quizLessonId}/quiz/attempts`, body);

  it('refuses an empty submission without spending an attempt', async () => {
    const c = await makeAssessedCourse(h, tutor.user, admin.user, { quiz: { attemptsLimit: 3 } });
    const learner = await actor(h, 'student');
    await as(h, learner)('POST', `/api/courses/${c.id}/enroll`);
    const empty = {
      answers: c.questionIds.map((questionId) => ({ questionId, optionIds: [], text: '  ' })),
    };
    for (const body of [empty, { answers: [] }]) {
      const res = await attempt(c, learner, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { answers: 'Answer at least one question before submitting' },
      });
    }
    const quiz = (await as(h, learner)('GET', `/api/courses/${c.id}/lessons/${c.quizLessonId}/quiz`)).json();
    expect([quiz.attempts.length, quiz.attemptsLeft]).toEqual([0, 3]);
  });

  it('hides explanations after failed attempts with attempts left; shows them after the last when the tutor says so', async () => {
    const c = await makeAssessedCourse(h, tutor.user, admin.user, {
      quiz: { attemptsLimit: 2, revealAnswers: 'after_last_attempt' },
    });
    const learner = await actor(h, 'student');
    await as(h, learner)('POST', `/api/courses/${c.id}/enroll`);
    const first = (await attempt(c, learner, wrongAnswers(c))).json();
    expect(first.results.map((r: { explanation: string }) => r.explanation)).toEqual(['', '']);
    const last = (await attempt(c, learner, wrongAnswers(c))).json();
    expect(last.results[0].explanation).toBe('A naira has 100 kobo.');
    expect((await attempt(c, learner, rightAnswers(c))).statusCode).toBe(409);
    const quiz = (await as(h, learner)('GET', `/api/courses/${c.id}/lessons/${c.quizLessonId}/quiz`)).json();
    expect(quiz).toMatchObject({ answersRevealed: true, attemptsLeft: 0, passed: false });
  });

  it('keeps them hidden after the last failed attempt when they show only after passing', async () => {
    const c = await makeAssessedCourse(h, tutor.user, admin.user, {
      quiz: { attemptsLimit: 2, revealAnswers: 'after_passing' },
    });
    const learner = await actor(h, 'student');
    await as(h, learner)('POST', `/api/courses/${c.id}/enroll`);
    await attempt(c, learner, wrongAnswers(c));
    const failed = (await attempt(c, learner, wrongAnswers(c))).json();
    expect(failed.results[0].explanation).toBe('');
    const quiz = await as(h, learner)('GET', `/api/courses/${c.id}/lessons/${c.quizLessonId}/quiz`);
    expect(quiz.body).not.toContain('A naira has 100 kobo');

    const other = await actor(h, 'student');
    await as(h, other)('POST', `/api/courses/${c.id}/enroll`);
    await attempt(c, other, wrongAnswers(c));
    const passed = (await attempt(c, other, rightAnswers(c))).json();
    expect(passed.results[0].explanation).toBe('A naira has 100 kobo.');
  });

  it('allows 3 attempts when the tutor sets nothing', async () => {
    const c = await makeAssessedCourse(h, tutor.user, admin.user, { status: 'draft' });
    const res = await as(h, tutor)('PUT', `/api/courses/${c.id}/lessons/${c.quizLessonId}/quiz`, {
      questions: [{ kind: 'short', prompt: 'Capital of Nigeria?', accepted: ['Abuja'] }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ attemptsLimit: 3, revealAnswers: 'after_passing' });
  });
});
