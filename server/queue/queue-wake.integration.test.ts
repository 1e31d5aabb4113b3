import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { transaction } from '../db/transaction';
import { openTestDatabase } from '../test/test-db';
import { silentLog } from '../test/silent-log';
import { defineJob, UNHURRIED } from './define-job';
import { createQueue, type QueueService } from './queue.service';

/**
 * A working process polls an unhurried queue every 30 s (decision 087), yet a job it sends itself
 * starts at once after the commit, and a delayed one when it falls due. Each wait below is for the
 * handler's own signal, bounded by 5 s: far below the poll, so only the wake-up can pass them.
 */
const word = defineJob({ name: 'test.unhurried', schema: z.object({ word: z.string() }), latencySeconds: UNHURRIED });

describe('a working process wakes its own queues', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let jobs: QueueService;
  const waiting = new Map<string, () => void>();
  const ran: string[] = [];

  const runOf = (w: string) =>
    new Promise<number>((resolve, reject) => {
      const since = Date.now();
      const timer = setTimeout(() => reject(new Error(`${w} did not run within 5 s`)), 5_000);
      waiting.set(w, () => {
        clearTimeout(timer);
        resolve(Date.now() - since);
      });
    });

  beforeAll(async () => {
    database = await openTestDatabase();
    jobs = createQueue({ database, log: silentLog, now: () => new Date(), worker: true });
    jobs.handle(word, async (p) => {
      ran.push(p.word);
      waiting.get(p.word)?.();
    });
    await jobs.start();
  }, 60_000);

  afterAll(async () => {
    await jobs?.stop();
    await database?.drop();
  });

  it('runs a job sent in a committed transaction at once, not at the next poll', async () => {
    const run = runOf('now');
    await transaction(database.db, (tx) => jobs.send(tx, word, { word: 'now' }));
    await run;
    expect(ran).toContain('now');
  });

  it('runs a delayed job when it falls due', async () => {
    const run = runOf('soon');
    await jobs.send(database.db, word, { word: 'soon' }, { startAfter: new Date(Date.now() + 1_500) });
    expect(await run).toBeGreaterThanOrEqual(1_400);
  });

  it('wakes nothing for a transaction that rolled back', async () => {
    await expect(
      transaction(database.db, async (tx) => {
        await jobs.send(tx, word, { word: 'undone' });
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    const after = runOf('after');
    await jobs.send(database.db, word, { word: 'after' });
    await after;
    expect(ran).not.toContain('undone');
  });
});
