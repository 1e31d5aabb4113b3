import type { FastifyBaseLogger } from 'fastify';
import type { TRole } from '#shared/roles';
import { topicsWatch } from '#shared/realtime/client-events';
import { topicOf, type TRealtimeEvent, type TRealtimePayload } from '#shared/realtime/events';
import { REALTIME_TOPICS } from '#shared/realtime/topics';
import type { Signal, TSignalPayload } from '#shared/realtime/signals';
import { createPresence, type LastSeenStore } from './presence';
import { createResourceRooms } from './resource-rooms';
import { currentUser, isClosing, rooms, type RealtimeServer } from './realtime-server';
import { createEventRegistry } from './socket-events';

export interface RealtimeDeps {
  io: RealtimeServer;
  log: FastifyBaseLogger;
  now: () => Date;
  /** Where presence keeps last-seen times (the accounts service). */
  lastSeen: LastSeenStore;
  /** True when processes share events through Redis. */
  shared: boolean;
}

/**
 * The one way features use the socket. Server events: call the emitters through `afterCommit`
 * (server/db/transaction.ts) when the event announces data written in a transaction; emitting never
 * throws, since the data is already saved and a client that missed an event catches up on its
 * next refetch. Client events: `handle`. Resource rooms: `rooms.register`, `rooms.revoke` and `rooms.recheck`.
 * Presence: `presence`.
 */
export function createRealtimeService({ io, log, now, lastSeen, shared }: RealtimeDeps) {
  const registry = createEventRegistry({ log, now, currentUser });
  const presence = createPresence(io, lastSeen, now, log);
  const resourceRooms = createResourceRooms({ io, registry, presence, shared, log });
  io.on('connection', (socket) => {
    registry.attach(socket);
    presence.track(socket);
  });
  // The lists this socket's pages show now: it leaves the other topics' rooms (decision 093).
  registry.handle(topicsWatch, {
    authorize: () => true,
    async run({ topics }, _ctx, socket) {
      const wanted = new Set(topics);
      for (const topic of REALTIME_TOPICS) {
        if (wanted.has(topic)) await socket.join(rooms.topic(topic));
        else await socket.leave(rooms.topic(topic));
      }
      return { topics: [...wanted] };
    },
  });

  /**
   * One broadcast to every socket in any of `to`, less those in `except`: socket.io encodes it
   * once and, over Redis, publishes it once.
   */
  function emit(to: string | string[], event: string, payload: unknown, except: string[] = []) {
    try {
      // socket.io's typed emit cannot follow a generic event name; the callers' signatures hold.
      // Closing: Redis is about to go, and this process's sockets are gone already.
      const target = (isClosing(io) ? io.local : io).to(to);
      ((except.length > 0 ? target.except(except) : target).emit as (ev: string, p: unknown) => boolean)(
        event,
        payload,
      );
    } catch (err) {
      log.error({ err, event, room: to }, 'realtime emit failed');
    }
  }

  return {
    /** Sockets connected to this process (the metrics): each process counts its own. */
    localSockets: () => io.of('/').sockets.size,
    emitToUser<E extends TRealtimeEvent>(userId: string, event: E, payload: TRealtimePayload<E>) {
      emit(rooms.user(userId), event, payload);
    },
    /** One event to several users, skipping their sockets in the `except` rooms. */
    emitToUsers<E extends TRealtimeEvent>(
      userIds: string[],
      event: E,
      payload: TRealtimePayload<E>,
      opts: { except?: string[] } = {},
    ) {
      if (userIds.length > 0) emit(userIds.map(rooms.user), event, payload, opts.except);
    },
    emitToRole<E extends TRealtimeEvent>(role: TRole, event: E, payload: TRealtimePayload<E>) {
      emit(rooms.role(role), event, payload);
    },
    /** To every member, or for an event about a public list to those watching its topic (decision 093). */
    emitToAll<E extends TRealtimeEvent>(event: E, payload: TRealtimePayload<E>) {
      const topic = topicOf(event);
      emit(topic ? rooms.topic(topic) : rooms.all, event, payload);
    },
    /**
     * A signal (shared/realtime/signals.ts) to everyone in a resource room, e.g. a new chat
     * message; the sockets of `exceptUsers` in it do not get it.
     */
    emitToRoom<S extends Signal>(
      room: string,
      signal: S,
      payload: TSignalPayload<S>,
      opts: { exceptUsers?: string[] } = {},
    ) {
      emit(room, signal.name, payload, opts.exceptUsers?.map(rooms.user));
    },
    /** Logging out closes the sockets opened with that session, on every process. */
    endSession(token: string) {
      io.in(rooms.session(token)).disconnectSockets(true);
    },
    /** Ending sessions by their stored hashes (sessions list, password change), on every process. */
    endSessionsByHash(idHashes: string[]) {
      if (idHashes.length) io.in(idHashes.map(rooms.sessionHash)).disconnectSockets(true);
    },
    handle: registry.handle,
    rooms: { register: resourceRooms.register, revoke: resourceRooms.revoke, recheck: resourceRooms.recheck },
    presence: {
      isOnline: presence.isOnline,
      onlineAmong: presence.onlineAmong,
      lastSeen: presence.lastSeen,
      status: presence.status,
      onlineIn: presence.onlineIn,
      othersIn: presence.othersIn,
    },
  };
}

export type RealtimeService = ReturnType<typeof createRealtimeService>;
