import { afterAll, beforeAll } from 'vitest';
import { describeAuthzMatrix, type AuthzRow } from '#server/test/authz-matrix';
import { createHarness, type Harness } from '#server/test/harness';
import { actor, makeCourse, type Actor } from '../testing/course-fixtures';
import { makeAssessedCourse, quizInput, wrongAnswers } from '../testing/assessment-fixtures';

/**
 * Who may call which quiz and assignment route. "learner" is enrolled in the course at hand;
 * "otherLearner" in another course; "otherTutor" teaches another course.
 */
let h: Harness;
const WHO = ['visitor', 'learner', 'otherLearner', 'tutor', 'otherTutor', 'admin'] as const;
type Who = (typeof WHO)[number];
const people = {} as Record<Who, Actor | null>;

beforeAll(async () => {
  h = await createHarness();
  people.visitor = null;
  people.learner = await actor(h, 'student');
  people.otherLearner = await actor(h, 'student');
  people.tutor = await actor(h, 'tutor');
  people.otherTutor = await actor(h, 'mentor');
  people.admin = await actor(h, 'admin');
  const elsewhere = await makeCourse(h, people.otherTutor.user, { admin: people.admin.user });
  await h.services.courseLearning.enrol(people.otherLearner.user, elsewhere.id);
});
afterAll(() => h.close());

/** A published course of "tutor", with a quiz and an assignment, that "learner" is enrolled in. */
async function course() {
  const c = await makeAssessedCourse(h, people.tutor!.user, people.admin!.user);
  await h.services.courseLearning.enrol(people.learner!.user, c.id);
  return c;
}
const lessonUrl = (c: { id: string }, lessonId: string) => `/api/courses/${c.id}/lessons/${lessonId}`;

const rows: AuthzRow[] = [
  {
    route: 'GET .../quiz',
    call: async () => {
      const c = await course();
      return ['GET', `${lessonUrl(c, c.quizLessonId)}/quiz`];
    },
    expect: [403, 200, 403, 200, 403, 200],
  },
  {
    route: 'GET .../quiz/editor',
    call: async () => {
      const c = await course();
      return ['GET', `${lessonUrl(c, c.quizLessonId)}/quiz/editor`];
    },
    expect: [401, 403, 403, 200, 403, 200],
  },
  {
    route: 'PUT .../quiz',
    call: async () => {
      const c = await course();
      return ['PUT', `${lessonUrl(c, c.quizLessonId)}/quiz`, quizInput()];
    },
    expect: [401, 403, 403, 200, 403, 403],
  },
  {
    route: 'POST .../quiz/attempts',
    call: async () => {
      const c = await course();
      return ['POST', `${lessonUrl(c, c.quizLessonId)}/quiz/attempts`, wrongAnswers(c)];
    },
    expect: [401, 201, 403, 403, 403, 403],
  },
  {
    route: 'GET .../quiz/stats',
    call: async () => {
      const c = await course();
      return ['GET', `${lessonUrl(c, c.quizLessonId)}/quiz/stats`];
    },
    expect: [401, 403, 403, 200, 403, 200],
  },
  {
    route: 'GET .../assignment',
    call: async () => {
      const c = await course();
      return ['GET', `${lessonUrl(c, c.assignmentLessonId)}/assignment`];
    },
    expect: [403, 200, 403, 200, 403, 200],
  },
  {
    route: 'PUT .../assignment',
    call: async () => {
      const c = await course();
      return ['PUT', `${lessonUrl(c, c.assignmentLessonId)}/assignment`, { dueAt: null, dueDays: 7 }];
    },
    expect: [401, 403, 403, 200, 403, 403],
  },
  {
    route: 'POST .../assignment/submissions',
    call: async () => {
      const c = await course();
      return [
        'POST',
        `${lessonUrl(c, c.assignmentLessonId)}/assignment/submissions`,
        { kind: 'text', text: 'My work' },
      ];
    },
    expect: [401, 201, 403, 403, 403, 403],
  },
  {
    route: 'GET /api/courses/{id}/submissions',
    call: async () => ['GET', `/api/courses/${(await course()).id}/submissions`],
    expect: [401, 403, 403, 200, 403, 200],
  },
  {
    route: 'POST /api/courses/{id}/submissions/{submissionId}/grade',
    call: async () => {
      const c = await course();
      const s = await h.services.assignments.submit(people.learner!.user, c.id, c.assignmentLessonId, {
        kind: 'text',
        text: 'My work',
      });
      return ['POST', `/api/courses/${c.id}/submissions/${s.id}/grade`, { decision: 'pass', feedback: 'Good' }];
    },
    expect: [401, 403, 403, 200, 403, 403],
  },
  {
    route: 'GET /api/tutor/grading',
    call: async () => ['GET', '/api/tutor/grading'],
    expect: [401, 200, 200, 200, 200, 200],
  },
];

describeAuthzMatrix(() => h, WHO, people, rows);
