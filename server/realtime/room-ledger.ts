import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { isResourceRoom } from './resource-rooms';
import type { RealtimeServer } from './realtime-server';

/** A process renews its "alive" key this often, and it lapses this long after the last renewal. */
const BEAT_MS = 5_000;
const ALIVE_MS = 15_000;
/** How long a reader trusts what it learnt of another process's key, or of a room unchanged since. */
const TRUST_MS = 5_000;
/** A room's hash outlives its last join by a day, so rooms nobody reads again do not pile up. */
const ROOM_KEEP_S = 86_400;
/** Where each join and leave names its room, so that every process drops what it knew of it. */
const CHANGES = 'realtime:room-changes';
/** One fewer socket; the entry goes at zero (in one step, so a join in between is not lost). */
const LEAVE = `if redis.call('hincrby', KEYS[1], ARGV[1], -1) <= 0 then redis.call('hdel', KEYS[1], ARGV[1]) end
redis.call('publish', ARGV[2], ARGV[3])`;
/**
 * A dead process's entries go only while its alive key is missing, checked in the same step: a
 * process back from a lapse sets its key before writing its entries again, so none of the new
 * ones is taken for the dead process's.
 */
const DROP_DEAD = `if redis.call('exists', KEYS[2]) == 0 then redis.call('hdel', KEYS[1], unpack(ARGV)) end`;

/**
 * Who has a resource room open on the other app processes, kept in Redis as sockets join and
 * leave. "Is the other member watching?" (asked on every chat send) is then one Redis read, not
 * a question every process must stop and answer: over the Redis adapter, `fetchSockets` is a
 * count of subscribers, a request, and each process's reply carrying every socket's handshake,
 * and in the two-process chat bench it took a tenth of each process and waited on the busiest.
 * A hash per room counts open sockets per process and user. Each process renews its own alive
 * key; a process that stopped without saying so counts for nobody once its key lapses, and its
 * entries are dropped when next read. What a process read of a room it keeps until a join or
 * leave there is published (or for TRUST_MS), so a busy conversation costs no read per send.
 */
export async function createRoomLedger(io: RealtimeServer, redis: Redis, log: FastifyBaseLogger) {
  const self = randomUUID();
  const nsp = io.of('/');
  const roomKey = (room: string) => `realtime:room:${room}`;
  const aliveKey = (processId: string) => `realtime:alive:${processId}`;
  const failed = (err: unknown) => log.error({ err }, 'room ledger update failed');
  /** Per socket in a resource room: the room, its user (gone from the socket by the time it leaves) and its entry's write. */
  const entries = new Map<string, { room: string; userId: string; written: Promise<unknown> }>();
  let closing = false;

  nsp.adapter.on('join-room', (room: string, sid: string) => {
    const userId = isResourceRoom(room) ? nsp.sockets.get(sid)?.data.userId : undefined;
    if (!userId) return;
    const written = redis
      .multi()
      .hincrby(roomKey(room), `${self} ${userId}`, 1)
      .expire(roomKey(room), ROOM_KEEP_S)
      .publish(CHANGES, room)
      .exec()
      .catch(failed);
    entries.set(`${room} ${sid}`, { room, userId, written });
  });
  nsp.adapter.on('leave-room', (room: string, sid: string) => {
    const entry = entries.get(`${room} ${sid}`);
    if (!entry) return;
    entries.delete(`${room} ${sid}`);
    // Shutting down: this process's alive key goes, and its entries with it.
    if (!closing) redis.eval(LEAVE, 1, roomKey(room), `${self} ${entry.userId}`, CHANGES, room).catch(failed);
  });

  /**
   * Writes this process's counts afresh from its own sockets. The alive key was missing: Redis
   * lost its data (a restart without persistence, a failover), or this process missed its
   * renewals long enough for the others to drop its entries as a dead process's. Counts are set,
   * not added, and go out before any later join or leave on the same connection.
   */
  async function rewrite() {
    const counts = new Map<string, number>();
    for (const { room, userId } of entries.values())
      counts.set(`${room} ${userId}`, (counts.get(`${room} ${userId}`) ?? 0) + 1);
    if (counts.size === 0) return;
    const write = redis.multi();
    for (const [key, n] of counts) {
      const at = key.lastIndexOf(' ');
      const [room, userId] = [key.slice(0, at), key.slice(at + 1)];
      write.hset(roomKey(room), `${self} ${userId}`, n).expire(roomKey(room), ROOM_KEEP_S).publish(CHANGES, room);
    }
    await write.exec();
  }

  /**
   * Renews the alive key; found missing (see rewrite), the entries are written again. A rewrite
   * that failed after the key was set is tried again at the next beat, which finds the key.
   */
  let rewriteDue = false;
  const beat = async () => {
    if (closing) return;
    try {
      if ((await redis.set(aliveKey(self), '1', 'PX', ALIVE_MS, 'GET')) === null) rewriteDue = true;
      if (rewriteDue) {
        await rewrite();
        rewriteDue = false;
      }
    } catch (err) {
      failed(err);
    }
  };
  await beat();
  const timer = setInterval(() => void beat(), BEAT_MS);
  timer.unref();
  // Back after a lost connection: Redis may have restarted empty.
  redis.on('ready', () => void beat());

  // Only a yes is kept: a process found dead has its entries dropped (DROP_DEAD), and one back
  // from a lapse must count again as soon as it has written them, not once a trust ran out.
  const knownAlive = new Map<string, number>();
  /** Counts the "a process stopped" messages: an answer read across one is not kept. */
  let stops = 0;
  async function alive(processId: string): Promise<boolean> {
    const at = performance.now();
    if ((knownAlive.get(processId) ?? 0) > at) return true;
    const before = stops;
    const answer = (await redis.exists(aliveKey(processId))) === 1;
    if (knownAlive.size > 100) for (const [id, until] of knownAlive) if (until <= at) knownAlive.delete(id);
    if (answer && stops === before) knownAlive.set(processId, at + TRUST_MS);
    else knownAlive.delete(processId);
    return answer;
  }

  // What this process read of each room, dropped as its joins and leaves are published. A read
  // that overlapped any change is not kept: the change's message may have come before its answer.
  const read = new Map<string, { users: Set<string>; until: number }>();
  let changesSeen = 0;
  const forget = (room?: string) => {
    changesSeen++;
    if (room === undefined) read.clear();
    else read.delete(room);
  };
  const changes = redis.duplicate({ enableAutoPipelining: false });
  changes.on('error', failed);
  // While not subscribed, messages are missed: nothing read is kept.
  changes.on('close', () => forget());
  // An empty room name: a process stopped, and what was known of its sockets and life is stale.
  changes.on('message', (_channel: string, room: string) => {
    if (room !== '') return forget(room);
    forget();
    stops++;
    knownAlive.clear();
  });
  await changes.subscribe(CHANGES);

  async function readElsewhere(room: string): Promise<Set<string>> {
    const users = new Set<string>();
    const dead = new Map<string, string[]>();
    for (const [field, count] of Object.entries(await redis.hgetall(roomKey(room)))) {
      const [processId, userId] = field.split(' ') as [string, string];
      if (processId === self || Number(count) <= 0) continue;
      if (await alive(processId)) users.add(userId);
      else dead.set(processId, [...(dead.get(processId) ?? []), field]);
    }
    for (const [processId, fields] of dead)
      redis.eval(DROP_DEAD, 2, roomKey(room), aliveKey(processId), ...fields).catch(failed);
    return users;
  }

  return {
    /** Once this socket's entry is in Redis: a join answers after the other processes can see it. */
    recorded: (room: string, sid: string): Promise<unknown> =>
      entries.get(`${room} ${sid}`)?.written ?? Promise.resolve(),

    /** The users with the room open on other live processes. */
    async usersElsewhere(room: string): Promise<Set<string>> {
      const at = performance.now();
      const kept = read.get(room);
      if (kept && kept.until > at) return kept.users;
      const before = changesSeen;
      const users = await readElsewhere(room);
      if (changesSeen === before && changes.status === 'ready') {
        if (read.size > 10_000) for (const [r, k] of read) if (k.until <= at) read.delete(r);
        read.set(room, { users, until: at + TRUST_MS });
      }
      return users;
    },

    async stop(): Promise<void> {
      closing = true;
      clearInterval(timer);
      await redis.del(aliveKey(self)).catch(failed);
      await redis.publish(CHANGES, '').catch(failed);
      await changes.quit().catch(failed);
    },
  };
}

export type RoomLedger = Awaited<ReturnType<typeof createRoomLedger>>;
