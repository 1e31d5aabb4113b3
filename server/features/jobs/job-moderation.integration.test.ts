import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_JOBS_PAGE_SIZE } from '#shared/jobs/job-moderation.schemas';
import { createHarness, PASSWORD, type Harness } from '#server/test/harness';
import { actor, as, type Actor } from '../courses/testing/course-fixtures';
import { adminAuditLog } from '#server/lib/audit/audit.table';
import { notifications } from '../notifications/notifications.table';
import { employer, makeJob } from './testing/job-fixtures';

/** The admin console's jobs screen (issue 13): the list, taking a job down and restoring it. */
let h: Harness;
let admin: Actor;
beforeAll(async () => {
  h = await createHarness();
  admin = await actor(h, 'admin');
});
afterAll(() => h.close());

const titlesFor = async (userId: string) =>
  (await h.app.database.db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.title);
const auditFor = async (jobId: string) =>
  (
    await h.app.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.target, `job:${jobId}`))
  ).map((e) => e.action);

describe('the admin jobs list', () => {
  it('finds jobs by title or company, filters by status (taken down apart from closed), and pages on the server', async () => {
    const tag = randomBytes(3).toString('hex');
    const boss = await employer(h, `Kaduna Mills ${tag}`);
    // A second apart each, so that newest first is one order.
    const next = async (over: Parameters<typeof makeJob>[2]) => {
      h.clock.advance(1000);
      return makeJob(h, boss, over);
    };
    const open = await next({ title: `Miller ${tag}` });
    const draft = await next({ title: 'Packer', status: 'draft' });
    const closed = await next({ title: 'Driver' });
    await h.services.jobBoard.close(boss.user, closed.id);
    const down = await next({ title: 'Too good to be true' });
    expect(
      (await as(h, admin)('POST', `/api/admin/jobs/${down.id}/take-down`, { reason: 'Asks applicants for a fee.' }))
        .statusCode,
    ).toBe(200);

    const list = async (query: string) => {
      const res = await as(h, admin)('GET', `/api/admin/jobs?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        jobs: Array<{ id: string; title: string; takenDownReason: string | null; employer: { fullName: string } }>;
        total: number;
        page: number;
        pageSize: number;
      };
    };
    const byCompany = await list(`q=${tag}`);
    expect(byCompany.total).toBe(4);
    expect(byCompany.jobs.map((j) => j.id)).toEqual([down.id, closed.id, draft.id, open.id]);
    expect(byCompany.jobs[0]).toMatchObject({
      companyName: `Kaduna Mills ${tag}`,
      status: 'closed',
      takenDownReason: 'Asks applicants for a fee.',
      applicantCount: 0,
      employer: { fullName: boss.user.fullName },
    });
    expect((await list(`q=miller%20${tag}`)).jobs.map((j) => j.id)).toEqual([open.id]);
    expect((await list(`q=${tag}&status=closed`)).jobs.map((j) => j.id)).toEqual([closed.id]);
    expect((await list(`q=${tag}&status=taken_down`)).jobs.map((j) => j.id)).toEqual([down.id]);
    expect((await list(`q=${tag}&status=draft`)).jobs.map((j) => j.id)).toEqual([draft.id]);
    // "%" is a character to find, not a wildcard.
    expect((await list(`q=${tag}%25`)).total).toBe(0);

    for (let i = 0; i < ADMIN_JOBS_PAGE_SIZE; i++) await next({ title: `Filler ${i}` });
    const second = await list(`q=${tag}&page=2`);
    expect(second).toMatchObject({ total: ADMIN_JOBS_PAGE_SIZE + 4, page: 2, pageSize: ADMIN_JOBS_PAGE_SIZE });
    expect(second.jobs).toHaveLength(4);
    const first = await list(`q=${tag}`);
    expect(first.jobs.filter((j) => second.jobs.some((x) => x.id === j.id))).toEqual([]);
    expect(await list(`q=${tag}&page=9`)).toMatchObject({ jobs: [], total: ADMIN_JOBS_PAGE_SIZE + 4 });
    expect((await as(h, admin)('GET', '/api/admin/jobs?status=gone')).statusCode).toBe(400);
  });
});

describe('taking a job down and restoring it', () => {
  it('asks for the password again, closes the job with the reason, tells the employer, audits; restore lets them reopen it', async () => {
    const boss = await employer(h);
    const job = await makeJob(h, boss, { title: 'Data entry, pay to start' });
    const call = as(h, admin);
    const url = `/api/admin/jobs/${job.id}/take-down`;

    expect((await call('POST', url, { reason: 'short' })).json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { reason: expect.any(String) },
    });
    expect(
      (
        await call('POST', '/api/admin/jobs/00000000-0000-4000-8000-000000000000/take-down', {
          reason: 'Asks applicants for a fee.',
        })
      ).statusCode,
    ).toBe(404);

    h.clock.advance(16 * 60_000);
    try {
      const refused = await call('POST', url, { reason: 'Asks applicants for a fee.' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('CONFIRMATION_REQUIRED');
      expect((await call('POST', '/api/admin/confirm', { password: PASSWORD })).statusCode).toBe(200);
      const down = await call('POST', url, { reason: 'Asks applicants for a fee.' });
      expect(down.statusCode, down.body).toBe(200);
      expect(down.json()).toMatchObject({ status: 'closed', takenDownReason: 'Asks applicants for a fee.' });
    } finally {
      h.clock.reset();
    }
    expect((await call('POST', url, { reason: 'Asks applicants for a fee.' })).statusCode).toBe(409);
    expect(await titlesFor(boss.user.id)).toContain('Job taken down');
    expect((await as(h, boss)('PATCH', `/api/jobs/${job.id}`, { status: 'open' })).statusCode).toBe(403);

    const restored = await call('POST', `/api/admin/jobs/${job.id}/restore`, {
      reason: 'The employer removed the fee.',
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ status: 'closed', takenDownReason: null });
    expect(await titlesFor(boss.user.id)).toContain('Job restored');
    expect(await auditFor(job.id)).toEqual(['job.taken_down', 'job.restored']);
    expect((await call('POST', `/api/admin/jobs/${job.id}/restore`)).statusCode).toBe(409);
    const reopened = await as(h, boss)('PATCH', `/api/jobs/${job.id}`, { status: 'open' });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json().status).toBe('open');
  });
});
