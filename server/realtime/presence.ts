import type { FastifyBaseLogger } from 'fastify';
import { presenceChanged, type TSignalPayload } from '#shared/realtime/signals';
import { isResourceRoom } from './resource-rooms';
import { isClosing, roomLedgerOf, rooms, type AppSocket, type RealtimeServer } from './realtime-server';

export interface LastSeenStore {
  lastSeen(userId: string): Promise<Date | null>;
  setLastSeen(userId: string, at: Date): Promise<void>;
}

/**
 * Presence without a registry of its own: a user is online while some socket of any process is
 * in `user:<id>`, which the adapter answers across processes (`fetchSockets` over Redis). A
 * process that dies takes its sockets with it, so nobody stays online forever. The moment the
 * last socket closes is written to users.last_seen_at, which outlives restarts. Who has a
 * resource room open (asked on every chat send) comes from this process's adapter and, over
 * Redis, the room ledger of the others (room-ledger.ts).
 */
export function createPresence(io: RealtimeServer, store: LastSeenStore, now: () => Date, log: FastifyBaseLogger) {
  // Once closing, Redis is about to go (its clients quit on close): a question or an event then,
  // from work begun before, stays in this process instead of failing as an unhandled rejection.
  const reach = () => (isClosing(io) ? io.local : io);
  /**
   * Every process's sockets in the room. A process that dies while the question is out never
   * answers, and the adapter gives up after its timeout: the answer is then this process's own
   * sockets. Presence is a hint (a notice sent to someone who was online after all), never a
   * reason to fail the chat send that asked.
   */
  const socketsIn = async (room: string | string[]) => {
    try {
      return await reach().in(room).fetchSockets();
    } catch (err) {
      log.warn({ err }, 'presence: another process did not answer; answering from this one');
      return io.local.in(room).fetchSockets();
    }
  };
  const userIdsIn = async (room: string | string[]) => new Set((await socketsIn(room)).map((s) => s.data.userId));
  const nsp = io.of('/');
  const ledger = roomLedgerOf(io);
  /** This process's users in a room, straight from the adapter's own map. */
  function usersHere(room: string): Set<string> {
    const ids = new Set<string>();
    for (const sid of nsp.adapter.rooms.get(room) ?? []) {
      const id = nsp.sockets.get(sid)?.data.userId;
      if (id) ids.add(id);
    }
    return ids;
  }
  /** A resource room's users on every process: here, and the others' from the ledger. */
  async function usersInRoom(room: string): Promise<Set<string>> {
    const ids = usersHere(room);
    if (ledger && !isClosing(io)) for (const id of await ledger.usersElsewhere(room)) ids.add(id);
    return ids;
  }

  const presence = {
    async isOnline(userId: string): Promise<boolean> {
      return (await socketsIn(rooms.user(userId))).length > 0;
    },
    /** Which of these users are online, in one question to every process (a contact list). */
    async onlineAmong(userIds: string[]): Promise<Set<string>> {
      if (userIds.length === 0) return new Set();
      const asked = new Set(userIds);
      return new Set([...(await userIdsIn(userIds.map(rooms.user)))].filter((id) => asked.has(id)));
    },
    /** When the user's last connection closed; null if never seen. */
    lastSeen: (userId: string): Promise<Date | null> => store.lastSeen(userId),
    async status(userId: string): Promise<{ online: boolean; lastSeenAt: Date | null }> {
      const [online, lastSeenAt] = await Promise.all([presence.isOnline(userId), store.lastSeen(userId)]);
      return { online, lastSeenAt };
    },
    /** The users with this resource room open (a socket in it), on any process. */
    onlineIn: async (room: string): Promise<string[]> => [...(await usersInRoom(room))],
    /**
     * Whether someone other than `userId` has the resource room open. This process's own sockets
     * answer first; only a no reads the ledger of the others (one Redis read, room-ledger.ts).
     */
    async othersIn(room: string, userId: string): Promise<boolean> {
      for (const id of usersHere(room)) if (id !== userId) return true;
      if (!ledger || isClosing(io)) return false;
      for (const id of await ledger.usersElsewhere(room)) if (id !== userId) return true;
      return false;
    },
    /** Once the socket's place in the room is known to the other processes. */
    recorded: (room: string, socket: AppSocket): Promise<unknown> =>
      ledger?.recorded(room, socket.id) ?? Promise.resolve(),

    /** Tells the room's other members that this socket's user has it open. */
    announceJoin(socket: AppSocket, room: string): void {
      const payload: TSignalPayload<typeof presenceChanged> = {
        room,
        userId: socket.data.userId,
        online: true,
        lastSeenAt: null,
      };
      (socket.to(room).emit as (ev: string, p: unknown) => boolean)(presenceChanged.name, payload);
    },

    /**
     * Tells the room this user no longer has it open, unless another of their sockets does;
     * `at` is their last-seen time when they went offline altogether.
     */
    async announceLeave(room: string, userId: string, at: Date | null): Promise<void> {
      if ((await usersInRoom(room)).has(userId)) return;
      const payload: TSignalPayload<typeof presenceChanged> = {
        room,
        userId,
        online: false,
        lastSeenAt: at?.toISOString() ?? null,
      };
      (reach().to(room).emit as (ev: string, p: unknown) => boolean)(presenceChanged.name, payload);
    },

    /** On a socket's end: the last-seen time if it was the user's last, and the rooms it leaves. */
    track(socket: AppSocket): void {
      let left: string[] = [];
      socket.on('disconnecting', () => {
        left = [...socket.rooms].filter(isResourceRoom);
      });
      socket.on('disconnect', () => {
        // At shutdown Redis is about to go; the users' last-seen times stay as they were.
        if (isClosing(io)) return;
        void settle(socket.data.userId, left).catch((err: unknown) => log.error({ err }, 'presence update failed'));
      });
    },
  };

  /** Another tab or device still open keeps the user online: then no last-seen time is written. */
  async function settle(userId: string, left: string[]) {
    const online = await presence.isOnline(userId);
    const at = online ? null : now();
    if (at) await store.setLastSeen(userId, at);
    await Promise.all(left.map((room) => presence.announceLeave(room, userId, at)));
  }

  return presence;
}

export type Presence = ReturnType<typeof createPresence>;
