import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '#server/test/harness';
import { actor, as, makeCourse } from '../courses/testing/course-fixtures';
import { notifications } from '../notifications/notifications.table';
import { pdf, uploaded } from '../roles/testing/role-fixtures';
import { makeGig } from '../talent/testing/gig-fixtures';
import { applicationEvents } from './jobs.table';
import { employer, jobInput, makeJob, seeker } from './testing/job-fixtures';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const DAY = 86_400_000;

describe('posting', () => {
  it('lets an employer post with the company from their profile, and refuses a member without the role', async () => {
    const boss = await employer(h, 'Kano Textiles');
    const res = await as(h, boss)('POST', '/api/jobs', jobInput({ title: 'Textile designer', skills: ['python'] }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      title: 'Textile designer',
      companyName: 'Kano Textiles',
      status: 'open',
      skills: [{ slug: 'python', name: 'Python' }],
    });
    expect(res.json().viewer).toEqual({ applied: false, saved: false, canEdit: true, application: null });

    const member = await actor(h);
    const refused = await as(h, member)('POST', '/api/jobs', jobInput());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatch(/employer role/);

    const bad = await as(h, boss)('POST', '/api/jobs', jobInput({ skills: ['no-such-skill'] }));
    expect(bad.statusCode).toBe(400);
  });

  it('edits, closes, and a closed job takes no applications', async () => {
    const boss = await employer(h);
    const job = await makeJob(h, boss);
    const edited = await as(h, boss)('PATCH', `/api/jobs/${job.id}`, {
      title: 'Senior backend engineer',
      skills: ['python'],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Senior backend engineer', skills: [{ slug: 'python' }] });
    const closed = await as(h, boss)('POST', `/api/jobs/${job.id}/close`);
    expect(closed.json().status).toBe('closed');
    const who = await seeker(h);
    const res = await as(h, who)('POST', `/api/jobs/${job.id}/applications`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/closed/);
  });

  it('closes a job at its deadline through the job queue, and refuses applications past it', async () => {
    const boss = await employer(h);
    const job = await makeJob(h, boss, { deadline: new Date(h.clock.now.getTime() + 2 * DAY).toISOString() });
    h.clock.advance(2 * DAY + 60_000);
    const who = await seeker(h);
    const late = await as(h, who)('POST', `/api/jobs/${job.id}/applications`, {});
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toMatch(/deadline/);
    await h.jobs.runDue();
    expect((await as(h, who)('GET', `/api/jobs/${job.id}`)).json().status).toBe('closed');
  });
});

describe('the board', () => {
  it('finds jobs by words and filters, pages them, and counts the match for a member with skills', async () => {
    const boss = await employer(h, 'Ibadan Analytics');
    const tag = `zebracorn${Date.now()}`;
    await makeJob(h, boss, {
      title: `Data analyst ${tag}`,
      location: 'Ibadan',
      workplace: 'onsite',
      skills: ['python', 'sql'],
    });
    await makeJob(h, boss, {
      title: `Remote analyst ${tag}`,
      location: 'Remote',
      workplace: 'remote',
      skills: ['python', 'javascript', 'sql'],
      salaryMax: 900_000,
    });
    await makeJob(h, boss, { title: `Draft analyst ${tag}`, status: 'draft' });

    const visitor = await as(h, null)('GET', `/api/jobs?q=${tag}`);
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    expect(visitor.json().jobs[0]).toMatchObject({ companyName: 'Ibadan Analytics', match: null });

    const remote = (await as(h, null)('GET', `/api/jobs?q=${tag}&workplace=remote`)).json();
    expect(remote.jobs.map((j: { title: string }) => j.title)).toEqual([`Remote analyst ${tag}`]);
    expect((await as(h, null)('GET', `/api/jobs?q=${tag}&location=ibadan`)).json().total).toBe(1);
    expect((await as(h, null)('GET', `/api/jobs?q=${tag}&salaryMin=500000`)).json().total).toBe(1);
    const paged = (await as(h, null)('GET', `/api/jobs?q=${tag}&pageSize=1&page=2`)).json();
    expect(paged).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(paged.jobs).toHaveLength(1);

    const who = await seeker(h, ['python', 'sql']);
    const best = (await as(h, who)('GET', `/api/jobs?q=${tag}&sort=best_match`)).json();
    expect(best.jobs.map((j: { match: unknown }) => j.match)).toEqual([
      { shared: 2, total: 2 },
      { shared: 2, total: 3 },
    ]);
    const bare = await seeker(h);
    expect((await as(h, bare)('GET', `/api/jobs?q=${tag}`)).json().jobs[0].match).toBeNull();
  });

  it('explains the match: evidence from completed courses, and courses for missing skills', async () => {
    const boss = await employer(h);
    const tutor = await actor(h, 'tutor');
    const course = await makeCourse(h, tutor.user, { input: { title: 'SQL for analysts' } });
    await h.services.courses.update(tutor.user, course.id, { skills: ['sql'] } as never);
    const js = await makeCourse(h, tutor.user, { input: { title: 'JavaScript from zero' } });
    await h.services.courses.update(tutor.user, js.id, { skills: ['javascript'] } as never);
    const who = await seeker(h, ['sql', 'python']);
    const { enrolments } = await import('../courses/learning/course-learning.table');
    await h.services.courseLearning.enrol(who.user, course.id);
    await h.app.database.db
      .update(enrolments)
      .set({ completedAt: h.clock.now })
      .where(eq(enrolments.courseId, course.id));

    const job = await makeJob(h, boss, { skills: ['sql', 'javascript'] });
    const match = (await as(h, who)('GET', `/api/jobs/${job.id}/match`)).json();
    expect(match).toMatchObject({
      hasSkills: true,
      total: 2,
      shared: [{ slug: 'sql', evidence: [{ kind: 'course', id: course.id, title: 'SQL for analysts' }] }],
      missing: [
        { slug: 'javascript', courses: expect.arrayContaining([{ id: js.id, title: 'JavaScript from zero' }]) },
      ],
    });
    expect((await as(h, who)('GET', `/api/jobs/${job.id}`)).json().match).toEqual({ shared: 1, total: 2 });
    expect((await as(h, await seeker(h))('GET', `/api/jobs/${job.id}/match`)).json().hasSkills).toBe(false);
  });

  it('counts a completed gig the seeker was hired for as evidence, by skill like courses, and no other gig', async () => {
    const boss = await employer(h);
    const poster = await actor(h);
    const other = await seeker(h, ['javascript']);
    const who = await seeker(h, ['javascript', 'sql']);
    const done = await makeGig(h, poster.user, 'completed', {
      talent: who.user,
      input: { title: 'Shop checkout in React', skills: ['html', 'javascript'] },
    });
    await makeGig(h, poster.user, 'in_progress', {
      talent: who.user,
      input: { title: 'Unfinished widget', skills: ['javascript'] },
    });
    await makeGig(h, poster.user, 'completed', {
      talent: other.user,
      input: { title: "Someone else's dashboard", skills: ['javascript'] },
    });
    await makeGig(h, poster.user, 'completed', {
      talent: who.user,
      input: { title: 'Label printer', skills: ['python'] },
    });

    const job = await makeJob(h, boss, { skills: ['javascript', 'sql'] });
    const match = (await as(h, who)('GET', `/api/jobs/${job.id}/match`)).json();
    expect(match.shared).toEqual([
      {
        slug: 'javascript',
        name: 'JavaScript',
        evidence: [{ kind: 'gig', id: done.id, title: 'Shop checkout in React' }],
        // The passport's level (decision 071): one unrated gig is learning; a skill only typed, claimed.
        level: 'learning',
        sentence: 'JavaScript: learning — 1 gig',
      },
      {
        slug: 'sql',
        name: 'SQL',
        evidence: [],
        level: 'claimed',
        sentence: 'SQL: claimed — on the profile, no evidence yet',
      },
    ]);
  });
});

describe('applying and the pipeline', () => {
  it('applies once with a CV the employer may read, moves through stages with history and kind notifications', async () => {
    const boss = await employer(h, 'Abuja Health');
    const job = await makeJob(h, boss, {
      screeningQuestions: [{ id: 'q1', kind: 'yes_no', question: 'Can you work in Abuja?' }],
    });
    const who = await seeker(h);
    const cv = await uploaded(h, who, 'document', pdf(), 'cv.pdf');

    const missing = await as(h, who)('POST', `/api/jobs/${job.id}/applications`, { cvUploadId: cv.id });
    expect(missing.statusCode).toBe(400);
    const res = await as(h, who)('POST', `/api/jobs/${job.id}/applications`, {
      coverLetter: 'Hello',
      cvUploadId: cv.id,
      answers: [{ questionId: 'q1', answer: 'yes' }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const app = res.json();
    expect(app).toMatchObject({
      jobId: job.id,
      status: 'submitted',
      cv: { id: cv.id },
      answers: [{ questionId: 'q1', answer: 'yes' }],
    });
    const again = await as(h, who)('POST', `/api/jobs/${job.id}/applications`, {
      answers: [{ questionId: 'q1', answer: 'yes' }],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatch(/already applied/);
    expect((await as(h, boss)('POST', `/api/jobs/${job.id}/applications`, {})).json().error).toMatch(/own job/);

    const detail = (await as(h, who)('GET', `/api/jobs/${job.id}`)).json();
    expect(detail).toMatchObject({
      applicantCount: 1,
      viewer: { applied: true, application: { id: app.id, status: 'submitted' } },
    });

    // The employer reads the CV; another employer may not.
    const download = await as(h, boss)('GET', cv.url);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="cv.pdf"/);
    expect(download.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // The pipeline's inline view: the browser's PDF viewer, framed by our own pages and no one else's.
    const inline = await as(h, boss)('GET', `${cv.url}?view=inline`);
    expect(inline.statusCode).toBe(200);
    expect(inline.headers['content-type']).toBe('application/pdf');
    expect(inline.headers['content-disposition']).toMatch(/^inline; filename="cv.pdf"/);
    expect(inline.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(inline.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect((await as(h, await employer(h))('GET', cv.url)).statusCode).toBe(404);
    expect((await as(h, await employer(h))('GET', `${cv.url}?view=inline`)).statusCode).toBe(404);

    const list = (await as(h, boss)('GET', `/api/jobs/${job.id}/applications`)).json();
    expect(list.applications).toEqual([
      expect.objectContaining({
        id: app.id,
        status: 'submitted',
        applicant: expect.objectContaining({ id: who.user.id, username: who.user.username }),
      }),
    ]);

    const moved = await as(h, boss)('PATCH', `/api/applications/${app.id}`, {
      status: 'shortlisted',
      note: 'Strong CV',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().history.map((e: { status: string }) => e.status)).toEqual(['submitted', 'shortlisted']);
    expect(moved.json().history[1].note).toBe('Strong CV');

    const mine = (await as(h, who)('GET', '/api/user/applications')).json();
    expect(mine.applications[0]).toMatchObject({
      id: app.id,
      status: 'shortlisted',
      job: { id: job.id, title: job.title },
    });
    expect(mine.applications[0].history[1]).not.toHaveProperty('note');

    const rejected = await as(h, boss)('PATCH', `/api/applications/${app.id}`, { status: 'rejected' });
    expect(rejected.statusCode).toBe(200);
    const told = await h.app.database.db.select().from(notifications).where(eq(notifications.userId, who.user.id));
    expect(told.map((n) => n.title)).toEqual(
      expect.arrayContaining(['Application shortlisted', 'Application update: not selected this time']),
    );
    expect(told.find((n) => n.title.startsWith('Application update'))!.message).toMatch(/Thank you for applying/);
    expect((await as(h, who)('POST', `/api/applications/${app.id}/withdraw`)).statusCode).toBe(409);

    // The history is append-only.
    await expect(
      h.app.database.db
        .update(applicationEvents)
        .set({ note: 'changed' })
        .where(eq(applicationEvents.applicationId, app.id)),
    ).rejects.toThrow();
    const counted = (
      await h.app.database.db.execute(
        sql`select count(*)::int as n from application_events where application_id = ${app.id}`,
      )
    ).rows as Array<{ n: number }>;
    expect(counted[0]?.n).toBe(3);
  });

  it("attaches the profile's CV when none is chosen, which the job's employer then reads", async () => {
    const boss = await employer(h);
    const job = await makeJob(h, boss);
    const who = await seeker(h);
    const cv = await uploaded(h, who, 'document', pdf(), 'profile-cv.pdf');
    await h.services.roles.saveJobSeeker(who.user, { openToWork: true, desiredRoles: [], cvUploadId: cv.id });
    const other = await employer(h);
    expect((await as(h, boss)('GET', cv.url)).statusCode).toBe(404);
    const app = (await as(h, who)('POST', `/api/jobs/${job.id}/applications`, { coverLetter: 'Hi' })).json();
    expect(app.cv).toMatchObject({ id: cv.id, name: 'profile-cv.pdf' });
    expect((await as(h, boss)('GET', cv.url)).statusCode).toBe(200);
    expect((await as(h, other)('GET', cv.url)).statusCode).toBe(404);
  });

  it('rejects several applicants at once with one message, each told kindly, leaving the others', async () => {
    const boss = await employer(h);
    const job = await makeJob(h, boss);
    const [a, b, c] = [await seeker(h), await seeker(h), await seeker(h)];
    const ids = [];
    for (const who of [a, b, c])
      ids.push((await as(h, who)('POST', `/api/jobs/${job.id}/applications`, {})).json().id as string);
    const other = await makeJob(h, boss);
    const elsewhere = (await as(h, a)('POST', `/api/jobs/${other.id}/applications`, {})).json().id as string;

    const res = await as(h, boss)('POST', `/api/jobs/${job.id}/applications/reject`, {
      applicationIds: [ids[0], ids[1], elsewhere],
      message: 'We filled the role internally.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ rejected: 2 });
    const list = (await as(h, boss)('GET', `/api/jobs/${job.id}/applications`)).json().applications as Array<{
      id: string;
      status: string;
    }>;
    expect(Object.fromEntries(list.map((x) => [x.id, x.status]))).toEqual({
      [ids[0]!]: 'rejected',
      [ids[1]!]: 'rejected',
      [ids[2]!]: 'submitted',
    });
    const told = await h.app.database.db.select().from(notifications).where(eq(notifications.userId, b.user.id));
    expect(told.find((n) => n.title === 'Application update: not selected this time')!.message).toContain(
      'We filled the role internally.',
    );
    expect(
      (await as(h, await employer(h))('POST', `/api/jobs/${job.id}/applications/reject`, { applicationIds: [ids[2]] }))
        .statusCode,
    ).toBe(404);
  });

  it('answers two bulk rejects of the same applicants at once, in any order, rejecting each once', async () => {
    const boss = await employer(h);
    const job = await makeJob(h, boss);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++)
      ids.push((await as(h, await seeker(h))('POST', `/api/jobs/${job.id}/applications`, {})).json().id);
    const reject = (applicationIds: string[]) =>
      as(h, boss)('POST', `/api/jobs/${job.id}/applications/reject`, { applicationIds });
    const answers = await Promise.all([
      reject(ids),
      reject([...ids].reverse()),
      reject(ids),
      reject([...ids].reverse()),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(answers.reduce((sum, r) => sum + r.json().rejected, 0)).toBe(6);
  });

  it('lets the seeker withdraw before an offer and save jobs', async () => {
    const boss = await employer(h);
    const job = await makeJob(h, boss);
    const who = await seeker(h);
    const app = (await as(h, who)('POST', `/api/jobs/${job.id}/applications`, {})).json();
    const withdrawn = await as(h, who)('POST', `/api/applications/${app.id}/withdraw`);
    expect(withdrawn.json().status).toBe('withdrawn');
    expect((await as(h, boss)('PATCH', `/api/applications/${app.id}`, { status: 'reviewed' })).statusCode).toBe(409);

    expect((await as(h, who)('PUT', `/api/jobs/${job.id}/save`)).statusCode).toBe(204);
    expect((await as(h, who)('GET', `/api/jobs/${job.id}`)).json().viewer.saved).toBe(true);
    expect((await as(h, who)('GET', '/api/user/saved-jobs')).json().jobs.map((j: { id: string }) => j.id)).toEqual([
      job.id,
    ]);
    expect((await as(h, who)('DELETE', `/api/jobs/${job.id}/save`)).statusCode).toBe(204);
    expect((await as(h, who)('GET', '/api/user/saved-jobs')).json().jobs).toEqual([]);
  });

  it('shows the employer applicants per stage, and an admin takes a job down with a reason the employer reads', async () => {
    const boss = await employer(h);
    const job = await makeJob(h, boss);
    await as(h, await seeker(h))('POST', `/api/jobs/${job.id}/applications`, {});
    const mine = (await as(h, boss)('GET', '/api/employer/jobs')).json();
    expect(mine.jobs[0]).toMatchObject({ id: job.id, applicantCount: 1, stageCounts: { submitted: 1, reviewed: 0 } });

    const admin = await actor(h, 'admin');
    const down = await as(h, admin)('POST', `/api/admin/jobs/${job.id}/take-down`, {
      reason: 'Asks applicants for a fee.',
    });
    expect(down.statusCode, down.body).toBe(200);
    expect(down.json()).toMatchObject({ status: 'closed', takenDownReason: 'Asks applicants for a fee.' });
    const told = await h.app.database.db.select().from(notifications).where(eq(notifications.userId, boss.user.id));
    expect(told.map((n) => n.title)).toContain('Job taken down');
    expect((await as(h, boss)('PATCH', `/api/jobs/${job.id}`, { status: 'open' })).statusCode).toBe(403);
  });

  it('answers 403 ACCOUNT_SUSPENDED to a member suspended from jobs, even for the board', async () => {
    const who = await seeker(h);
    await h.services.accounts.suspend(who.user.id, { reason: 'Spam applications', restrictions: ['jobs'] });
    const res = await as(h, who)('GET', '/api/jobs');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ACCOUNT_SUSPENDED');
  });
});
