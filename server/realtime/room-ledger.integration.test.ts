import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { testRedisUrl } from '../test/harness';
import type { RealtimeServer } from './realtime-server';
import { createRoomLedger, type RoomLedger } from './room-ledger';
import { eventually } from './testing/eventually';

const log = { error: () => undefined } as unknown as FastifyBaseLogger;
const clients: Redis[] = [];
const ledgers: RoomLedger[] = [];
afterAll(async () => {
  await Promise.all(ledgers.map((l) => l.stop()));
  clients.forEach((c) => c.disconnect());
});

/** A process as the ledger sees it: the adapter's join and leave events, and its sockets' users. */
async function processWith(users: Record<string, string>) {
  const adapter = new EventEmitter();
  const sockets = new Map(Object.entries(users).map(([sid, userId]) => [sid, { data: { userId } }]));
  const io = { of: () => ({ adapter, sockets }) } as unknown as RealtimeServer;
  const redis = new Redis(testRedisUrl!);
  clients.push(redis);
  const ledger = await createRoomLedger(io, redis, log);
  ledgers.push(ledger);
  return { adapter, redis, ledger };
}

describe.skipIf(!testRedisUrl)('the room ledger', () => {
  it("tells each process who has a room open on the others, and writes a process's entries again when Redis lost them", async () => {
    const room = `chat:${crypto.randomUUID()}`;
    const a = await processWith({});
    const b = await processWith({ s1: 'u1', s2: 'u1', s3: 'u2' });
    const seenByA = async () => [...(await a.ledger.usersElsewhere(room))].sort().join(',');

    expect(await seenByA()).toBe('');
    b.adapter.emit('join-room', room, 's1');
    b.adapter.emit('join-room', room, 's2');
    b.adapter.emit('join-room', room, 's3');
    b.adapter.emit('join-room', 'user:u1', 's1');
    await b.ledger.recorded(room, 's3');
    await eventually(async () => (await seenByA()) === 'u1,u2');
    expect(await b.ledger.usersElsewhere(room)).toEqual(new Set());
    expect(await a.redis.exists('realtime:room:user:u1')).toBe(0);

    // One of u1's two sockets leaves: u1 still has it open. u2's leaves: u2 is gone.
    b.adapter.emit('leave-room', room, 's1');
    b.adapter.emit('leave-room', room, 's3');
    await eventually(async () => (await seenByA()) === 'u1');

    // Redis restarted empty: the others see nobody until B, back on its connection, writes its entries again.
    // Only B's keys go: other test files' app processes share this Redis.
    const [bEntry] = Object.keys(await a.redis.hgetall(`realtime:room:${room}`)) as [string];
    await a.redis.del(`realtime:room:${room}`, `realtime:alive:${bEntry.split(' ')[0]}`);
    await a.redis.publish('realtime:room-changes', room);
    await eventually(async () => (await seenByA()) === '');
    b.redis.emit('ready');
    await eventually(async () => (await seenByA()) === 'u1');
    expect(Object.values(await a.redis.hgetall(`realtime:room:${room}`))).toEqual(['1']);

    // A process found dead loses its entries; back with its key and entries, it counts at once.
    const ghost = `ghost-${crypto.randomUUID()}`;
    await a.redis.hset(`realtime:room:${room}`, `${ghost} u9`, 1);
    await a.redis.publish('realtime:room-changes', room);
    await eventually(
      async () => (await seenByA()) === 'u1' && !(await a.redis.hexists(`realtime:room:${room}`, `${ghost} u9`)),
    );
    await a.redis.set(`realtime:alive:${ghost}`, '1', 'PX', 15_000);
    await a.redis.hset(`realtime:room:${room}`, `${ghost} u9`, 1);
    await a.redis.publish('realtime:room-changes', room);
    await eventually(async () => (await seenByA()) === 'u1,u9');
    await a.redis.del(`realtime:alive:${ghost}`);
    await a.redis.hdel(`realtime:room:${room}`, `${ghost} u9`);
    await a.redis.publish('realtime:room-changes', room);

    // B stops: it counts for nobody at once, not once its alive key would have lapsed.
    await b.ledger.stop();
    await eventually(async () => (await seenByA()) === '');
  });
});
