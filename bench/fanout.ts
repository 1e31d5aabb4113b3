import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { RealtimeService } from '#server/realtime/realtime.service';
import { pinned } from './load';

export interface FanOutResult {
  clients: number;
  connected: number;
  sent: number;
  deliveredPct: number;
  p50: number;
  p99: number;
  max: number;
}

const clientScript = fileURLToPath(new URL('./fanout-clients.ts', import.meta.url));

/**
 * `cookies.length` socket.io clients in a child process on `core`; `perSecond` broadcasts for
 * `seconds` through the realtime service's emitToAll, each carrying its send time.
 */
export async function fanOut(
  realtime: RealtimeService,
  opts: { url: string; origin: string; cookies: string[]; perSecond: number; seconds: number; core: number },
): Promise<FanOutResult> {
  const [command, args] = pinned(opts.core, process.execPath, ['--import', 'tsx', clientScript]);
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! });
  const next = () =>
    new Promise<Record<string, number>>((resolve) => lines.once('line', (l) => resolve(JSON.parse(l))));
  child.stdin!.write(`${JSON.stringify({ url: opts.url, origin: opts.origin, cookies: opts.cookies })}\n`);
  const { connected } = await next();

  const total = opts.perSecond * opts.seconds;
  const interval = 1_000 / opts.perSecond;
  const start = performance.now();
  for (let i = 0; i < total; i++) {
    // On schedule, not drifting: each send waits for its own slot.
    const wait = start + i * interval - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const sentAt = performance.timeOrigin + performance.now();
    realtime.emitToAll('notification:new', {
      id: String(i),
      resourceId: String(i),
      type: 'system_update',
      title: 'Bench',
      message: String(sentAt),
      isRead: false,
      createdAt: new Date().toISOString(),
      link: null,
    });
  }
  // Stragglers get two seconds; anything later counts as lost.
  await new Promise((r) => setTimeout(r, 2_000));
  child.stdin!.write('done\n');
  const r = await next();
  await new Promise((resolve) => child.on('exit', resolve));
  return {
    clients: opts.cookies.length,
    connected: connected ?? 0,
    sent: total,
    deliveredPct: (100 * (r.received ?? 0)) / (total * opts.cookies.length),
    p50: r.p50 ?? NaN,
    p99: r.p99 ?? NaN,
    max: r.max ?? NaN,
  };
}
