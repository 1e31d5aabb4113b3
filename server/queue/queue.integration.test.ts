import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { transaction } from '../db/transaction';
import { createHarness, type Harness } from '../test/harness';
import { defineJob } from './define-job';
import { createQueue } from './queue.service';
import { silentLog } from '../test/silent-log';

const ran: string[] = [];
const echo = defineJob({ name: 'test.echo', schema: z.object({ word: z.string() }) });
const flaky = defineJob({
  name: 'test.flaky',
  schema: z.object({ word: z.string() }),
  retry: { limit: 2, delaySeconds: 30, backoff: false },
});
const reminder = defineJob({ name: 'test.reminder', schema: z.object({ sessionId: z.string() }), keyed: true });

describe('background jobs', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({
      jobs: (jobs) => {
        jobs.handle(echo, async ({ word }) => void ran.push(word));
        jobs.handle(flaky, async ({ word }) => {
          ran.push(`try ${word}`);
          throw new Error('the far end is down');
        });
        jobs.handle(reminder, async ({ sessionId }) => void ran.push(`remind ${sessionId}`));
      },
    });
  });
  afterAll(() => h?.close());

  it('runs a job sent in a committed transaction', async () => {
    await transaction(h.app.database.db, async (tx) => {
      await tx.execute(sql`select 1`);
      await h.services.jobs.send(tx, echo, { word: 'committed' });
    });
    await h.jobs.runDue();
    expect(ran).toContain('committed');
  });

  it('never runs a job whose transaction rolled back', async () => {
    await expect(
      transaction(h.app.database.db, async (tx) => {
        await h.services.jobs.send(tx, echo, { word: 'rolled back' });
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    h.clock.advance(60 * 60_000);
    await h.jobs.runDue();
    expect(ran).not.toContain('rolled back');
  });

  it('waits for its run-at time on the test clock', async () => {
    await h.services.jobs.send(
      h.app.database.db,
      echo,
      { word: 'later' },
      { startAfter: new Date(h.clock.now.getTime() + 60_000) },
    );
    await h.jobs.runDue();
    expect(ran).not.toContain('later');
    h.clock.advance(60_000);
    await h.jobs.runDue();
    expect(ran).toContain('later');
  });

  it('retries a failing job after its delay, then lists it as dead', async () => {
    await h.services.jobs.send(h.app.database.db, flaky, { word: 'x' });
    await h.jobs.runDue();
    expect(ran.filter((r) => r === 'try x')).toHaveLength(1);
    // The retry waits its 30 s delay.
    h.clock.advance(29_000);
    await h.jobs.runDue();
    expect(ran.filter((r) => r === 'try x')).toHaveLength(1);
    h.clock.advance(1_000);
    await h.jobs.runDue();
    h.clock.advance(30_000);
    await h.jobs.runDue();
    expect(ran.filter((r) => r === 'try x')).toHaveLength(3);
    h.clock.advance(60 * 60_000);
    await h.jobs.runDue();
    expect(ran.filter((r) => r === 'try x')).toHaveLength(3);
    const dead = await h.services.jobs.dead();
    expect(dead.find((d) => d.name === flaky.name)).toMatchObject({
      payload: { word: 'x' },
      attempts: 3,
      error: { message: 'the far end is down' },
    });
  });

  it('fails a job whose payload does not fit its schema, and keeps working', async () => {
    const boss = h.services.jobs;
    // A payload written by an older version of the code, say: straight into the queue.
    await h.app.database.db.execute(
      sql`insert into pgboss.job (name, data, retry_limit, start_after) values (${echo.name}, ${JSON.stringify({ wrong: 1 })}::jsonb, 0, now() - interval '1 minute')`,
    );
    await boss.send(h.app.database.db, echo, { word: 'after the bad one' });
    await h.jobs.runDue();
    expect(ran).toContain('after the bad one');
    const dead = await boss.dead();
    expect(dead.find((d) => d.name === echo.name)?.error).toMatchObject({
      message: expect.stringContaining('bad payload for test.echo'),
    });
  });

  it('keeps one waiting job per singleton key, and cancels it by key', async () => {
    const jobs = h.services.jobs;
    const at = new Date(h.clock.now.getTime() + 24 * 60 * 60_000);
    const first = await jobs.send(
      h.app.database.db,
      reminder,
      { sessionId: 's1' },
      { singletonKey: 'session:s1:reminder-24h', startAfter: at },
    );
    const second = await jobs.send(
      h.app.database.db,
      reminder,
      { sessionId: 's1' },
      { singletonKey: 'session:s1:reminder-24h', startAfter: at },
    );
    await jobs.send(
      h.app.database.db,
      reminder,
      { sessionId: 's2' },
      { singletonKey: 'session:s2:reminder-24h', startAfter: at },
    );
    expect(first).toEqual(expect.any(String));
    expect(second).toBeNull();
    await transaction(h.app.database.db, (tx) => jobs.cancel(tx, reminder, 'session:s1:reminder-24h'));
    h.clock.advance(24 * 60 * 60_000);
    await h.jobs.runDue();
    expect(ran.filter((r) => r.startsWith('remind'))).toEqual(['remind s2']);
  });
  it('a later start on the same database updates a queue whose retries changed and rewrites nothing else', async () => {
    const limits = async () =>
      (
        await h.app.database.db.execute<{ name: string; retry_limit: number; updated_on: Date }>(
          sql`select name, retry_limit, updated_on from pgboss.queue where name in ('test.echo', 'test.flaky') order by name`,
        )
      ).rows.map((r) => ({ name: r.name, limit: r.retry_limit, updated: new Date(r.updated_on).getTime() }));
    const before = await limits();
    const again = createQueue({ database: h.app.database, log: silentLog, now: () => h.clock.now, worker: false });
    const stricter = defineJob({ ...flaky, retry: { limit: 5, delaySeconds: 30, backoff: false } });
    again.handle(echo, async () => undefined);
    again.handle(stricter, async () => undefined);
    await again.start();
    const after = await limits();
    await again.stop();
    expect(after.map((q) => [q.name, q.limit])).toEqual([
      ['test.echo', before[0]!.limit],
      ['test.flaky', 5],
    ]);
    // The unchanged queue was not written to (pg-boss stamps each update).
    expect(after[0]!.updated).toBe(before[0]!.updated);
  });
});
