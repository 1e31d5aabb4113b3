import { sql } from 'drizzle-orm';
import { openDatabase } from '#server/db/client';
import { createQueue } from '../queue.service';
import { recordJob, slowJob } from './record-jobs';

/**
 * A worker process for the cross-process tests: `tsx worker-process.ts <postgres url> <record|hang>`.
 * It takes the test jobs with the app's own jobs service, polling and supervising every second
 * rather than pg-boss's minute so the tests last seconds. Prints `ready` once it takes jobs.
 */
const [url, mode] = process.argv.slice(2) as [string, 'record' | 'hang'];
const database = await openDatabase({ url });
const log = {
  error: (obj: unknown, msg: string) => console.error(msg, obj),
  warn() {},
  info() {},
  debug() {},
  trace() {},
  fatal() {},
  child: () => log,
  level: 'error',
} as never;
const jobs = createQueue({
  database,
  log,
  now: () => new Date(),
  worker: true,
  tuning: { superviseIntervalSeconds: 1, monitorIntervalSeconds: 1, pollingIntervalSeconds: 0.5 },
});
const record = (jobId: string, kind: string) =>
  database.db.execute(sql`insert into job_runs (job_id, kind, pid) values (${jobId}, ${kind}, ${process.pid})`);
// Each recorded job holds its worker 20 ms, so one worker cannot drain all 200 before the other's next poll.
jobs.handle(recordJob, async (_payload, job) => {
  await record(job.id, 'record');
  await new Promise((r) => setTimeout(r, 20));
});
jobs.handle(slowJob, async (_payload, job) => {
  await record(job.id, mode === 'hang' ? 'slow started' : 'slow done');
  if (mode === 'hang') await new Promise(() => undefined);
});
await jobs.start();
process.stdout.write('ready\n');
process.on(
  'SIGTERM',
  () =>
    void jobs
      .stop()
      .then(() => database.close())
      .then(() => process.exit(0)),
);
