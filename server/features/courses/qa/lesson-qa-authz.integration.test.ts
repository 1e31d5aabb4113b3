import { afterAll, beforeAll } from 'vitest';
import { describeAuthzMatrix, type AuthzRow } from '#server/test/authz-matrix';
import { createHarness, type Harness } from '#server/test/harness';
import { actor, makeCourse, type Actor } from '../testing/course-fixtures';

/**
 * Who may call which lesson Q&A route: "learner" is enrolled in the course at hand,
 * "otherLearner" in another one; "otherTutor" teaches another course.
 */
let h: Harness;
const WHO = ['visitor', 'member', 'learner', 'otherLearner', 'tutor', 'otherTutor', 'admin'] as const;
type Who = (typeof WHO)[number];
const people = {} as Record<Who, Actor | null>;

beforeAll(async () => {
  h = await createHarness();
  people.visitor = null;
  people.member = await actor(h, 'general');
  people.learner = await actor(h, 'student');
  people.otherLearner = await actor(h, 'student');
  people.tutor = await actor(h, 'tutor');
  people.otherTutor = await actor(h, 'mentor');
  people.admin = await actor(h, 'admin');
  const elsewhere = await makeCourse(h, people.otherTutor.user, { admin: people.admin.user });
  await h.services.courseLearning.enrol(people.otherLearner.user, elsewhere.id);
});
afterAll(() => h.close());

/** A published course of the tutor, the learner enrolled, and the learner's question with the tutor's answer. */
async function asked() {
  const { courseLearning, lessonQa } = h.services;
  const c = await makeCourse(h, people.tutor!.user, { admin: people.admin!.user });
  await courseLearning.enrol(people.learner!.user, c.id);
  const q = await lessonQa.ask(people.learner!.user, c.id, c.lessonIds[0]!, { title: 'Why does this work?', body: '' });
  const a = await lessonQa.answer(people.tutor!.user, c.id, q.id, { body: 'Because of the second step.' });
  return { c, q, a };
}

const rows: AuthzRow[] = [
  {
    route: 'GET /api/courses/{id}/questions',
    call: async () => ['GET', `/api/courses/${(await asked()).c.id}/questions`],
    expect: [401, 403, 200, 403, 200, 403, 200],
  },
  {
    route: 'POST /api/courses/{id}/lessons/{lessonId}/questions',
    call: async () => {
      const { c } = await asked();
      return [
        'POST',
        `/api/courses/${c.id}/lessons/${c.lessonIds[1]}/questions`,
        { title: 'What about the edge case?' },
      ];
    },
    expect: [401, 403, 201, 403, 403, 403, 403],
  },
  {
    route: 'GET /api/courses/{id}/questions/{questionId}',
    call: async () => {
      const { c, q } = await asked();
      return ['GET', `/api/courses/${c.id}/questions/${q.id}`];
    },
    expect: [401, 403, 200, 403, 200, 403, 200],
  },
  {
    route: 'POST /api/courses/{id}/questions/{questionId}/answers',
    call: async () => {
      const { c, q } = await asked();
      return ['POST', `/api/courses/${c.id}/questions/${q.id}/answers`, { body: 'I think it is the order.' }];
    },
    expect: [401, 403, 201, 403, 201, 403, 403],
  },
  {
    route: 'PUT /api/courses/{id}/questions/{questionId}/accepted',
    call: async () => {
      const { c, q, a } = await asked();
      return ['PUT', `/api/courses/${c.id}/questions/${q.id}/accepted`, { answerId: a.id }];
    },
    expect: [401, 403, 403, 403, 204, 403, 403],
  },
  {
    route: 'PUT /api/courses/{id}/questions/{questionId}/pin',
    call: async () => {
      const { c, q } = await asked();
      return ['PUT', `/api/courses/${c.id}/questions/${q.id}/pin`, { pinned: true }];
    },
    expect: [401, 403, 403, 403, 204, 403, 403],
  },
  {
    route: 'GET /api/tutor/questions/unanswered',
    call: async () => ['GET', '/api/tutor/questions/unanswered'],
    expect: [401, 403, 403, 403, 200, 200, 403],
  },
];

describeAuthzMatrix(() => h, WHO, people, rows);
