import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CERTIFICATE_CODE } from '#server/features/certificates/certificate-code';
import { createHarness, type Harness } from '#server/test/harness';
import { actor, as, makeCourse, readLesson, type Actor } from '../testing/course-fixtures';

let h: Harness;
let tutor: Actor;
let admin: Actor;
beforeAll(async () => {
  h = await createHarness();
  tutor = await actor(h, 'tutor');
  admin = await actor(h, 'admin');
});
afterAll(() => h.close());

async function enrolled(lessons = 3) {
  const course = await makeCourse(h, tutor.user, {
    admin: admin.user,
    lessons,
    input: { title: 'Fish farming in ponds' },
  });
  const learner = await actor(h, 'student');
  expect((await as(h, learner)('POST', `/api/courses/${course.id}/enroll`)).statusCode).toBe(201);
  return { course, learner, call: as(h, learner) };
}

const typesOf = async (who: Actor) =>
  ((await as(h, who)('GET', '/api/notifications?limit=50')).json().notifications as Array<{ type: string }>).map(
    (n) => n.type,
  );

describe('the player', () => {
  it('gives the enrolled every lesson and others only the previews', async () => {
    const { course, call } = await enrolled(3);
    const all = (await call('GET', `/api/courses/${course.id}/content`)).json();
    expect(all.sections[0].lessons.map((l: { id: string }) => l.id)).toEqual(course.lessonIds);
    expect(all.sections[0].lessons[0]).toMatchObject({
      kind: 'text',
      body: 'Lesson 1 body',
      attachments: [],
      videoUpload: null,
    });
    const preview = (await as(h, null)('GET', `/api/courses/${course.id}/content`)).json();
    expect(preview.sections[0].lessons.map((l: { id: string }) => l.id)).toEqual([course.lessonIds[0]]);
  });

  it('remembers where the learner was, and refuses a lesson of another course', async () => {
    const { course, call } = await enrolled(2);
    const res = await call('PUT', `/api/courses/${course.id}/position`, {
      lessonId: course.lessonIds[1],
      positionSeconds: 95,
    });
    expect(res.json()).toMatchObject({ lastLessonId: course.lessonIds[1], lastPositionSeconds: 95, percent: 0 });
    expect((await call('GET', `/api/courses/${course.id}/progress`)).json()).toMatchObject({
      lastLessonId: course.lessonIds[1],
      lastPositionSeconds: 95,
    });
    const other = await makeCourse(h, tutor.user, { admin: admin.user });
    expect(
      (await call('PUT', `/api/courses/${course.id}/position`, { lessonId: other.lessonIds[0], positionSeconds: 1 }))
        .statusCode,
    ).toBe(404);
    expect((await call('POST', `/api/courses/${course.id}/lessons/${other.lessonIds[0]}/complete`)).statusCode).toBe(
      404,
    );
  });
});

describe('completing a course', () => {
  it('completes once, notifies once and issues one certificate, even when the last two completions race', async () => {
    const { course, learner, call } = await enrolled(3);
    const first = await readLesson(h, learner.user, course.id, course.lessonIds[0]!);
    expect(first).toMatchObject({
      completedLessonIds: [course.lessonIds[0]],
      percent: 33,
      completedAt: null,
      certificateCode: null,
    });
    expect(
      (await call('POST', `/api/courses/${course.id}/lessons/${course.lessonIds[0]}/complete`)).json().percent,
    ).toBe(33);

    // Both remaining lessons read; their last reports race.
    const beat = (id: string) =>
      call('POST', `/api/courses/${course.id}/lessons/${id}/progress`, { scrolledToEnd: true });
    await beat(course.lessonIds[1]!);
    await beat(course.lessonIds[2]!);
    h.clock.advance(11_000);
    const racing = await Promise.all([
      beat(course.lessonIds[1]!),
      beat(course.lessonIds[2]!),
      call('POST', `/api/courses/${course.id}/lessons/${course.lessonIds[2]}/progress`, { scrolledToEnd: true }),
    ]);
    expect(racing.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const progress = (await call('GET', `/api/courses/${course.id}/progress`)).json();
    expect(progress).toMatchObject({
      percent: 100,
      completedAt: expect.any(String),
      certificateCode: expect.stringMatching(CERTIFICATE_CODE),
    });
    const types = await typesOf(learner);
    expect(types.filter((t) => t === 'course_completed')).toHaveLength(1);
    expect(types.filter((t) => t === 'certificate_ready')).toHaveLength(1);
    // Completing again later changes nothing.
    await call('POST', `/api/courses/${course.id}/lessons/${course.lessonIds[0]}/complete`);
    expect((await typesOf(learner)).filter((t) => t === 'certificate_ready')).toHaveLength(1);

    const [enrolment] = (await call('GET', '/api/user/enrollments')).json().enrollments;
    expect(enrolment).toMatchObject({
      progressPercent: 100,
      certificateCode: progress.certificateCode,
      completedAt: progress.completedAt,
    });
    expect((await call('GET', `/api/courses/${course.id}`)).json().viewer).toMatchObject({
      enrolled: true,
      progressPercent: 100,
      canReview: true,
    });
  });

  it('publishes the certificate at a public page and as a PDF', async () => {
    const { course, learner } = await enrolled(1);
    const { certificateCode: code } = await readLesson(h, learner.user, course.id, course.lessonIds[0]!);
    if (!code) throw new Error('no certificate');
    const page = await as(h, null)('GET', `/api/certificates/${code}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toEqual({
      code,
      learnerName: learner.user.fullName,
      courseTitle: 'Fish farming in ponds',
      courseId: course.id,
      tutorName: tutor.user.fullName,
      issuedAt: expect.any(String),
      pdfUrl: `/api/certificates/${code}/pdf`,
      assessedWork: [],
      credentialId: expect.any(String),
    });
    expect((await as(h, null)('GET', `/api/certificates/${code.toLowerCase()}`)).statusCode).toBe(200);

    const pdf = await as(h, null)('GET', `/api/certificates/${code}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="certificate-${code}.pdf"`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    for (const unknown of ['BLET-AAAA-AAAA', 'nonsense', '../../etc/passwd']) {
      expect((await as(h, null)('GET', `/api/certificates/${encodeURIComponent(unknown)}`)).statusCode).toBe(404);
      expect((await as(h, null)('GET', `/api/certificates/${encodeURIComponent(unknown)}/pdf`)).statusCode).toBe(404);
    }
  });

  it('prints names the standard PDF fonts cannot spell', async () => {
    const { course, learner, call } = await enrolled(1);
    const renamed = { ...learner.user, fullName: 'Adébáyọ̀ Ọlọ́runṣọlá 李' };
    const progress = await readLesson(h, renamed, course.id, course.lessonIds[0]!);
    const pdf = await call('GET', `/api/certificates/${progress.certificateCode}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('reviews', () => {
  it('takes one editable review per enrolled learner and keeps the average and count right', async () => {
    const { course, call } = await enrolled(1);
    const second = await actor(h, 'student');
    await as(h, second)('POST', `/api/courses/${course.id}/enroll`);

    expect((await call('PUT', `/api/courses/${course.id}/review`, { rating: 5, text: 'Excellent' })).statusCode).toBe(
      200,
    );
    const edited = await call('PUT', `/api/courses/${course.id}/review`, { rating: 3, text: 'Good, on reflection' });
    expect(edited.json()).toMatchObject({ rating: 3, text: 'Good, on reflection' });
    await as(h, second)('PUT', `/api/courses/${course.id}/review`, { rating: 4 });

    const list = (await call('GET', `/api/courses/${course.id}/reviews`)).json();
    expect(list).toMatchObject({
      ratingAverage: 3.5,
      ratingCount: 2,
      mine: { rating: 3, text: 'Good, on reflection' },
    });
    expect(list.reviews).toHaveLength(2);
    expect((await as(h, null)('GET', `/api/courses/${course.id}`)).json()).toMatchObject({
      ratingAverage: 3.5,
      ratingCount: 2,
    });
    expect((await as(h, null)('GET', `/api/courses/${course.id}/reviews`)).json().mine).toBeNull();
  });

  it('refuses a learner who is not enrolled, the tutor, and a rating out of range', async () => {
    const { course, call } = await enrolled(1);
    const stranger = await actor(h, 'student');
    const res = await as(h, stranger)('PUT', `/api/courses/${course.id}/review`, { rating: 5 });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatch(/enrolled/);
    expect((await as(h, tutor)('PUT', `/api/courses/${course.id}/review`, { rating: 5 })).statusCode).toBe(403);
    const bad = await call('PUT', `/api/courses/${course.id}/review`, { rating: 6 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { rating: 'Choose a rating from 1 to 5' } });
  });
});
