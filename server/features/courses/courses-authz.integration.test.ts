import { afterAll, beforeAll } from 'vitest';
import { describeAuthzMatrix, type AuthzRow } from '#server/test/authz-matrix';
import { createHarness, type Harness } from '#server/test/harness';
import { actor, courseInput, makeCourse, readLesson, type Actor } from './testing/course-fixtures';

/**
 * Who may call which course route, as a table: every route, seven kinds of caller, each cell on
 * fresh courses. "learner" is enrolled in the course at hand; "otherLearner" in another one.
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

const services = () => h.services;
const tutor = () => people.tutor!.user;
const admin = () => people.admin!.user;

/** A published course of `tutor` that `learner` is enrolled in. */
async function published(opts: { preview?: boolean } = {}) {
  const c = await makeCourse(h, tutor(), { admin: admin(), ...opts });
  await services().courseLearning.enrol(people.learner!.user, c.id);
  return c;
}
const draft = () => makeCourse(h, tutor(), { status: 'draft' });

const lesson = { kind: 'text', title: 'One more lesson', body: 'Text' };
const review = { rating: 4, text: 'Clear and practical.' };

const rows: AuthzRow[] = [
  { route: 'GET /api/courses', call: async () => ['GET', '/api/courses'], expect: [200, 200, 200, 200, 200, 200, 200] },
  {
    route: 'POST /api/courses',
    call: async () => ['POST', '/api/courses', courseInput()],
    expect: [401, 403, 403, 403, 201, 201, 403],
  },
  {
    route: 'GET /api/courses/{published}',
    call: async () => ['GET', `/api/courses/${(await published()).id}`],
    expect: [200, 200, 200, 200, 200, 200, 200],
  },
  {
    route: 'GET /api/courses/{draft}',
    call: async () => ['GET', `/api/courses/${(await draft()).id}`],
    expect: [404, 404, 404, 404, 200, 404, 200],
  },
  {
    route: 'PATCH /api/courses/{published}',
    call: async () => ['PATCH', `/api/courses/${(await published()).id}`, { title: 'A better title' }],
    expect: [401, 403, 403, 403, 200, 403, 403],
  },
  {
    route: 'PATCH /api/courses/{draft}',
    call: async () => ['PATCH', `/api/courses/${(await draft()).id}`, { title: 'A better title' }],
    expect: [401, 404, 404, 404, 200, 404, 403],
  },
  {
    route: 'DELETE /api/courses/{published}',
    call: async () => ['DELETE', `/api/courses/${(await published()).id}`],
    expect: [401, 403, 403, 403, 204, 403, 204],
  },
  {
    route: 'DELETE /api/courses/{draft}',
    call: async () => ['DELETE', `/api/courses/${(await draft()).id}`],
    expect: [401, 404, 404, 404, 204, 404, 204],
  },
  {
    route: 'POST /api/courses/{draft}/submit',
    call: async () => ['POST', `/api/courses/${(await draft()).id}/submit`],
    expect: [401, 404, 404, 404, 200, 404, 403],
  },
  {
    route: 'GET /api/tutor/courses',
    call: async () => ['GET', '/api/tutor/courses'],
    expect: [401, 200, 200, 200, 200, 200, 200],
  },
  {
    route: 'POST /api/courses/{id}/sections',
    call: async () => ['POST', `/api/courses/${(await published()).id}/sections`, { title: 'Part two' }],
    expect: [401, 403, 403, 403, 201, 403, 403],
  },
  {
    route: 'PATCH /api/courses/{id}/sections/{sectionId}',
    call: async () => {
      const c = await published();
      return ['PATCH', `/api/courses/${c.id}/sections/${c.sectionId}`, { title: 'Renamed' }];
    },
    expect: [401, 403, 403, 403, 200, 403, 403],
  },
  {
    route: 'DELETE /api/courses/{id}/sections/{sectionId}',
    call: async () => {
      const c = await draft();
      return ['DELETE', `/api/courses/${c.id}/sections/${c.sectionId}`];
    },
    expect: [401, 404, 404, 404, 204, 404, 403],
  },
  {
    route: 'PUT /api/courses/{id}/sections/order',
    call: async () => {
      const c = await published();
      return ['PUT', `/api/courses/${c.id}/sections/order`, { ids: [c.sectionId] }];
    },
    expect: [401, 403, 403, 403, 204, 403, 403],
  },
  {
    route: 'POST /api/courses/{id}/sections/{sectionId}/lessons',
    call: async () => {
      const c = await published();
      return ['POST', `/api/courses/${c.id}/sections/${c.sectionId}/lessons`, lesson];
    },
    expect: [401, 403, 403, 403, 201, 403, 403],
  },
  {
    route: 'PATCH /api/courses/{id}/lessons/{lessonId}',
    call: async () => {
      const c = await published();
      return ['PATCH', `/api/courses/${c.id}/lessons/${c.lessonIds[0]}`, { title: 'Renamed lesson' }];
    },
    expect: [401, 403, 403, 403, 200, 403, 403],
  },
  {
    route: 'DELETE /api/courses/{id}/lessons/{lessonId}',
    call: async () => {
      const c = await published();
      return ['DELETE', `/api/courses/${c.id}/lessons/${c.lessonIds[1]}`];
    },
    expect: [401, 403, 403, 403, 204, 403, 403],
  },
  {
    route: 'PUT /api/courses/{id}/sections/{sectionId}/lessons/order',
    call: async () => {
      const c = await published();
      return ['PUT', `/api/courses/${c.id}/sections/${c.sectionId}/lessons/order`, { ids: [...c.lessonIds].reverse() }];
    },
    expect: [401, 403, 403, 403, 204, 403, 403],
  },
  {
    route: 'GET /api/courses/{id}/content (with a preview)',
    call: async () => ['GET', `/api/courses/${(await published()).id}/content`],
    expect: [200, 200, 200, 200, 200, 200, 200],
  },
  {
    route: 'GET /api/courses/{id}/content (no preview)',
    call: async () => ['GET', `/api/courses/${(await published({ preview: false })).id}/content`],
    expect: [403, 403, 200, 403, 200, 403, 200],
  },
  {
    route: 'GET /api/courses/{draft}/content',
    call: async () => ['GET', `/api/courses/${(await draft()).id}/content`],
    expect: [404, 404, 404, 404, 200, 404, 200],
  },
  {
    route: 'POST /api/courses/{id}/enroll',
    call: async () => ['POST', `/api/courses/${(await published()).id}/enroll`],
    expect: [401, 201, 200, 201, 403, 201, 403],
  },
  {
    route: 'GET /api/user/enrollments',
    call: async () => ['GET', '/api/user/enrollments'],
    expect: [401, 200, 200, 200, 200, 200, 200],
  },
  {
    route: 'GET /api/courses/{id}/progress',
    call: async () => ['GET', `/api/courses/${(await published()).id}/progress`],
    expect: [401, 403, 200, 403, 200, 403, 200],
  },
  {
    route: 'POST /api/courses/{id}/lessons/{lessonId}/complete',
    call: async () => {
      // Read first, so that the learner's call is refused by nothing but access.
      const c = await published();
      await readLesson(h, people.learner!.user, c.id, c.lessonIds[0]!);
      return ['POST', `/api/courses/${c.id}/lessons/${c.lessonIds[0]}/complete`];
    },
    expect: [401, 403, 200, 403, 403, 403, 403],
  },
  {
    route: 'POST /api/courses/{id}/lessons/{lessonId}/progress',
    call: async () => {
      const c = await published();
      return ['POST', `/api/courses/${c.id}/lessons/${c.lessonIds[0]}/progress`, { scrolledToEnd: true }];
    },
    expect: [401, 403, 200, 403, 403, 403, 403],
  },
  {
    route: 'PUT /api/courses/{id}/position',
    call: async () => {
      const c = await published();
      return ['PUT', `/api/courses/${c.id}/position`, { lessonId: c.lessonIds[0], positionSeconds: 42 }];
    },
    expect: [401, 403, 200, 403, 403, 403, 403],
  },
  {
    route: 'GET /api/courses/{id}/reviews',
    call: async () => ['GET', `/api/courses/${(await published()).id}/reviews`],
    expect: [200, 200, 200, 200, 200, 200, 200],
  },
  {
    route: 'PUT /api/courses/{id}/review',
    call: async () => ['PUT', `/api/courses/${(await published()).id}/review`, review],
    expect: [401, 403, 200, 403, 403, 403, 403],
  },
  {
    route: 'GET /api/admin/courses',
    call: async () => ['GET', '/api/admin/courses?status=in_review'],
    expect: [401, 403, 403, 403, 403, 403, 200],
  },
  {
    route: 'POST /api/admin/courses/{id}/review',
    call: async () => [
      'POST',
      `/api/admin/courses/${(await makeCourse(h, tutor(), { status: 'in_review' })).id}/review`,
      { decision: 'approve' },
    ],
    expect: [401, 403, 403, 403, 403, 403, 200],
  },
];

describeAuthzMatrix(() => h, WHO, people, rows);
