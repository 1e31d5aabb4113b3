import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '#server/test/harness';
import { actor, as, readLesson, type Actor } from '../testing/course-fixtures';
import {
  makeAssessedCourse,
  rightAnswers,
  SECRET_SHORT_ANSWER,
  wrongAnswers,
  type AssessedCourse,
} from '../testing/assessment-fixtures';

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

async function learnerIn(c: AssessedCourse): Promise<Actor> {
  const learner = await actor(h, 'student');
  expect((await as(h, learner)('POST', `/api/courses/${c.id}/enroll`)).statusCode).toBe(201);
  return learner;
}

const types = async (who: Actor) =>
  (await h.services.notifications.list(who.user.id, { limit: 50, offset: 0, unread: false })).notifications.map(
    (n) => n.type,
  );

describe('a learner never receives the right answers before submitting', () => {
  it('in no response of the course, the player or the quiz', async () => {
    const c = await makeAssessedCourse(h, tutor.user, admin.user);
    const learner = await learnerIn(c);
    const call = as(h, learner);
    const urls = [
      `/api/courses/${c.id}`,
      `/api/courses/${c.id}/content`,
      `/api/courses/${c.id}/progress`,
      `/api/courses/${c.id}/lessons/${c.quizLessonId}/quiz`,
      `/api/courses/${c.id}/lessons/${c.assignmentLessonId}/assignment`,
      '/api/user/enrollments',
    ];
    for (const url of urls) {
      const res = await call('GET', url);
      expect(res.statusCode, url).toBe(200);
      for (const secret of [
        SECRET_SHORT_ANSWER,
        'A naira has 100 kobo',
        '"correct"',
        '"accepted"',
        'correctOptionIds',
        'explanation',
      ]) {
        expect(res.body, `${url} leaks ${secret}`).not.toContain(secret);
      }
    }
    // The tutor's editor answers a learner with a 403 that says nothing of the quiz.
    const editor = await call('GET', `/api/courses/${c.id}/lessons/${c.quizLessonId}/quiz/editor`);
    expect(editor.statusCode).toBe(403);
    expect(editor.body).not.toContain(SECRET_SHORT_ANSWER);
  });

  it('after a failed attempt: score and pass or fail, no explanation while attempts are left; never the answers', async () => {
    const c = await makeAssessedCourse(h, tutor.user, admin.user);
    const learner = await learnerIn(c);
    const res = await as(h, learner)(
      'POST',
      `/api/courses/${c.id}/lessons/${c.quizLessonId}/quiz/attempts`,
      wrongAnswers(c),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      number: 1,
      scorePercent: 0,
      passed: false,
      results: [
        { correct: false, explanation: '' },
        { correct: false, explanation: '' },
      ],
    });
    expect(res.body).not.toContain(SECRET_SHORT_ANSWER);
    const again = await as(h, learner)('GET', `/api/courses/${c.id}/lessons/${c.quizLessonId}/quiz`);
    expect(again.body).not.toContain(SECRET_SHORT_ANSWER);
    expect(again.body).not.toContain('A naira has 100 kobo');
    expect(again.json()).toMatchObject({ passed: false, attemptsLeft: null, attempts: [{ scorePercent: 0 }] });
  });

  it('the tutor reads the answers and the per-question statistics', async () => {
    const c = await makeAssessedCourse(h, tutor.user, admin.user);
    const learner = await learnerIn(c);
    await as(h, learner)('POST', `/api/courses/${c.id}/lessons/${c.quizLessonId}/quiz/attempts`, wrongAnswers(c));
    await as(h, learner)('POST', `/api/courses/${c.id}/lessons/${c.quizLessonId}/quiz/attempts`, rightAnswers(c));
    const editor = await as(h, tutor)('GET', `/api/courses/${c.id}/lessons/${c.quizLessonId}/quiz/editor`);
    expect(editor.json().questions[1].accepted).toEqual([SECRET_SHORT_ANSWER]);
    const stats = (await as(h, tutor)('GET', `/api/courses/${c.id}/lessons/${c.quizLessonId}/quiz/stats`)).json();
    expect(stats).toMatchObject({ attempts: 2, learners: 1, passedLearners: 1, averagePercent: 50 });
    expect(stats.questions[0]).toMatchObject({ answered: 2, correct: 1 });
    expect(stats.questions[0].options[0].chosen).toBe(1);
  });
});

describe('review', () => {
  it('a course with a quiz without questions cannot be submitted', async () => {
    const c = await makeAssessedCourse(h, tutor.user, admin.user, { status: 'draft' });
    const sectionId = (await h.services.courseLearning.content(tutor.user, c.id)).sections[0]!.id;
    await as(h, tutor)('POST', `/api/courses/${c.id}/sections/${sectionId}/lessons`, {
      kind: 'quiz',
      title: 'Empty quiz',
    });
    const res = await as(h, tutor)('POST', `/api/courses/${c.id}/submit`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('The quiz "Empty quiz" has no questions yet: add at least one.');
  });
});

describe('attempts', () => {
  it('a limit holds under concurrent submissions: exactly the limit is accepted', async () => {
    const c = await makeAssessedCourse(h, tutor.user, admin.user, { quiz: { attemptsLimit: 3 } });
    const learner = await learnerIn(c);
    const url = `/api/courses/${c.id}/lessons/${c.quizLessonId}/quiz/attempts`;
    const results = await Promise.all(Array.from({ length: 8 }, () => as(h, learner)('POST', url, wrongAnswers(c))));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(5);
    const quiz = (await as(h, learner)('GET', `/api/courses/${c.id}/lessons/${c.quizLessonId}/quiz`)).json();
    expect(quiz.attempts.map((a: { number: number }) => a.number)).toEqual([3, 2, 1]);
    expect(quiz.attemptsLeft).toBe(0);
  });
});

describe('completion waits for graded work', () => {
  it('lessons alone do not complete the course; the quiz and the assignment passing do, once', async () => {
    const c = await makeAssessedCourse(h, tutor.user, admin.user);
    const learner = await learnerIn(c);
    const call = as(h, learner);
    expect((await readLesson(h, learner.user, c.id, c.textLessonId)).completedAt).toBeNull();
    // A graded lesson cannot be ticked off by hand.
    expect((await call('POST', `/api/courses/${c.id}/lessons/${c.quizLessonId}/complete`)).statusCode).toBe(400);
    expect((await call('POST', `/api/courses/${c.id}/lessons/${c.assignmentLessonId}/complete`)).statusCode).toBe(400);
    expect(
      (await call('POST', `/api/courses/${c.id}/lessons/${c.quizLessonId}/quiz/attempts`, rightAnswers(c))).json()
        .passed,
    ).toBe(true);
    expect((await call('GET', `/api/courses/${c.id}/progress`)).json().completedAt).toBeNull();

    const submitted = await call(
      'POST',
      `/api/courses/${c.id}/lessons/${c.assignmentLessonId}/assignment/submissions`,
      { kind: 'text', text: 'Rice ₦1,200' },
    );
    expect(submitted.statusCode).toBe(201);
    expect(submitted.json()).toMatchObject({ status: 'submitted', late: false });
    const sid = submitted.json().id;
    expect(
      (
        await call('POST', `/api/courses/${c.id}/lessons/${c.assignmentLessonId}/assignment/submissions`, {
          kind: 'text',
          text: 'Again',
        })
      ).statusCode,
    ).toBe(409);

    const needsWork = await as(h, tutor)('POST', `/api/courses/${c.id}/submissions/${sid}/grade`, {
      decision: 'needs_work',
      feedback: 'Add prices in kobo.',
    });
    expect(needsWork.json()).toMatchObject({ status: 'needs_work', feedback: 'Add prices in kobo.' });
    expect((await call('GET', `/api/courses/${c.id}/progress`)).json().completedAt).toBeNull();
    expect(await types(learner)).toContain('system_update');

    const resubmitted = await call(
      'POST',
      `/api/courses/${c.id}/lessons/${c.assignmentLessonId}/assignment/submissions`,
      { kind: 'link', url: 'https://example.com/prices' },
    );
    expect(resubmitted.json()).toMatchObject({ id: sid, status: 'submitted', kind: 'link' });
    const dashboard = (await as(h, tutor)('GET', '/api/tutor/grading')).json();
    expect(dashboard.toGrade.map((s: { id: string }) => s.id)).toContain(sid);

    expect(
      (
        await as(h, tutor)('POST', `/api/courses/${c.id}/submissions/${sid}/grade`, {
          decision: 'pass',
          feedback: 'Good.',
        })
      ).statusCode,
    ).toBe(200);
    const progress = (await call('GET', `/api/courses/${c.id}/progress`)).json();
    expect(progress.completedAt).not.toBeNull();
    const certificate = (await call('GET', `/api/certificates/${progress.certificateCode}`)).json();
    expect(certificate.assessedWork).toEqual([
      { kind: 'quiz', title: 'Check your money words', result: '100%' },
      { kind: 'assignment', title: 'Build your first price list', result: 'Passed' },
    ]);
    const all = await types(learner);
    expect(all.filter((t) => t === 'course_completed')).toHaveLength(1);
    expect(all.filter((t) => t === 'certificate_ready')).toHaveLength(1);
    expect((await call('GET', `/api/certificates/${progress.certificateCode}/pdf`)).statusCode).toBe(200);
  });

  it('the last quiz and the last lesson completing at the same moment issue one certificate', async () => {
    const c = await makeAssessedCourse(h, tutor.user, admin.user);
    const learner = await learnerIn(c);
    const call = as(h, learner);
    const sub = await call('POST', `/api/courses/${c.id}/lessons/${c.assignmentLessonId}/assignment/submissions`, {
      kind: 'text',
      text: 'Done',
    });
    await as(h, tutor)('POST', `/api/courses/${c.id}/submissions/${sub.json().id}/grade`, { decision: 'pass' });
    const read = `/api/courses/${c.id}/lessons/${c.textLessonId}/progress`;
    await call('POST', read, { scrolledToEnd: true });
    h.clock.advance(11_000);
    const [quiz, lesson] = await Promise.all([
      call('POST', `/api/courses/${c.id}/lessons/${c.quizLessonId}/quiz/attempts`, rightAnswers(c)),
      call('POST', read, { scrolledToEnd: true }),
    ]);
    expect([quiz.statusCode, lesson.statusCode]).toEqual([201, 200]);
    expect((await call('GET', `/api/courses/${c.id}/progress`)).json().completedAt).not.toBeNull();
    const all = await types(learner);
    expect(all.filter((t) => t === 'course_completed')).toHaveLength(1);
    expect(all.filter((t) => t === 'certificate_ready')).toHaveLength(1);
  });
});

describe('assignment_due', () => {
  const HOUR = 3_600_000;
  const dueCount = async (who: Actor) => (await types(who)).filter((t) => t === 'assignment_due').length;

  it('is sent once, 24 h before the due date, on the harness clock', async () => {
    const due = new Date(h.clock.now.getTime() + 72 * HOUR);
    const c = await makeAssessedCourse(h, tutor.user, admin.user, { dueAt: due });
    const learner = await learnerIn(c);
    h.clock.advance(48 * HOUR - 60_000);
    await h.jobs.runDue();
    expect(await dueCount(learner)).toBe(0);
    h.clock.advance(60_000);
    await h.jobs.runDue();
    expect(await dueCount(learner)).toBe(1);
    const [notice] = (await h.services.notifications.list(learner.user.id, { limit: 1, offset: 0, unread: false }))
      .notifications;
    expect(notice).toMatchObject({ type: 'assignment_due', title: 'Assignment due soon' });
    h.clock.advance(30 * HOUR);
    await h.jobs.runDue();
    expect(await dueCount(learner)).toBe(1);
  });

  it('is not sent after the work is handed in; late work is taken and marked', async () => {
    const due = new Date(h.clock.now.getTime() + 72 * HOUR);
    const c = await makeAssessedCourse(h, tutor.user, admin.user, { dueAt: due });
    const learner = await learnerIn(c);
    const other = await learnerIn(c);
    await as(h, learner)('POST', `/api/courses/${c.id}/lessons/${c.assignmentLessonId}/assignment/submissions`, {
      kind: 'text',
      text: 'Early',
    });
    h.clock.advance(49 * HOUR);
    await h.jobs.runDue();
    expect(await dueCount(learner)).toBe(0);
    expect(await dueCount(other)).toBe(1);
    h.clock.advance(24 * HOUR);
    const late = await h.services.assignments.submit(other.user, c.id, c.assignmentLessonId, {
      kind: 'text',
      text: 'Late',
    });
    expect(late).toMatchObject({ late: true, status: 'submitted' });
  });

  it('moves when the due date moves', async () => {
    const c = await makeAssessedCourse(h, tutor.user, admin.user, {
      dueAt: new Date(h.clock.now.getTime() + 72 * HOUR),
    });
    const learner = await learnerIn(c);
    const later = new Date(h.clock.now.getTime() + 120 * HOUR).toISOString();
    expect(
      (
        await as(h, tutor)('PUT', `/api/courses/${c.id}/lessons/${c.assignmentLessonId}/assignment`, {
          dueAt: later,
          dueDays: null,
        })
      ).statusCode,
    ).toBe(200);
    h.clock.advance(49 * HOUR);
    await h.jobs.runDue();
    expect(await dueCount(learner)).toBe(0);
    h.clock.advance(48 * HOUR);
    await h.jobs.runDue();
    expect(await dueCount(learner)).toBe(1);
  });

  it("counts from each learner's enrolment when given in days", async () => {
    const relative = await makeAssessedCourse(h, tutor.user, admin.user, { dueDays: 3 });
    const newcomer = await learnerIn(relative);
    const mine = (
      await as(h, newcomer)('GET', `/api/courses/${relative.id}/lessons/${relative.assignmentLessonId}/assignment`)
    ).json();
    const enrolledAt = (await h.services.courseLearning.enrolments(newcomer.user)).enrollments[0]!.enrolledAt;
    expect(new Date(mine.myDueAt).getTime()).toBe(new Date(enrolledAt).getTime() + 72 * HOUR);
    h.clock.advance(48 * HOUR + 60_000);
    await h.jobs.runDue();
    expect(await dueCount(newcomer)).toBe(1);
  });
});
