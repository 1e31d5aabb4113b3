import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '#server/test/harness';
import { actor, as, makeCourse, type Actor, type MadeCourse } from '../testing/course-fixtures';
import { ERASED_QUESTION, eraseLessonQa, exportLessonQa, lessonQaReportTarget } from './lesson-qa.privacy';
import type {
  TLessonAnswer,
  TLessonQuestion,
  TQuestionList,
  TQuestionThread,
  TUnansweredList,
} from '#shared/courses/lesson-qa.schemas';

let h: Harness;
let tutor: Actor;
let asker: Actor;
let peer: Actor;
let course: MadeCourse;

beforeAll(async () => {
  h = await createHarness();
  tutor = await actor(h, 'tutor');
  asker = await actor(h, 'student');
  peer = await actor(h, 'student');
  course = await makeCourse(h, tutor.user, { input: { title: 'Node.js from scratch' } });
  for (const who of [asker, peer]) await h.services.courseLearning.enrol(who.user, course.id);
});
afterAll(() => h.close());

const ask = async (who: Actor, title: string, lesson = 0) => {
  const res = await as(h, who)('POST', `/api/courses/${course.id}/lessons/${course.lessonIds[lesson]}/questions`, {
    title,
    body: 'Details here.',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TLessonQuestion;
};
const answer = async (who: Actor, questionId: string, body: string) => {
  const res = await as(h, who)('POST', `/api/courses/${course.id}/questions/${questionId}/answers`, { body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TLessonAnswer;
};
const list = async (who: Actor, query = '') =>
  (await as(h, who)('GET', `/api/courses/${course.id}/questions${query}`)).json() as TQuestionList;
const titlesOf = (l: TQuestionList) => l.questions.map((q) => q.title);
const notes = async (who: Actor) =>
  (
    (await as(h, who)('GET', '/api/notifications')).json() as {
      notifications: Array<{ type: string; title: string; link?: string }>;
    }
  ).notifications;

describe('lesson Q&A', () => {
  it('a learner asks, the tutor hears of it; a peer and the tutor answer, the asker hears of each', async () => {
    const q = await ask(asker, 'How do I install npm packages?');
    expect(q).toMatchObject({
      lessonTitle: 'Lesson 1',
      answered: false,
      resolved: false,
      author: { id: asker.user.id },
    });
    expect((await notes(tutor))[0]).toMatchObject({ type: 'system_update', title: 'New question on your course' });
    expect((await notes(tutor))[0]!.link).toContain(`question=${q.id}`);

    await answer(peer, q.id, 'Run npm install in the folder.');
    const fromTutor = await answer(tutor, q.id, 'Use npm install <name>; see lesson 2.');
    expect(fromTutor.byTutor).toBe(true);
    expect((await notes(asker)).filter((n) => n.title === 'Your question has an answer')).toHaveLength(2);

    const marked = await as(h, tutor)('PUT', `/api/courses/${course.id}/questions/${q.id}/accepted`, {
      answerId: fromTutor.id,
    });
    expect(marked.statusCode).toBe(204);
    expect((await notes(asker))[0]!.title).toBe('The tutor marked an answer');
    const thread = (await as(h, asker)('GET', `/api/courses/${course.id}/questions/${q.id}`)).json() as TQuestionThread;
    expect(thread.question).toMatchObject({ answerCount: 2, answered: true, resolved: true });
    expect(thread.answers.map((a) => [a.body.slice(0, 7), a.accepted])).toEqual([
      ['Use npm', true],
      ['Run npm', false],
    ]);

    const peerAnswer = thread.answers[1]!.id;
    await as(h, tutor)('PUT', `/api/courses/${course.id}/questions/${q.id}/accepted`, { answerId: peerAnswer });
    const again = (await as(h, asker)('GET', `/api/courses/${course.id}/questions/${q.id}`)).json() as TQuestionThread;
    expect(again.answers.filter((a) => a.accepted).map((a) => a.id)).toEqual([peerAnswer]);
    const foreign = await as(h, tutor)('PUT', `/api/courses/${course.id}/questions/${q.id}/accepted`, {
      answerId: course.id,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('lists pinned questions first, filters by lesson and searches within the course', async () => {
    const older = await ask(peer, 'What does Yorùbá have to do with servers?', 1);
    await ask(asker, 'Is Express required for routing?', 1);
    expect(
      (await as(h, tutor)('PUT', `/api/courses/${course.id}/questions/${older.id}/pin`, { pinned: true })).statusCode,
    ).toBe(204);
    const all = await list(asker);
    expect(titlesOf(all)[0]).toBe(older.title);
    expect(all.questions[0]!.pinned).toBe(true);
    expect(titlesOf(await list(asker, `?lessonId=${course.lessonIds[0]}`))).toEqual(['How do I install npm packages?']);
    expect(titlesOf(await list(asker, '?q=yoruba'))).toEqual([older.title]);
    expect(titlesOf(await list(asker, '?q=packag'))).toEqual(['How do I install npm packages?']);
    expect(titlesOf(await list(asker, '?q=express%20routng'))).toEqual(['Is Express required for routing?']);
    expect((await list(asker, '?q=nothing%20like%20this')).total).toBe(0);
  });

  it('gives the tutor the questions nobody has answered, oldest first, and refuses a lesson of another course', async () => {
    const unanswered = (await as(h, tutor)('GET', '/api/tutor/questions/unanswered')).json() as TUnansweredList;
    expect(unanswered.questions.map((q) => q.title)).toEqual([
      'What does Yorùbá have to do with servers?',
      'Is Express required for routing?',
    ]);
    expect(unanswered.questions[0]!.courseTitle).toBe('Node.js from scratch');
    const other = await makeCourse(h, tutor.user);
    const res = await as(h, asker)('POST', `/api/courses/${course.id}/lessons/${other.lessonIds[0]}/questions`, {
      title: 'Wrong lesson here',
    });
    expect(res.statusCode).toBe(404);
    const short = await as(h, asker)('POST', `/api/courses/${course.id}/lessons/${course.lessonIds[0]}/questions`, {
      title: 'Hm',
    });
    expect(short.statusCode).toBe(400);
  });

  it('gives the reports queue an excerpt, the author and a link, and exports and erases a member', async () => {
    const db = h.app.database.db;
    const [q] = (await list(asker, `?lessonId=${course.lessonIds[0]}`)).questions;
    expect(await lessonQaReportTarget('lesson_question', q!.id, db)).toMatchObject({
      authorId: asker.user.id,
      link: expect.stringContaining(q!.id),
    });
    const thread = (
      await as(h, asker)('GET', `/api/courses/${course.id}/questions/${q!.id}`)
    ).json() as TQuestionThread;
    expect(await lessonQaReportTarget('lesson_answer', thread.answers[0]!.id, db)).toMatchObject({
      excerpt: thread.answers[0]!.body,
    });
    expect(await lessonQaReportTarget('lesson_answer', course.id, db)).toBeNull();

    const exported = await exportLessonQa(asker.user.id, db);
    expect(exported.lessonQuestions.map((x) => x.title)).toEqual([
      'How do I install npm packages?',
      'Is Express required for routing?',
    ]);
    await eraseLessonQa(asker.user.id, db);
    await eraseLessonQa(peer.user.id, db);
    expect(await exportLessonQa(asker.user.id, db)).toEqual({ lessonQuestions: [], lessonAnswers: [] });
    const after = await list(tutor);
    // The answered question stays, nameless, for the tutor's answer; the unanswered ones are gone.
    expect(after.questions.map((x) => [x.title, x.author.fullName, x.answerCount])).toEqual([
      [ERASED_QUESTION, 'Former member', 1],
    ]);
  });
});
