import { z } from 'zod';
import type { TErrorCode } from '../errors';
import { REALTIME_TOPICS } from './topics';

/**
 * Client-to-server events (docs/ARCHITECTURE.md rule 11). One declaration names the event, the zod
 * schema its payload must pass on the server, and the schema of the answer its acknowledgement
 * carries; the client's `emitWithAck` (client/lib/socket.ts) and the server's `handle`
 * (server/realtime/socket-events.ts) are both typed from it.
 */
export interface ClientEvent<
  N extends string = string,
  P extends z.ZodType = z.ZodType,
  A extends z.ZodType = z.ZodType,
> {
  name: N;
  payload: P;
  ack: A;
}

export function defineClientEvent<const N extends string, P extends z.ZodType, A extends z.ZodType>(
  name: N,
  payload: P,
  ack: A,
): ClientEvent<N, P, A> {
  return { name, payload, ack };
}

export type TClientPayload<E extends ClientEvent> = z.input<E['payload']>;
export type TAckData<E extends ClientEvent> = z.infer<E['ack']>;

/** The refusal every event answers with, shaped like an HTTP error body. */
export interface TAckError {
  ok: false;
  error: string;
  code: TErrorCode;
  /** Per-field messages when the payload failed its schema. */
  fields?: Record<string, string>;
}
export type TAck<T> = { ok: true; data: T } | TAckError;

/** A room for one resource: `<kind>:<id>`, e.g. `chat:<uuid>` or `call:<uuid>`. */
export const ZRoomKind = z.string().regex(/^[a-z][a-z-]{0,19}$/, 'Not a room kind');
export const ZRoomName = z
  .string()
  .max(120)
  .regex(/^[a-z][a-z-]{0,19}:[A-Za-z0-9_.+-]{1,99}$/, 'Not a room name');

/** Asks the server to put this socket in a resource's room; the room's policy decides. */
export const roomJoin = defineClientEvent(
  'room:join',
  z.object({ room: ZRoomName }),
  /** Who else in the room is online, so the client can show presence at once. */
  z.object({ room: z.string(), online: z.array(z.string()) }),
);

export const roomLeave = defineClientEvent('room:leave', z.object({ room: ZRoomName }), z.object({ room: z.string() }));

/**
 * The topics (events.ts) whose events this socket should get: the lists its pages show now. A
 * socket starts in every topic; this replaces the set. Sending it is the client's choice, to be
 * sent less; a socket that never sends it gets every event, as before decision 093.
 */
export const topicsWatch = defineClientEvent(
  'topics:watch',
  z.object({ topics: z.array(z.enum(REALTIME_TOPICS)).max(REALTIME_TOPICS.length) }),
  z.object({ topics: z.array(z.enum(REALTIME_TOPICS)) }),
);
