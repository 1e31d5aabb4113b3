import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { TUser } from '#shared/accounts/accounts.schemas';
import type { TRestriction } from '#shared/roles';
import type { ClientEvent, TAck, TAckData, TAckError } from '#shared/realtime/client-events';
import type { Signal, TSignalPayload } from '#shared/realtime/signals';
import { AppError } from '../lib/errors';
import { assertAreaOpen } from '../features/accounts';
import { findNul, nulMessage } from '../plugins/nul-guard';
import type { AppSocket } from './realtime-server';
import { createTokenBucket } from './token-bucket';

/** What a handler knows of the socket that sent the event. It cannot join rooms: rooms.ts does. */
export interface SocketContext {
  /** The socket's user, loaded again for this event: a logged-out socket never gets here. */
  user: TUser;
  socketId: string;
  /** True while the server keeps this socket in the room (joined by policy, not revoked). */
  inRoom(room: string): boolean;
  /**
   * Sends a volatile signal (typing, cursor) to the other sockets of a room this socket is in,
   * never to the sender and never stored: a client that misses one just misses it.
   */
  relay<S extends Signal>(room: string, signal: S, payload: TSignalPayload<S>): void;
}

export interface ClientEventHandler<E extends ClientEvent> {
  /** A suspension that closes this area refuses the event before the policy runs. */
  area?: TRestriction;
  /** The policy: false answers FORBIDDEN; it may also throw an AppError of its own. */
  authorize(user: TUser, payload: z.infer<E['payload']>, ctx: SocketContext): boolean | Promise<boolean>;
  run(payload: z.infer<E['payload']>, ctx: SocketContext, socket: AppSocket): TAckData<E> | Promise<TAckData<E>>;
}

interface Entry {
  event: ClientEvent;
  handler: ClientEventHandler<ClientEvent>;
}

type Ack = (answer: TAck<unknown>) => void;

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';

const refusal = (code: TAckError['code'], error: string, fields?: Record<string, string>): TAckError => ({
  ok: false,
  error,
  code,
  ...(fields ? { fields } : {}),
});

export interface EventRegistryDeps {
  log: FastifyBaseLogger;
  now: () => Date;
  /** The socket's user as of now, or undefined when its session has ended. */
  currentUser(socket: AppSocket): Promise<TUser | undefined>;
}

/**
 * Features declare handlers for client events here; every socket's events go through one
 * dispatcher: rate limit, known event, no NUL, payload schema, live session, area, policy, handler.
 * Each step refuses with an acknowledgement `{ ok: false, error, code }`; nothing a client
 * sends can throw out of the dispatcher.
 */
export function createEventRegistry(deps: EventRegistryDeps) {
  const entries = new Map<string, Entry>();

  async function dispatch(socket: AppSocket, name: string, payload: unknown): Promise<TAck<unknown>> {
    const entry = entries.get(name);
    if (!entry) return refusal('BAD_REQUEST', 'This event is not known.');
    // The HTTP edge's NUL rule (nul-guard.ts), before the schema: PostgreSQL cannot store U+0000.
    const nul = findNul(payload, 'payload');
    if (nul !== undefined) return refusal('VALIDATION_FAILED', nulMessage(nul), { [nul]: nulMessage(nul) });
    const parsed = entry.event.payload.safeParse(payload);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
      const messages = Object.values(fields);
      return refusal(
        'VALIDATION_FAILED',
        messages.length === 1 ? messages[0]! : 'Please check the highlighted fields.',
        fields,
      );
    }
    const user = await deps.currentUser(socket);
    if (!user) {
      // The session ended (logout, expiry, password reset): this socket has nothing left to do.
      setImmediate(() => socket.disconnect(true));
      return refusal('UNAUTHENTICATED', 'Please log in to continue.');
    }
    const ctx = contextFor(socket, user);
    if (entry.handler.area) assertAreaOpen(user, entry.handler.area);
    if (!(await entry.handler.authorize(user, parsed.data, ctx))) {
      return refusal('FORBIDDEN', 'You do not have access to this.');
    }
    return { ok: true, data: await entry.handler.run(parsed.data, ctx, socket) };
  }

  return {
    /** Declares the handler of a client event; one handler per event name. */
    handle<E extends ClientEvent>(event: E, handler: ClientEventHandler<E>): void {
      if (entries.has(event.name)) throw new Error(`client event ${event.name} already has a handler`);
      entries.set(event.name, { event, handler: handler as unknown as ClientEventHandler<ClientEvent> });
    },

    /** Wires one connected socket to the dispatcher, with its own token bucket. */
    attach(socket: AppSocket): void {
      const bucket = createTokenBucket(() => deps.now().getTime());
      socket.onAny((name: unknown, ...args: unknown[]) => {
        const last = args[args.length - 1];
        const ack: Ack = typeof last === 'function' ? (last as Ack) : () => {};
        const payload = (typeof last === 'function' ? args.slice(0, -1) : args)[0];
        const verdict = bucket.take();
        if (verdict !== 'allow') {
          ack(refusal('RATE_LIMITED', 'You are sending too fast. Please slow down.'));
          if (verdict === 'disconnect') {
            deps.log.warn({ userId: socket.data.userId }, 'socket disconnected for flooding');
            socket.disconnect(true);
          }
          return;
        }
        const eventName = typeof name === 'string' ? name : '';
        dispatch(socket, eventName, payload).then(ack, (err: unknown) => {
          if (err instanceof AppError) return ack(refusal(err.code, err.message, err.fields));
          deps.log.error({ err, event: eventName }, 'client event failed');
          ack(refusal('INTERNAL', INTERNAL_MESSAGE));
        });
      });
    },
  };
}

function contextFor(socket: AppSocket, user: TUser): SocketContext {
  return {
    user,
    socketId: socket.id,
    inRoom: (room) => socket.rooms.has(room),
    relay(room, signal, payload) {
      if (!socket.rooms.has(room)) throw new AppError('FORBIDDEN', 'You do not have access to this.');
      // socket.io's typed emit cannot follow a signal's name; the Signal type holds the shape.
      (socket.to(room).volatile.emit as (ev: string, p: unknown) => boolean)(signal.name, payload);
    },
  };
}

export type EventRegistry = ReturnType<typeof createEventRegistry>;
