import { z } from 'zod';

/**
 * Server-to-client events that refresh no cached query (presence, room changes, relayed
 * volatile events such as typing), kept apart from the spec's events in events.ts, whose
 * every name maps to the queries it refreshes.
 */
export interface Signal<N extends string = string, P extends z.ZodType = z.ZodType> {
  name: N;
  payload: P;
}

export function defineSignal<const N extends string, P extends z.ZodType>(name: N, payload: P): Signal<N, P> {
  return { name, payload };
}

export type TSignalPayload<S extends Signal> = z.infer<S['payload']>;

/**
 * A member opened or closed one of your rooms (online: has it open in some tab or device);
 * lastSeenAt is set when they closed their last connection altogether.
 */
export const presenceChanged = defineSignal(
  'presence:changed',
  z.object({ room: z.string(), userId: z.string(), online: z.boolean(), lastSeenAt: z.string().nullable() }),
);

/** The server took this socket out of a room (access ended); the client should stop showing it. */
export const roomLeft = defineSignal('room:left', z.object({ room: z.string() }));
