import type { FastifyBaseLogger } from 'fastify';
import type { TUser } from '#shared/accounts/accounts.schemas';
import type { TRestriction } from '#shared/roles';
import { roomJoin, roomLeave, ZRoomKind } from '#shared/realtime/client-events';
import { roomLeft } from '#shared/realtime/signals';
import { assertAreaOpen } from '../features/accounts';
import type { Presence } from './presence';
import { currentUser, rooms, type AppSocket, type RealtimeServer } from './realtime-server';
import type { EventRegistry } from './socket-events';

/** Says whether this user may be in the room of resource `id` right now. */
export type RoomPolicy = (user: TUser, id: string) => Promise<boolean>;

export interface RoomKind {
  policy: RoomPolicy;
  /** A suspension closing this area keeps the user out (e.g. 'chat' for chat and calls). */
  area?: TRestriction;
}

/** Rooms the handshake chooses; no client may ask for these, whatever kinds are registered. */
const RESERVED = new Set(['user', 'role', 'session', 'all', 'topic']);
const REVOKE = 'realtime:revoke' as const;
const RECHECK = 'realtime:recheck' as const;

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

  /** Whether the user may be in the room now: its kind's area open to them, and its policy's yes. */
  async function admits(user: TUser, room: string): Promise<boolean> {
    const [kind, id] = splitRoom(room);
    const entry = RESERVED.has(kind) ? undefined : kinds.get(kind);
    if (!entry) return false;
    if (entry.area) assertAreaOpen(user, entry.area);
    return entry.policy(user, id);
  }

  function leave(socket: AppSocket, room: string): void {
    void socket.leave(room);
    (socket.emit as (ev: string, p: unknown) => boolean)(roomLeft.name, { room });
  }

  /** This process's sockets of the user. */
  const socketsOf = (userId: string) =>
    [...(nsp.adapter.rooms.get(rooms.user(userId)) ?? [])].flatMap((id) => nsp.sockets.get(id) ?? []);

  /** Takes this process's sockets of the user out of the room and tells them so. */
  function leaveHere(room: string, userId: string): void {
    for (const socket of socketsOf(userId)) if (socket.rooms.has(room)) leave(socket, room);
  }

  /**
   * Passes this process's sockets of the user through every rule again with the user as stored
   * now: a socket whose session has ended closes, its role's room follows the primary role, and
   * it leaves each resource room it may no longer be in (a suspension's areas, a lost role).
   */
  async function recheckHere(userId: string): Promise<void> {
    for (const socket of socketsOf(userId)) {
      const user = await currentUser(socket);
      if (!user) {
        socket.disconnect(true);
        continue;
      }
      if (socket.data.role !== user.role) {
        void socket.leave(rooms.role(socket.data.role));
        void socket.join(rooms.role(user.role));
        socket.data.role = user.role;
      }
      for (const room of [...socket.rooms].filter(isResourceRoom)) {
        if (!(await admits(user, room).catch(() => false))) leave(socket, room);
      }
    }
  }

  if (shared) {
    io.on(REVOKE, (room, userId, done) => {
      leaveHere(room, userId);
      done(true);
    });
    io.on(RECHECK, (userId, done) => {
      recheckHere(userId).then(
        () => done(true),
        (err: unknown) => {
          log.error({ err }, 'a room recheck failed');
          done(false);
        },
      );
    });
  }

  /**
   * On this process, then on every other one; resolves once each has answered, and never
   * rejects: the change it follows is saved, and a socket left behind is said loudly.
   */
  async function everywhere(here: () => Promise<void> | void, there: () => Promise<unknown>, what: string) {
    try {
      await here();
      if (shared) await there();
    } catch (err) {
      log.error({ err }, `a ${what} did not complete on every process`);
    }
  }

  registry.handle(roomJoin, {
    authorize: (user, { room }) => admits(user, room),
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
      await everywhere(
        () => leaveHere(room, userId),
        () => io.serverSideEmitWithAck(REVOKE, room, userId),
        'room revoke',
      );
    },

    /**
     * The user's rights changed (suspended, a role granted or taken): every socket of theirs on
     * every process passes the rules again at once (issue 25: a member suspended from chat kept
     * receiving the messages of the rooms they were in). Resolves once each process has done so.
     */
    async recheck(userId: string): Promise<void> {
      await everywhere(
        () => recheckHere(userId),
        () => io.serverSideEmitWithAck(RECHECK, userId),
        'room recheck',
      );
    },
  };
}

export type ResourceRooms = ReturnType<typeof createResourceRooms>;
