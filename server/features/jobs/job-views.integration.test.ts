import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, login, type Harness } from '#server/test/harness';
import { actor, as, type Actor } from '../courses/testing/course-fixtures';
import { jobViewsSeen } from './jobs.table';
import { employer, makeJob, seeker } from './testing/job-fixtures';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const DAY = 86_400_000;

const visit = (jobId: string, ip: string, userAgent = 'Mozilla/5.0 (Android 14) Chrome/126') =>
  h.app.inject({ method: 'GET', url: `/api/jobs/${jobId}`, remoteAddress: ip, headers: { 'user-agent': userAgent } });

async function viewsOf(boss: Actor, jobId: string): Promise<number> {
  const res = await as(h, boss)('GET', '/api/employer/jobs');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().jobs as Array<{ id: string; views: number }>).find((j) => j.id === jobId)!.views;
}

describe('job views', () => {
  it('counts each member and visitor once a day, never the employer or an admin, and forgets who viewed after the day', async () => {
    const boss = await employer(h);
    const job = await makeJob(h, boss);
    expect(await viewsOf(boss, job.id)).toBe(0);

    const reader = await seeker(h);
    const admin = await actor(h, 'admin');
    for (let i = 0; i < 3; i++) {
      expect((await as(h, reader)('GET', `/api/jobs/${job.id}`)).statusCode).toBe(200);
      expect((await as(h, boss)('GET', `/api/jobs/${job.id}`)).statusCode).toBe(200);
      expect((await as(h, admin)('GET', `/api/jobs/${job.id}`)).statusCode).toBe(200);
      expect((await visit(job.id, '102.89.1.1')).statusCode).toBe(200);
    }
    // Another visitor: another address, or the same address on another browser.
    await visit(job.id, '102.89.1.2');
    await visit(job.id, '102.89.1.1', 'Mozilla/5.0 (iPhone) Safari/604.1');
    expect(await viewsOf(boss, job.id)).toBe(4);

    // The page's own answer is unchanged: the count is the employer's alone.
    expect((await visit(job.id, '102.89.1.1')).json()).not.toHaveProperty('views');

    // The next day everyone counts again; the day before's keys are pruned by the daily job.
    h.clock.advance(DAY);
    // Sessions lapse over a day without use: sign in again.
    for (const who of [reader, boss]) who.cookie = await login(h, who.user.username);
    await as(h, reader)('GET', `/api/jobs/${job.id}`);
    await visit(job.id, '102.89.1.1');
    expect(await viewsOf(boss, job.id)).toBe(6);
    await h.services.jobBoard.pruneViews();
    const kept = await h.app.database.db.select().from(jobViewsSeen);
    expect(kept.every((r) => r.day === h.clock.now.toISOString().slice(0, 10))).toBe(true);
    expect(kept.filter((r) => r.jobId === job.id)).toHaveLength(2);
    // Nothing kept names the visitor's address.
    expect(JSON.stringify(kept)).not.toContain('102.89');
  });

  it('does not count a page that was refused: a draft for others, an unknown job, a member suspended from jobs', async () => {
    const boss = await employer(h);
    const open = await makeJob(h, boss);
    const suspended = await seeker(h);
    await h.services.accounts.suspend(suspended.user.id, { reason: 'Spam applications', restrictions: ['jobs'] });
    expect((await as(h, suspended)('GET', `/api/jobs/${open.id}`)).statusCode).toBe(403);
    expect(await viewsOf(boss, open.id)).toBe(0);
    const draft = await makeJob(h, boss, { status: 'draft' });
    expect((await visit(draft.id, '102.89.2.1')).statusCode).toBe(404);
    expect((await as(h, await seeker(h))('GET', `/api/jobs/${draft.id}`)).statusCode).toBe(404);
    expect((await visit('00000000-0000-4000-8000-000000000000', '102.89.2.1')).statusCode).toBe(404);
    expect(await viewsOf(boss, draft.id)).toBe(0);
  });
});
