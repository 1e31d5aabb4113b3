import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '#server/test/harness';
import { as } from '../courses/testing/course-fixtures';
import { notifications } from '../notifications/notifications.table';
import { employer, makeJob, seeker } from './testing/job-fixtures';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const HOUR = 3_600_000;
const alertsOf = async (userId: string) =>
  (await h.app.database.db.select().from(notifications).where(eq(notifications.userId, userId))).filter((n) =>
    n.title.includes('for your search'),
  );

describe('saved searches', () => {
  it('alerts in the app once per new matching job, from the saved query string', async () => {
    const boss = await employer(h);
    const who = await seeker(h);
    const word = `Cassava${Date.now()}`;
    const saved = await as(h, who)('POST', '/api/user/saved-searches', {
      query: `?q=${word}&workplace=remote&page=3&sort=salary`,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json()).toMatchObject({ name: word, query: `q=${word}&workplace=remote`, emailDigest: true });

    h.clock.advance(1000);
    await makeJob(h, boss, { title: `Remote ${word} analyst`, workplace: 'remote' });
    await makeJob(h, boss, { title: `Onsite ${word} analyst`, workplace: 'onsite' });
    await h.jobs.runDue();
    const first = await alertsOf(who.user.id);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ title: 'A new job for your search', link: `/jobs?q=${word}&workplace=remote` });
    expect(first[0]!.message).toContain(`Remote ${word} analyst`);

    // Another sweep sends nothing again; a second matching job is one more alert.
    await h.services.jobAlerts.sweep();
    expect(await alertsOf(who.user.id)).toHaveLength(1);
    h.clock.advance(1000);
    await makeJob(h, boss, { title: `Remote ${word} engineer`, workplace: 'remote' });
    await h.jobs.runDue();
    expect(await alertsOf(who.user.id)).toHaveLength(2);

    expect((await as(h, who)('GET', '/api/user/saved-searches')).json().searches).toHaveLength(1);
    expect((await as(h, await seeker(h))('DELETE', `/api/user/saved-searches/${saved.json().id}`)).statusCode).toBe(
      404,
    );
    expect((await as(h, who)('DELETE', `/api/user/saved-searches/${saved.json().id}`)).statusCode).toBe(204);
  });

  it('mails a daily digest at most once a day, with a one-click unsubscribe', async () => {
    const boss = await employer(h);
    const who = await seeker(h);
    const word = `Yam${Date.now()}`;
    await as(h, who)('POST', '/api/user/saved-searches', { query: `q=${word}` });
    h.clock.advance(1000);
    await makeJob(h, boss, { title: `${word} farm manager` });
    await h.services.jobAlerts.digest();
    await h.jobs.runDue();
    const mails = () => h.smtp.mails.filter((m) => m.to.includes(who.user.email) && m.text.includes(word));
    await expect.poll(() => mails().length).toBe(1);
    expect(mails()[0]!.text).toContain(`${word} farm manager`);

    // A second digest the same day sends nothing, even with a new job.
    h.clock.advance(1000);
    await makeJob(h, boss, { title: `${word} driver` });
    await h.services.jobAlerts.digest();
    await h.jobs.runDue();
    expect(mails()).toHaveLength(1);

    const link = /\/api\/saved-searches\/unsubscribe\?token=[\w-]+/.exec(mails()[0]!.text)![0];
    const res = await as(h, null)('GET', link);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/jobs/seeker?digest=stopped');
    expect((await as(h, who)('GET', '/api/user/saved-searches')).json().searches[0].emailDigest).toBe(false);
    h.clock.advance(24 * HOUR);
    await h.services.jobAlerts.digest();
    await h.jobs.runDue();
    expect(mails()).toHaveLength(1);
  });
});
