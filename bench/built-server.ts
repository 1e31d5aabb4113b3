import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { cpus } from 'node:os';
import { freePort } from '../deploy/cluster/cluster';
import { pinned } from './load';

export interface StartedProcess {
  port: number;
  base: string;
  pid: number;
  /** SIGTERM, resolved when the process has exited. */
  stop(): Promise<void>;
}

function stopper(child: ChildProcess) {
  return () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
}

/** Polls `url` until it answers 2xx; fails if the child stops first. */
async function ready(child: ChildProcess, url: string, what: string, pollMs = 100) {
  for (let i = 0; i < 60_000 / pollMs; i++) {
    if (child.exitCode !== null) throw new Error(`${what} stopped before it was ready`);
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, pollMs));
  }
  throw new Error(`${what} was not ready within 60 s`);
}

/**
 * The app as `npm start` runs it: `node --enable-source-maps dist/server/main.js`, its logs (at
 * `logLevel`, on stdout as in production) written to `logFile`, on core 0.
 */
export async function startBuiltServer(
  dataDir: string,
  logFile: string,
  logLevel: 'info' | 'warn' = 'info',
  /**
   * The start-up bench: readiness asked often, to time the start closely, and the process on
   * every core, as an operator starts it (its background compiling and file reads use threads).
   */
  startup?: { pollMs: number },
): Promise<StartedProcess> {
  const port = await freePort();
  const node = [process.execPath, ['--enable-source-maps', 'dist/server/main.js']] as const;
  // The bench pins itself to core 0, and a child inherits that: the start-up asks for every core
  // (by `cpus()`: `availableParallelism()` counts only the cores this pinned process may use).
  const [command, args] = pinned(startup ? `0-${cpus().length - 1}` : 0, node[0], [...node[1]]);
  const child = spawn(command, args, {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: logLevel },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = createWriteStream(logFile);
  child.stdout!.pipe(out);
  child.stderr!.pipe(out);
  const base = `http://127.0.0.1:${port}`;
  await ready(child, `${base}/api/health/ready`, `the server (see ${logFile})`, startup?.pollMs);
  return { port, base, pid: child.pid!, stop: stopper(child) };
}

/** Plain node:http answering `body` as JSON, in a process of its own on core 0: the yardstick. */
export async function startRawProcess(body: string): Promise<StartedProcess> {
  const port = await freePort();
  const source = `require('node:http').createServer((q, s) => { s.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(process.env.BODY) }); s.end(process.env.BODY); }).listen(${port}, '127.0.0.1');`;
  const [command, args] = pinned(0, process.execPath, ['-e', source]);
  const child = spawn(command, args, { env: { ...process.env, BODY: body }, stdio: 'ignore' });
  const base = `http://127.0.0.1:${port}`;
  await ready(child, base, 'the raw node:http server');
  return { port, base, pid: child.pid!, stop: stopper(child) };
}
