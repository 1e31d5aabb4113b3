import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import type pg from 'pg';
import { APP_URL, type Harness } from '#server/test/harness';

/**
 * Starts peer-app.ts as a second app process on the harness's PostgreSQL database and the
 * given Redis; answers its port and the function that stops it.
 */
export async function startPeerApp(h: Harness, redisUrl: string, flags: string[] = []) {
  const pool = (h.app.database.db as unknown as { $client: pg.Pool }).$client;
  const settings = { DATABASE_URL: pool.options.connectionString, REDIS_URL: redisUrl, APP_URL };
  const peer = spawn(
    process.execPath,
    ['--import', 'tsx', 'server/realtime/testing/peer-app.ts', JSON.stringify(settings), ...flags],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const [line] = (await once(createInterface({ input: peer.stdout! }), 'line')) as [string];
  return {
    port: (JSON.parse(line) as { port: number }).port,
    /** Freezes the process (SIGSTOP): alive to Redis, answering nothing, as one that hangs or is dying. */
    pause: () => peer.kill('SIGSTOP'),
    resume: () => peer.kill('SIGCONT'),
    async stop() {
      peer.stdin!.end();
      await once(peer, 'exit');
    },
  };
}
