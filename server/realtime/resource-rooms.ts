import type { FastifyBaseLogger } from 'fastify';
import type { TUser } from '#shared/accounts/accounts.schemas';
import type { TRestriction } from '#shared/roles';
import { roomJoin, roomLeave, ZRoomKind } from '#shared/realtime/client-events';
import { roomLeft } from '#shared/realtime/signals';
import { assertAreaOpen } from '../features/accounts';
import type { Presence } from './presence';
import type { RealtimeServer } from './realtime-server';
import type { EventRegistry } from './socket-events';

/** Says whether this user may be in the room of resource `id` right now. */
export type RoomPolicy = (user: TUser, id: string) => Promise<boolean>;

export interface RoomKind {
  policy: RoomPolicy;
  /** A suspension closing this area keeps the user out (e.g. 'chat' for chat and calls). */
  area?: TRestriction;
}

/** Rooms the handshake chooses; no client may ask for these, whatever kinds are registered. */
const RESERVED = new Set(['user', 'role', 'session', 'all']);
const REVOKE = 'realtime:revoke' as const;

/** Resource rooms are `<kind>:<id>`; the handshake's rooms and socket ids are not. */
export function isResourceRoom(room: string): boolean {
  const kind = room.split(':', 1)[0]!;
  return room.includes(':') && !RESERVED.has(kind);
}

function splitRoom(room: string): [kind: string, id: string] {
  const at = room.indexOf(':');
  return [room.slice(0, at), room.slice(at + 1)];
}

export interface ResourceRoomsDeps {
  io: RealtimeServer;
  registry: EventRegistry;
  presence: Presence;
  /** Several processes share rooms through Redis: a revoke must reach each of them. */
  shared: boolean;
  log: FastifyBaseLogger;
}

/**
 * Rooms per resource (`chat:<id>`, `call:<id>`). A feature registers a kind with its policy;
 * a client may only ask (`room:join`), and the server joins it after the policy says yes. A new
 * socket (a reconnect) starts in no resource room, so every join passes the policy again.
 */
export function createResourceRooms({ io, registry, presence, shared, log }: ResourceRoomsDeps) {
  const kinds = new Map<string, RoomKind>();
  const nsp = io.of('/');

  /** Takes this process's sockets of the user out of the room and tells them so. */
  function leaveHere(room: string, userId: string): void {
    for (const id of [...(nsp.adapter.rooms.get(room) ?? [])]) {
      const socket = nsp.sockets.get(id);
      if (socket?.data.userId !== userId) continue;
      void socket.leave(room);
      (socket.emit as (ev: string, p: unknown) => boolean)(roomLeft.name, { room });
    }
  }

  if (shared) {
    io.on(REVOKE, (room, userId, done) => {
      leaveHere(room, userId);
      done(true);
    });
  }

  registry.handle(roomJoin, {
    async authorize(user, { room }) {
      const [kind, id] = splitRoom(room);
      const entry = RESERVED.has(kind) ? undefined : kinds.get(kind);
      if (!entry) return false;
      if (entry.area) assertAreaOpen(user, entry.area);
      return entry.policy(user, id);
    },
    async run({ room }, _ctx, socket) {
      await socket.join(room);
      await presence.recorded(room, socket);
      presence.announceJoin(socket, room);
      return { room, online: await presence.onlineIn(room) };
    },
  });

  registry.handle(roomLeave, {
    authorize: () => true,
    async run({ room }, _ctx, socket) {
      if (isResourceRoom(room) && socket.rooms.has(room)) {
        await socket.leave(room);
        await presence.announceLeave(room, socket.data.userId, null);
      }
      return { room };
    },
  });

  return {
    /** Declares a kind of room (`chat`, `call`) and the policy that lets a user in. */
    register(kind: string, roomKind: RoomKind): void {
      if (!ZRoomKind.safeParse(kind).success || RESERVED.has(kind)) throw new Error(`${kind} cannot be a room kind`);
      if (kinds.has(kind)) throw new Error(`room kind ${kind} is already registered`);
      kinds.set(kind, roomKind);
    },

    /**
     * Access to the room ended (removed from the conversation, call over, suspended): every
     * socket of the user on every process leaves it and gets `room:left`. Resolves once each
     * process has done so, so nothing sent to the room afterwards reaches them.
     */
    async revoke(room: string, userId: string): Promise<void> {
      leaveHere(room, userId);
      if (!shared) return;
      try {
        await io.serverSideEmitWithAck(REVOKE, room, userId);
      } catch (err) {
        // A process that did not answer in time may still hold the socket: say so, loudly.
        log.error({ err, room }, 'a process did not confirm a room revoke');
      }
    },
  };
}

export type ResourceRooms = ReturnType<typeof createResourceRooms>;
