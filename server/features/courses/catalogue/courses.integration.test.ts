import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngImage } from '#server/features/uploads/testing/images';
import { createHarness, type Harness } from '#server/test/harness';
import { adminAuditLog } from '#server/lib/audit/audit.table';
import { actor, as, courseInput, makeCourse, type Actor } from '../testing/course-fixtures';

let h: Harness;
let tutor: Actor;
let admin: Actor;
beforeAll(async () => {
  h = await createHarness();
  tutor = await actor(h, 'tutor');
  admin = await actor(h, 'admin');
});
afterAll(() => h.close());

const notificationsOf = async (who: Actor) =>
  (await as(h, who)('GET', '/api/notifications?limit=50')).json().notifications as Array<{
    type: string;
    title: string;
    message: string;
    link: string;
  }>;

describe('creating a course', () => {
  it('refuses a member who is not a tutor, with a clear error', async () => {
    const member = await actor(h, 'general');
    const res = await as(h, member)('POST', '/api/courses', courseInput());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: 'FORBIDDEN',
      error: expect.stringContaining('Only tutors and mentors can create courses'),
    });
  });

  it('ignores status, tutorId and counters sent in the body', async () => {
    const other = await actor(h, 'tutor');
    const res = await as(h, tutor)('POST', '/api/courses', {
      ...courseInput(),
      status: 'published',
      tutorId: other.user.id,
      ratingAverage: 5,
      ratingCount: 900,
      enrolmentCount: 10_000,
      lessonCount: 40,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'draft',
      tutor: { id: tutor.user.id },
      ratingAverage: null,
      ratingCount: 0,
      enrolmentCount: 0,
      lessonCount: 0,
    });
    const patched = await as(h, tutor)('PATCH', `/api/courses/${res.json().id}`, {
      status: 'published',
      tutorId: other.user.id,
      title: 'Renamed course',
    });
    expect(patched.json()).toMatchObject({
      status: 'draft',
      tutor: { id: tutor.user.id },
      title: 'Renamed course',
      description: courseInput().description,
    });
  });

  it('answers 403 ACCOUNT_SUSPENDED to a tutor suspended from courses, even for the catalogue', async () => {
    const suspended = await actor(h, 'tutor');
    await h.services.accounts.suspend(suspended.user.id, { reason: 'Copyright complaints', restrictions: ['courses'] });
    for (const [method, url, payload] of [
      ['POST', '/api/courses', courseInput()],
      ['GET', '/api/courses'],
      ['GET', '/api/tutor/courses'],
    ] as const) {
      const res = await as(h, suspended)(method, url, payload);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ code: 'ACCOUNT_SUSPENDED' });
    }
  });

  it('refuses a thumbnail that is not an image upload of the tutor', async () => {
    const res = await as(h, tutor)(
      'POST',
      '/api/courses',
      courseInput({ thumbnailUploadId: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { thumbnailUploadId: expect.any(String) } });
  });
});

describe('uploads a course refers to', () => {
  const PDF = Buffer.from('%PDF-1.7\n%demo');
  const store = (who: Actor, kind: 'image' | 'document', bytes: Buffer) =>
    h.services.uploads.store(who.user, kind, {
      stream: Readable.from([bytes]),
      filename: `file.${kind === 'image' ? 'png' : 'pdf'}`,
    });

  it("must be the tutor's own and of the right kind", async () => {
    const other = await actor(h, 'tutor');
    const png = await pngImage(64, 36);
    const mine = await store(tutor, 'image', png);
    const theirs = await store(other, 'image', png);
    const pdf = await store(tutor, 'document', PDF);
    const call = as(h, tutor);
    const ok = await call('POST', '/api/courses', courseInput({ thumbnailUploadId: mine.id }));
    expect(ok.json()).toMatchObject({
      thumbnailUploadId: mine.id,
      thumbnailUrl: mine.url,
      thumbnailSrcset: mine.srcset,
    });
    expect(mine.srcset).toMatch(/^\/uploads\/[0-9a-f-]{36}-128w\.webp 128w, .* 1280w$/);
    expect((await call('POST', '/api/courses', courseInput({ thumbnailUploadId: theirs.id }))).statusCode).toBe(400);
    expect((await call('POST', '/api/courses', courseInput({ thumbnailUploadId: pdf.id }))).statusCode).toBe(400);

    const c = await makeCourse(h, tutor.user, { status: 'draft' });
    const lessons = `/api/courses/${c.id}/sections/${c.sectionId}/lessons`;
    const video = await call('POST', lessons, { kind: 'video', title: 'Not a video', videoUploadId: mine.id });
    expect(video.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { videoUploadId: expect.any(String) } });
    const attachment = await call('POST', lessons, { kind: 'text', title: 'Notes', attachmentUploadIds: [mine.id] });
    expect(attachment.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { attachmentUploadIds: expect.any(String) },
    });
    const good = await call('POST', lessons, { kind: 'text', title: 'Notes', attachmentUploadIds: [pdf.id] });
    expect(good.json().attachments).toEqual([pdf]);
  });
});

describe('POST /api/user/become-tutor', () => {
  it('makes a member a tutor, leaves a mentor a mentor and refuses an admin', async () => {
    const member = await actor(h, 'general');
    const res = await as(h, member)('POST', '/api/user/become-tutor');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: member.user.id, role: 'tutor' });
    expect((await as(h, member)('POST', '/api/courses', courseInput())).statusCode).toBe(201);
    const mentor = await actor(h, 'mentor');
    expect((await as(h, mentor)('POST', '/api/user/become-tutor')).json()).toMatchObject({ role: 'mentor' });
    expect((await as(h, admin)('POST', '/api/user/become-tutor')).statusCode).toBe(403);
    expect((await as(h, null)('POST', '/api/user/become-tutor')).statusCode).toBe(401);
  });
});

describe('the road to publication', () => {
  it('goes draft → in review → rejected with a reason → resubmitted → published, audited and notified', async () => {
    const call = as(h, tutor);
    const id = (await call('POST', '/api/courses', courseInput({ title: 'Poultry farming basics' }))).json().id;
    const empty = await call('POST', `/api/courses/${id}/submit`);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatch(/at least one lesson/);

    const section = (await call('POST', `/api/courses/${id}/sections`, { title: 'Housing' })).json();
    const video = await call('POST', `/api/courses/${id}/sections/${section.id}/lessons`, {
      kind: 'video',
      title: 'A tour of the pen',
      durationSeconds: 300,
    });
    expect(video.statusCode).toBe(201);
    const noVideo = await call('POST', `/api/courses/${id}/submit`);
    expect(noVideo.statusCode).toBe(400);
    expect(noVideo.json().error).toMatch(/has no video yet/);
    await call('PATCH', `/api/courses/${id}/lessons/${video.json().id}`, {
      videoUrl: 'https://videos.example.ng/pen.mp4',
    });

    expect((await call('POST', `/api/courses/${id}/submit`)).json()).toMatchObject({
      status: 'in_review',
      lessonCount: 1,
      durationSeconds: 300,
    });
    expect(
      (await as(h, admin)('GET', '/api/admin/courses?status=in_review'))
        .json()
        .courses.map((c: { id: string }) => c.id),
    ).toContain(id);

    const short = await as(h, admin)('POST', `/api/admin/courses/${id}/review`, {
      decision: 'reject',
      reason: 'short',
    });
    expect(short.statusCode).toBe(400);
    const reason = 'Please add a lesson about vaccination schedules.';
    const rejected = await as(h, admin)('POST', `/api/admin/courses/${id}/review`, { decision: 'reject', reason });
    expect(rejected.json()).toMatchObject({ status: 'rejected', rejectionReason: reason });
    expect(
      (await call('GET', `/api/tutor/courses`)).json().courses.find((c: { id: string }) => c.id === id),
    ).toMatchObject({ rejectionReason: reason });
    // Strangers never see the reason: the course is not even visible to them.
    expect((await as(h, null)('GET', `/api/courses/${id}`)).statusCode).toBe(404);

    await call('PATCH', `/api/courses/${id}`, { summary: 'Now with a vaccination schedule for every age.' });
    expect((await call('POST', `/api/courses/${id}/submit`)).json()).toMatchObject({
      status: 'in_review',
      rejectionReason: null,
    });
    const again = await as(h, admin)('POST', `/api/admin/courses/${id}/review`, { decision: 'approve' });
    expect(again.json()).toMatchObject({ status: 'published', publishedAt: expect.any(String) });
    expect((await as(h, admin)('POST', `/api/admin/courses/${id}/review`, { decision: 'approve' })).statusCode).toBe(
      400,
    );

    const notes = await notificationsOf(tutor);
    expect(notes.filter((n) => n.type === 'system_update').map((n) => [n.title, n.link])).toEqual([
      ['Course approved', '/courses/tutor'],
      ['Changes requested', '/courses/tutor'],
    ]);
    expect(notes.find((n) => n.title === 'Changes requested')!.message).toContain(reason);
    const audit = await h.app.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.target, `course:${id}`));
    expect(audit.map((a) => a.action).sort()).toEqual(['course.approved', 'course.rejected']);

    // Editing a published course, its price included, keeps it published.
    const edited = await call('PATCH', `/api/courses/${id}`, { priceMinor: 1_500_000 });
    expect(edited.json()).toMatchObject({ status: 'published', priceMinor: 1_500_000 });
    expect(
      (await as(h, null)('GET', `/api/courses?q=poultry`)).json().courses.map((c: { id: string }) => c.id),
    ).toContain(id);
  });
});

describe('deleting', () => {
  it('deletes a draft nobody enrolled in', async () => {
    const c = await makeCourse(h, tutor.user, { status: 'draft' });
    expect((await as(h, tutor)('DELETE', `/api/courses/${c.id}`)).statusCode).toBe(204);
    expect((await as(h, tutor)('GET', `/api/courses/${c.id}`)).statusCode).toBe(404);
  });

  it('archives a course with learners: gone from the catalogue, still theirs', async () => {
    const learner = await actor(h, 'student');
    const c = await makeCourse(h, tutor.user, { admin: admin.user, input: { title: 'Archived bookkeeping course' } });
    await as(h, learner)('POST', `/api/courses/${c.id}/enroll`);
    expect((await as(h, tutor)('DELETE', `/api/courses/${c.id}`)).statusCode).toBe(204);
    expect((await as(h, null)('GET', `/api/courses?q=archived+bookkeeping`)).json().total).toBe(0);
    expect((await as(h, null)('GET', `/api/courses/${c.id}`)).statusCode).toBe(404);
    expect((await as(h, learner)('GET', `/api/courses/${c.id}`)).json()).toMatchObject({
      status: 'archived',
      viewer: { enrolled: true },
    });
    expect((await as(h, learner)('GET', `/api/courses/${c.id}/content`)).statusCode).toBe(200);
    const edit = await as(h, tutor)('PATCH', `/api/courses/${c.id}`, { title: 'Try to edit it' });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().error).toMatch(/archived/);
  });
});

describe('the builder', () => {
  it('orders sections and lessons, moves a lesson between sections and keeps the counters right', async () => {
    const c = await makeCourse(h, tutor.user, { status: 'draft', lessons: 3 });
    const call = as(h, tutor);
    const second = (await call('POST', `/api/courses/${c.id}/sections`, { title: 'Going further' })).json();
    expect((await call('PUT', `/api/courses/${c.id}/sections/order`, { ids: [second.id] })).statusCode).toBe(400);
    expect(
      (await call('PUT', `/api/courses/${c.id}/sections/order`, { ids: [second.id, c.sectionId] })).statusCode,
    ).toBe(204);

    const wrong = await call('PUT', `/api/courses/${c.id}/sections/${c.sectionId}/lessons/order`, {
      ids: c.lessonIds.slice(0, 2),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { ids: expect.any(String) } });
    const reversed = [...c.lessonIds].reverse();
    expect(
      (await call('PUT', `/api/courses/${c.id}/sections/${c.sectionId}/lessons/order`, { ids: reversed })).statusCode,
    ).toBe(204);

    const moved = await call('PATCH', `/api/courses/${c.id}/lessons/${c.lessonIds[0]}`, {
      sectionId: second.id,
      kind: 'video',
      videoUrl: 'https://videos.example.ng/a.mp4',
      durationSeconds: 600,
    });
    expect(moved.json()).toMatchObject({
      sectionId: second.id,
      kind: 'video',
      videoUrl: 'https://videos.example.ng/a.mp4',
      title: 'Lesson 1',
    });
    const both = await call('PATCH', `/api/courses/${c.id}/lessons/${c.lessonIds[0]}`, {
      videoUploadId: '00000000-0000-4000-8000-000000000000',
    });
    expect(both.statusCode).toBe(400);

    const detail = (await call('GET', `/api/courses/${c.id}`)).json();
    expect(
      detail.sections.map((s: { id: string; lessons: Array<{ id: string }> }) => [s.id, s.lessons.map((l) => l.id)]),
    ).toEqual([
      [second.id, [c.lessonIds[0]]],
      [c.sectionId, [c.lessonIds[2], c.lessonIds[1]]],
    ]);
    expect(detail).toMatchObject({ lessonCount: 3, durationSeconds: 720 });

    expect((await call('DELETE', `/api/courses/${c.id}/sections/${second.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/courses/${c.id}`)).json()).toMatchObject({ lessonCount: 2, durationSeconds: 120 });
    const otherCourse = await makeCourse(h, tutor.user, { status: 'draft' });
    const foreign = await call('PATCH', `/api/courses/${c.id}/lessons/${c.lessonIds[1]}`, {
      sectionId: otherCourse.sectionId,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('enrolling', () => {
  it('refuses a paid course with a clear error and enrols in a free one once', async () => {
    const learner = await actor(h, 'general');
    const paid = await makeCourse(h, tutor.user, { admin: admin.user, input: { priceMinor: 1_500_000 } });
    const res = await as(h, learner)('POST', `/api/courses/${paid.id}/enroll`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', error: 'This course is paid: buy it to enrol.' });

    const free = await makeCourse(h, tutor.user, { admin: admin.user });
    const first = await as(h, learner)('POST', `/api/courses/${free.id}/enroll`);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      course: { id: free.id, enrolmentCount: 1 },
      progressPercent: 0,
      completedAt: null,
    });
    expect((await as(h, learner)('POST', `/api/courses/${free.id}/enroll`)).statusCode).toBe(200);
    expect((await as(h, null)('GET', `/api/courses/${free.id}`)).json().enrolmentCount).toBe(1);
    const list = (await as(h, learner)('GET', '/api/user/enrollments')).json().enrollments;
    expect(list.map((e: { course: { id: string } }) => e.course.id)).toEqual([free.id]);
  });
});
