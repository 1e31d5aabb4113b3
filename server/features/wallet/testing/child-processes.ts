import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The test's side of the kill -9 tests' child apps (child-app.ts): starts one, waits for its
 * `ready`, and stops every one it started when the test is done.
 */
export function childApps() {
  const started: ChildProcess[] = [];

  async function stop(child: ChildProcess) {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await once(child, 'exit');
  }

  return {
    /** `script` (a path from the repository's root) with its arguments, under tsx, once it prints `ready`. */
    async start(script: string, args: string[]): Promise<ChildProcess> {
      const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      started.push(child);
      // Other output (a library's blank line) may come first: what counts is `ready` before the exit.
      const exited = once(child, 'exit').then(() => {
        throw new Error(`${script} exited before it was ready`);
      });
      const ready = (async () => {
        for await (const line of createInterface({ input: child.stdout! })) if (line === 'ready') return;
      })();
      await Promise.race([ready, exited]);
      // Closing the line reader pauses the pipe: keep draining it so the child never blocks on a write.
      child.stdout!.resume();
      return child;
    },
    stop,
    stopAll: () => Promise.all(started.map(stop)),
  };
}

/**
 * Polls `check` every 50 ms until it holds. Generous: CI runs these tests niced beside the browser
 * tests, and a loaded machine slows the child app fourfold.
 */
export async function until(check: () => Promise<boolean>, what: string, seconds = 180): Promise<void> {
  const end = Date.now() + seconds * 1_000;
  while (Date.now() < end) {
    if (await check()) return;
    await sleep(50);
  }
  throw new Error(`not within ${seconds} s: ${what}`);
}
