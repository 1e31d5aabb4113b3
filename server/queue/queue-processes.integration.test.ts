import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../test/harness';
import { openTestDatabase } from '../test/test-db';
import { createQueue, type QueueService } from './queue.service';
import { recordJob, slowJob } from './testing/record-jobs';

type TestDatabase = Awaited<ReturnType<typeof openTestDatabase>>;

/**
 * Worker processes on one PostgreSQL database: real processes (tsx), killed for real. They poll
 * every half second, so the waits below are bounded loops on the database, seconds long.
 */
describe.skipIf(!onPostgres)('background jobs across worker processes', () => {
  let database: TestDatabase;
  let jobs: QueueService;
  const workers: ChildProcess[] = [];

  async function startWorker(mode: 'record' | 'hang'): Promise<ChildProcess> {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'server/queue/testing/worker-process.ts', database.url!, mode],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    workers.push(child);
    const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
    expect(line).toBe('ready');
    return child;
  }

  async function stopWorker(child: ChildProcess) {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await once(child, 'exit');
  }

  const runs = async (kind: string) =>
    (
      await database.db.execute<{ job_id: string; pid: number }>(
        sql`select job_id, pid from job_runs where kind = ${kind}`,
      )
    ).rows;

  async function until(check: () => Promise<boolean>, what: string, seconds = 30) {
    for (let i = 0; i < seconds * 10; i++) {
      if (await check()) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`not within ${seconds} s: ${what}`);
  }

  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db.execute(sql`create table job_runs (job_id uuid not null, kind text not null, pid int not null)`);
    // The sending side, as an app process with JOBS_WORKER=false: it creates the queues, works nothing.
    const silent = {
      error() {},
      warn() {},
      info() {},
      debug() {},
      trace() {},
      fatal() {},
      child: () => silent,
      level: 'silent',
    } as never;
    jobs = createQueue({ database, log: silent, now: () => new Date(), worker: false });
    jobs.handle(recordJob, async () => undefined);
    jobs.handle(slowJob, async () => undefined);
    await jobs.start();
  }, 60_000);

  afterAll(async () => {
    await Promise.all(workers.map(stopWorker));
    await jobs?.stop();
    await database?.drop();
  });

  it('runs each of 200 jobs exactly once with two workers taking them at the same time', async () => {
    const [a, b] = await Promise.all([startWorker('record'), startWorker('record')]);
    // Stopped whatever happens, so a failure here cannot leave a worker to take the next test's job.
    try {
      await jobs.sendMany(
        database.db,
        recordJob,
        Array.from({ length: 200 }, (_, n) => ({ n })),
      );
      await until(async () => (await runs('record')).length >= 200, '200 jobs run');
      // A duplicate would arrive just after the 200th: give it a moment to show.
      await new Promise((r) => setTimeout(r, 1_000));
      const rows = await runs('record');
      expect(rows).toHaveLength(200);
      expect(new Set(rows.map((r) => r.job_id)).size).toBe(200);
      // Both took a share: this was a race between two processes, not one doing everything.
      expect(new Set(rows.map((r) => r.pid))).toEqual(new Set([a.pid, b.pid]));
    } finally {
      await Promise.all([stopWorker(a), stopWorker(b)]);
    }
  }, 90_000);

  it('gives a job to another worker after the one running it is killed with -9', async () => {
    const first = await startWorker('hang');
    const id = await jobs.send(database.db, slowJob, {});
    await until(async () => (await runs('slow started')).length === 1, 'the first worker starts the job');
    first.kill('SIGKILL');
    await once(first, 'exit');
    const second = await startWorker('record');
    await until(async () => (await runs('slow done')).length === 1, 'the second worker runs the job');
    const [done] = await runs('slow done');
    expect(done).toMatchObject({ job_id: id, pid: second.pid });
    await stopWorker(second);
  }, 90_000);
});
