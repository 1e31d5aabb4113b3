import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createHarness, type Harness } from '#server/test/harness';
import { actor, as, makeCourse, type Actor } from '../testing/course-fixtures';
import { makeAssessedCourse, rightAnswers, wrongAnswers } from '../testing/assessment-fixtures';

/**
 * Decision 074: lesson reports and quiz attempts made offline wait on the device and are sent
 * later, maybe twice (an answer lost on a bad network). A replay must change nothing; a report
 * kept offline is measured by the time it waited, never before what the server already counted.
 */
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
const MINUTE = 60 * SECOND;

/** A published course with a 100-word text lesson (30 s to read); a learner enrolled in it. */
async function enrolled() {
  const made = await makeCourse(h, tutor.user, { status: 'draft', lessons: 0 });
  const add = (title: string) =>
    h.services.courseContent.addLesson(tutor.user, made.id, made.sectionId, {
      kind: 'text',
      title,
      body: 'word '.repeat(100),
      durationSeconds: 0,
      preview: false,
      attachmentUploadIds: [],
    });
  const first = await add('Keeping books');
  const second = await add('Counting stock');
  await h.services.courses.submit(tutor.user, made.id);
  await h.services.courses.decide(admin.user, made.id, { decision: 'approve' });
  const learner = await actor(h, 'student');
  expect((await as(h, learner)('POST', `/api/courses/${made.id}/enroll`)).statusCode).toBe(201);
  const report = (who: Actor | null, lessonId: string, body: Record<string, unknown>) =>
    as(h, who)('POST', `/api/courses/${made.id}/lessons/${lessonId}/progress`, body);
  return { id: made.id, first: first.id, second: second.id, learner, report };
}

describe('lesson reports kept offline', () => {
  it('count the minutes they waited, once: a replay of the same reports adds nothing', async () => {
    const c = await enrolled();
    // Ten minutes after enrolling the learner comes back online; they read 40 s on the bus,
    // ending two minutes ago, and the outbox sends the four reports it kept.
    h.clock.advance(10 * MINUTE);
    const queued = [160, 150, 140, 120].map((s, i) => ({ scrolledToEnd: i === 3, queuedMs: s * SECOND }));
    let last;
    for (const body of queued) last = await c.report(c.learner, c.first, body);
    expect(last!.statusCode).toBe(200);
    expect(last!.json().lessonFacts[0]).toMatchObject({ openSeconds: 40, readSeconds: 30, scrolledToEnd: true });
    expect(last!.json().completedLessonIds).toEqual([c.first]);

    // The last answer was lost: the outbox sends it again a moment later (it waited longer).
    h.clock.advance(5 * SECOND);
    const again = await c.report(c.learner, c.first, { scrolledToEnd: true, queuedMs: 125 * SECOND });
    expect(again.json().lessonFacts[0].openSeconds).toBe(40);
    // And an older one too: it is before the last report counted, so nothing moves.
    const older = await c.report(c.learner, c.first, { scrolledToEnd: false, queuedMs: 170 * SECOND });
    expect(older.json().lessonFacts[0]).toMatchObject({ openSeconds: 40, scrolledToEnd: true });
    expect(older.json().completedLessonIds).toEqual([c.first]);
  });

  it('never count time before the enrolment, nor time another lesson already counted', async () => {
    const c = await enrolled();
    // Reports claiming to have waited longer than the learner has been enrolled earn nothing.
    h.clock.advance(MINUTE);
    for (const s of [600, 590, 580]) await c.report(c.learner, c.first, { queuedMs: s * SECOND });
    const before = (await as(h, c.learner)('GET', `/api/courses/${c.id}/progress`)).json();
    expect(before.lessonFacts[0].openSeconds).toBe(0);

    // The first lesson is read online from now on; the second's offline reports claim the same
    // minutes: they cannot, a learner reads one lesson at a time.
    for (let i = 0; i < 4; i++) {
      h.clock.advance(10 * SECOND);
      await c.report(c.learner, c.first, {});
    }
    const overlapping = [35, 25, 15].map((s) => ({ queuedMs: s * SECOND }));
    let last;
    for (const body of overlapping) last = await c.report(c.learner, c.second, body);
    const second = last!.json().lessonFacts.find((f: { lessonId: string }) => f.lessonId === c.second);
    expect(second.openSeconds).toBe(0);
  });

  it('are refused to everyone who may not track the course, as reports sent at once are', async () => {
    const c = await enrolled();
    const stranger = await actor(h, 'student');
    const body = { scrolledToEnd: true, queuedMs: 5 * SECOND };
    const statuses = [];
    for (const who of [null, stranger, tutor, admin, c.learner])
      statuses.push((await c.report(who, c.first, body)).statusCode);
    expect(statuses).toEqual([401, 403, 403, 403, 200]);
  });
});

describe('a quiz attempt made offline', () => {
  const attempt = (c: { id: string; quizLessonId: string }, who: Actor | null, body: object) =>
    as(h, who)('POST', `/api/courses/${c.id}/lessons/${c.quizLessonId}/quiz/attempts`, body);

  it('is marked once when sent twice with its id, even after it passed', async () => {
    const c = await makeAssessedCourse(h, tutor.user, admin.user, { quiz: { attemptsLimit: 3 } });
    const learner = await actor(h, 'student');
    await h.services.courseLearning.enrol(learner.user, c.id);
    const clientId = randomUUID();
    const first = await attempt(c, learner, { ...wrongAnswers(c), clientId });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ id: clientId, number: 1, passed: false });
    const replay = await attempt(c, learner, { ...wrongAnswers(c), clientId });
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(first.json());

    const passing = randomUUID();
    const passed = await attempt(c, learner, { ...rightAnswers(c), clientId: passing });
    expect(passed.json()).toMatchObject({ number: 2, passed: true });
    // Sent again after it passed: the same marking, not "already passed", not a third attempt.
    const again = await attempt(c, learner, { ...rightAnswers(c), clientId: passing });
    expect([again.statusCode, again.json().number, again.json().passed]).toEqual([201, 2, true]);
    const quiz = (await as(h, learner)('GET', `/api/courses/${c.id}/lessons/${c.quizLessonId}/quiz`)).json();
    expect(quiz.attempts).toHaveLength(2);
    expect(quiz.attemptsLeft).toBe(1);
  });

  it("cannot take another attempt's id, and is refused to everyone who may not answer", async () => {
    const c = await makeAssessedCourse(h, tutor.user, admin.user);
    const [ada, bayo, stranger] = [await actor(h, 'student'), await actor(h, 'student'), await actor(h, 'student')];
    await h.services.courseLearning.enrol(ada.user, c.id);
    await h.services.courseLearning.enrol(bayo.user, c.id);
    const clientId = randomUUID();
    expect((await attempt(c, ada, { ...wrongAnswers(c), clientId })).statusCode).toBe(201);
    const taken = await attempt(c, bayo, { ...wrongAnswers(c), clientId });
    expect([taken.statusCode, taken.json().error]).toEqual([409, 'This attempt was already sent for another quiz.']);
    expect((await attempt(c, bayo, { ...wrongAnswers(c), clientId: 'not-a-uuid' })).statusCode).toBe(400);

    const statuses = [];
    for (const who of [null, stranger, tutor, admin])
      statuses.push((await attempt(c, who, { ...wrongAnswers(c), clientId: randomUUID() })).statusCode);
    expect(statuses).toEqual([401, 403, 403, 403]);
  });
});
