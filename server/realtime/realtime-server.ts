import type { IncomingMessage } from 'node:http';
import cookie from '@fastify/cookie';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import type { TUser } from '#shared/accounts/accounts.schemas';
import type { TRole } from '#shared/roles';
import type { TClientToServerEvents, TServerToClientEvents } from '#shared/realtime/events';
import { topicsWatch } from '#shared/realtime/client-events';
import { REALTIME_TOPICS, type TRealtimeTopic } from '#shared/realtime/topics';
import { hashToken } from '../lib/tokens';
import type { Readiness } from '../platform/readiness';
import { SESSION_COOKIE } from '../plugins/session';
import { createRoomLedger, type RoomLedger } from './room-ledger';

export const SOCKET_PATH = '/socket.io';
/**
 * Sockets one sign-in may hold open on one process: the tabs of one browser (each device signs
 * in on its own). A script that opened 500 on one cookie (issue 25) is refused past this.
 */
export const SOCKETS_PER_SESSION = 20;

export interface SocketData {
  userId: string;
  role: TRole;
}

/** Between app processes over Redis: each answers once it has taken the user's sockets out of the room. */
export interface InterServerEvents {
  'realtime:revoke': (room: string, userId: string, done: (ok: boolean) => void) => void;
  /** Each process passes the user's sockets through the room rules again (resource-rooms.ts). */
  'realtime:recheck': (userId: string, done: (ok: boolean) => void) => void;
}

export type RealtimeServer = Server<TClientToServerEvents, TServerToClientEvents, InterServerEvents, SocketData>;
export type AppSocket = Socket<TClientToServerEvents, TServerToClientEvents, InterServerEvents, SocketData>;

/** Room names: the server alone puts sockets in them (docs/ARCHITECTURE.md rule 11). */
export const rooms = {
  user: (id: string) => `user:${id}`,
  role: (role: TRole) => `role:${role}`,
  all: 'all',
  /** A family of public lists (shared/realtime/topics.ts); every socket starts in each one. */
  topic: (topic: TRealtimeTopic) => `topic:${topic}`,
  /** The sockets opened with one session, so that logging out closes them on every process. */
  session: (token: string) => rooms.sessionHash(hashToken(token)),
  /** The same room by the session's stored hash: ending a session its owner listed, not holds. */
  sessionHash: (idHash: string) => `session:${idHash}`,
} as const;

/**
 * The topics a socket starts in (decision 093): those its handshake names (`auth.topics`: the
 * lists its pages show, none for a chat or call page's own socket), or every one when it names
 * none, as a client from before topics expects.
 */
function topicsAsked(auth: unknown): readonly TRealtimeTopic[] {
  // The same shape as `topics:watch`, by its own schema.
  const asked = topicsWatch.payload.safeParse(auth);
  return asked.success ? asked.data.topics : REALTIME_TOPICS;
}

/**
 * Each socket's way to load its user again. Kept here rather than in `socket.data`, which the
 * Redis adapter copies to other processes: the session token never leaves this process.
 */
const sessions = new WeakMap<AppSocket, { reload: () => Promise<TUser | undefined>; room: string }>();

const closing = new WeakSet<RealtimeServer>();

/**
 * What the processes send each other over Redis, as JSON instead of the adapter's MessagePack:
 * V8's JSON is native and makes one string, where notepack's encoder was a sixth of all the
 * memory the two-process chat bench allocated (and so of its collections). Nothing this app
 * emits holds binary data (files go over HTTP), which is all MessagePack would be needed for.
 * The adapter reads broadcasts without a try, so a message that is not JSON decodes to an empty
 * one, which it ignores; and the channels have their own name (ADAPTER_KEY), so that during a
 * rolling deploy a process still on MessagePack never reads JSON, nor the other way round.
 */
const JSON_PARSER = {
  encode: (message: unknown) => JSON.stringify(message),
  decode(message: Buffer | string): unknown {
    try {
      return JSON.parse(String(message));
    } catch {
      return [];
    }
  },
};
const ADAPTER_KEY = 'socket.io-json';
const ledgers = new WeakMap<RealtimeServer, RoomLedger>();

/** Over Redis: who has a resource room open on the other processes (room-ledger.ts). */
export function roomLedgerOf(io: RealtimeServer): RoomLedger | undefined {
  return ledgers.get(io);
}

/** True once the app is shutting down: its sockets' ends are not the users' leaving. */
export function isClosing(io: RealtimeServer): boolean {
  return closing.has(io);
}

/** The socket's user as of now: undefined once its session is gone (logout, expiry, reset). */
export function currentUser(socket: AppSocket): Promise<TUser | undefined> {
  return sessions.get(socket)?.reload() ?? Promise.resolve(undefined);
}

export interface RealtimeServerOptions {
  appUrl: string;
  allowedOrigins: string[];
  /** With it, events reach the sockets of every app process sharing this Redis. */
  redisUrl?: string;
  authenticate(token: string): Promise<{ user: TUser; expiresAt: Date } | undefined>;
  now: () => Date;
  /** Where Redis, when set, registers its check: a process deaf to the others must not be sent members. */
  readiness: Readiness;
}

/**
 * socket.io on the app's own HTTP server. The handshake must come from a trusted origin and
 * carry a live session cookie; the socket then joins its user's room and its audience rooms.
 */
export async function attachRealtimeServer(app: FastifyInstance, opts: RealtimeServerOptions): Promise<RealtimeServer> {
  const trusted = new Set([new URL(opts.appUrl).origin, ...opts.allowedOrigins]);
  const io: RealtimeServer = new Server(app.server, {
    path: SOCKET_PATH,
    serveClient: false,
    // Client events are small (typing, receipts, WebRTC offers of a few KB): nothing larger is parsed.
    maxHttpBufferSize: 16 * 1024,
    // Checked before any transport is opened: a foreign page never gets a connection.
    allowRequest: (req, done) => done(null, originAllowed(req, trusted)),
  });

  const redis = opts.redisUrl ? await connectRedis(opts.redisUrl, app.log) : undefined;
  if (redis) {
    // The adapter and ioredis load only when Redis is set: a single process never needs them (decision 084).
    const { createAdapter } = await import('@socket.io/redis-adapter');
    // A question to every process (presence) waits at most 2 s for one that died mid-question,
    // then presence answers from this process (presence.ts), not the adapter's 5 s.
    io.adapter(createAdapter(redis.pub, redis.sub, { parser: JSON_PARSER, key: ADAPTER_KEY, requestsTimeout: 2_000 }));
    ledgers.set(io, await createRoomLedger(io, redis.pub, app.log));
    opts.readiness.add('redis', async () => (await redis.pub.ping()) === 'PONG');
  }

  const openPerSession = new Map<string, number>();
  io.use(async (socket, next) => {
    try {
      const header = socket.request.headers.cookie;
      const token = header ? cookie.parse(header)[SESSION_COOKIE] : undefined;
      const found = token && token.length <= 100 ? await opts.authenticate(token) : undefined;
      if (!token || !found) return next(refusal('Please log in to continue.', 'UNAUTHENTICATED'));
      const room = rooms.session(token);
      // Counted in the same tick as the check, so a burst of handshakes cannot all slip past it.
      const open = openPerSession.get(room) ?? 0;
      if (open >= SOCKETS_PER_SESSION) {
        return next(
          refusal('Too many tabs are open with this sign-in. Close some, then reload this page.', 'RATE_LIMITED'),
        );
      }
      openPerSession.set(room, open + 1);
      socket.once('disconnect', () => {
        const left = (openPerSession.get(room) ?? 1) - 1;
        if (left > 0) openPerSession.set(room, left);
        else openPerSession.delete(room);
      });
      socket.data = { userId: found.user.id, role: found.user.role };
      sessions.set(socket, { reload: async () => (await opts.authenticate(token))?.user, room });
      // The session's end ends the socket too; the client reconnects with an extended session.
      const timer = setTimeout(
        () => socket.disconnect(true),
        Math.max(0, found.expiresAt.getTime() - opts.now().getTime()),
      );
      timer.unref();
      socket.once('disconnect', () => clearTimeout(timer));
      next();
    } catch (err) {
      app.log.error({ err }, 'socket handshake failed');
      next(refusal('Something went wrong on our side. Please try again.', 'INTERNAL'));
    }
  });

  io.on('connection', (socket) => {
    const session = sessions.get(socket)!.room;
    void socket.join([
      rooms.user(socket.data.userId),
      rooms.role(socket.data.role),
      rooms.all,
      session,
      ...topicsAsked(socket.handshake.auth).map(rooms.topic),
    ]);
  });

  // Sockets are long-lived: end them before Fastify waits for its connections to drain.
  app.addHook('preClose', async () => {
    closing.add(io);
    // Before the sockets go: their leaving is the shutdown's, and the alive key goes instead.
    await ledgers.get(io)?.stop();
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    await io.of('/').adapter.close();
    if (redis) await Promise.allSettled([redis.pub.quit(), redis.sub.quit()]);
  });
  return io;
}

/**
 * The same rule as the HTTP Origin check (plugins/security.ts): browsers always send Origin on a
 * WebSocket or cross-site request, so one without it is not a page of another site.
 */
function originAllowed(req: IncomingMessage, trusted: Set<string>): boolean {
  const origin = req.headers.origin;
  if (!origin) return req.headers['sec-fetch-site'] !== 'cross-site';
  if (trusted.has(origin)) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

/** The client's connect_error carries the message, and `data` the error code. */
function refusal(message: string, code: string): Error {
  return Object.assign(new Error(message), { data: { code } });
}

async function connectRedis(url: string, log: FastifyBaseLogger) {
  // Auto-pipelining: the events one change emits in one tick (a chat line, its receipt, the
  // list refresh) go to Redis in one write, not a system call each.
  const { Redis } = await import('ioredis');
  const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3, enableAutoPipelining: true });
  const sub = pub.duplicate({ enableAutoPipelining: false });
  // ioredis reconnects by itself; meanwhile other processes miss this one's events, so say so.
  for (const client of [pub, sub]) client.on('error', (err) => log.error({ err }, 'redis connection error'));
  // A wrong REDIS_URL must stop the start, not leave processes silently deaf to each other.
  await Promise.all([pub.connect(), sub.connect()]);
  return { pub, sub };
}
