import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { PlatformServices } from '#server/app';
import type { TUser } from '#shared/accounts/accounts.schemas';
import { chatRoom } from '#shared/chat/chat.realtime';
import { chatRepo } from '#server/features/chat/chat.repo';
import { pinned } from './load';
import { seedMembers } from './seed';
import type { SqlCounter } from './sql-counter';

export interface ChatBenchOptions {
  conversations: number;
  /** Messages a second in each conversation. */
  perSecond: number;
  seconds: number;
  core: number;
  /**
   * A second app process sharing the database and Redis: each conversation's second member's
   * socket connects there, so every message reaches one of its two sockets through the Redis
   * adapter. Without it, every socket is on `base`.
   */
  peerBase?: string;
}

export interface ChatBenchResult {
  sockets: number;
  joined: number;
  sent: number;
  failed: number;
  /** Sends not started because MAX_IN_FLIGHT were already waiting: the server was behind. */
  skipped: number;
  /** Sends still waiting DRAIN_MS after the schedule ended. */
  unfinished: number;
  /** Sends the server completed per second, against the schedule's rate. */
  achievedPerSecond: number;
  deliveredPct: number;
  p50: number;
  p99: number;
  /** Completed sends per SQL statement sent while the schedule ran (background work included): group commit's batch size. */
  sendsPerStatement: number;
}

const clientScript = fileURLToPath(new URL('./chat-clients.ts', import.meta.url));
/**
 * A server that cannot keep up would otherwise gather every send of the run in memory and take
 * hours to drain: past this many waiting, a scheduled send is skipped (and counts as not
 * delivered), and sends still waiting this long after the schedule count as not delivered too.
 */
const MAX_IN_FLIGHT = 2_000;
const DRAIN_MS = 30_000;
/**
 * The same schedule runs this long before the measured seconds, and its messages are not
 * counted: a fresh process compiles its hot paths and opens its connections in the first
 * second (p99 over 100 ms there in every run), which no long-running server pays again.
 */
const WARM_UP_SECONDS = 2;
const WARM_UP = 'w';

/**
 * Chat under load (issue 12): `conversations` pairs of members, each member's socket in its
 * conversation's room in a child process on `core`, and `perSecond` messages a second in every
 * conversation for `seconds`, sent through the chat service (its transaction, row lock and
 * after-commit emit, without HTTP), after WARM_UP_SECONDS of the same. Each message's body is its
 * send time: delivery is measured from the call to send until the other member's socket has it.
 */
export async function chatBench(
  app: FastifyInstance,
  services: Pick<PlatformServices, 'chat'>,
  base: string,
  counter: SqlCounter,
  opts: ChatBenchOptions,
): Promise<ChatBenchResult> {
  const db = app.database.db;
  const { ids, cookies } = await seedMembers(db, opts.conversations * 2, `bench-chat-${Date.now()}-`);
  const members: Array<{ cookie: string; room: string; url: string }> = [];
  const senders: Array<{ user: TUser; conversationId: string }> = [];
  for (let i = 0; i < opts.conversations; i++) {
    const [a, b] = [ids[2 * i]!, ids[2 * i + 1]!];
    const conversation = (await chatRepo.insertConversation(db, a, b, undefined))!;
    const room = chatRoom(conversation.id);
    members.push(
      { cookie: cookies[2 * i]!, room, url: base },
      { cookie: cookies[2 * i + 1]!, room, url: opts.peerBase ?? base },
    );
    // Alternate senders, so each member both sends and receives.
    for (const id of [a, b])
      senders.push({
        user: { id, role: 'general', fullName: 'Bench', suspended: false, restrictions: [] } as unknown as TUser,
        conversationId: conversation.id,
      });
  }

  const [command, args] = pinned(opts.core, process.execPath, ['--import', 'tsx', clientScript]);
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! });
  const next = () =>
    new Promise<Record<string, number>>((resolve) => lines.once('line', (l) => resolve(JSON.parse(l))));
  child.stdin!.write(`${JSON.stringify({ members, warmUp: WARM_UP })}\n`);
  const { joined } = await next();

  const interval = 1_000 / (opts.conversations * opts.perSecond);
  let failed = 0;
  let skipped = 0;
  let completed = 0;
  const inFlight = new Set<Promise<unknown>>();
  /** Sends `count` on the schedule from now on; a warm-up send's body says so, and nobody counts it. */
  async function schedule(count: number, warmUp: boolean) {
    const start = performance.now();
    for (let i = 0; i < count; i++) {
      const wait = start + i * interval - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      if (inFlight.size >= MAX_IN_FLIGHT) {
        if (!warmUp) skipped++;
        continue;
      }
      const who = senders[i % senders.length]!;
      const sentAt = performance.timeOrigin + performance.now();
      const p = services.chat.send(who.user, who.conversationId, { body: `${warmUp ? WARM_UP : ''}${sentAt}` }).then(
        () => !warmUp && completed++,
        () => !warmUp && failed++,
      );
      inFlight.add(p);
      void p.finally(() => inFlight.delete(p));
    }
  }

  await schedule(Math.round(WARM_UP_SECONDS * opts.conversations * opts.perSecond), true);
  const total = opts.conversations * opts.perSecond * opts.seconds;
  counter.reset();
  const start = performance.now();
  await schedule(total, false);
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([Promise.all(inFlight), new Promise((r) => (timer = setTimeout(r, DRAIN_MS)))]);
  clearTimeout(timer);
  const unfinished = inFlight.size;
  const statements = counter.count;
  const elapsed = (performance.now() - start) / 1_000;
  // Stragglers get two seconds; anything later counts as lost.
  await new Promise((r) => setTimeout(r, 2_000));
  child.stdin!.write('done\n');
  const r = await next();
  await new Promise((resolve) => child.on('exit', resolve));
  return {
    sockets: members.length,
    joined: joined ?? 0,
    sent: total,
    failed,
    skipped,
    unfinished,
    achievedPerSecond: completed / elapsed,
    // Both members' sockets are in the room, so each message is received twice. Skipped and
    // unfinished sends count as not delivered.
    deliveredPct: (100 * (r.received ?? 0)) / Math.max(2 * (total - failed), 1),
    p50: r.p50 ?? NaN,
    p99: r.p99 ?? NaN,
    sendsPerStatement: completed / Math.max(statements, 1),
  };
}
