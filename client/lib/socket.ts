import type { QueryClient } from '@tanstack/react-query';
import { io, type Socket } from 'socket.io-client';
import { SOCKET_RECONNECT_ATTEMPTS, SOCKET_RECONNECT_DELAY_MS } from '#shared/constants';
import type { TNotification } from '#shared/notifications/notifications.schemas';
import {
  roomJoin,
  roomLeave,
  type ClientEvent,
  type TAck,
  type TAckData,
  type TClientPayload,
} from '#shared/realtime/client-events';
import { queryKeysFor, REALTIME_EVENT_NAMES, REALTIME_EVENTS, type TRealtimeEvent } from '#shared/realtime/events';
import type { Signal, TSignalPayload } from '#shared/realtime/signals';
import type { TRealtimeTopic } from '#shared/realtime/topics';
import { API_BASE_URL } from './env';

/** The server's socket.io path (server/realtime/realtime-server.ts). */
const SOCKET_PATH = '/socket.io';

/**
 * docs/spec.md §7: same origin (or the native shell's API host), cookies, websocket then
 * polling, 5 reconnects 1 s apart. It waits for `connect()`, which the caller makes once a
 * user is known. `topics`, asked at each (re)connection, names the lists whose events it gets
 * (decision 093): none for a chat or call page's own socket.
 */
export function createSocket(topics: () => TRealtimeTopic[]): Socket {
  const options = {
    auth: (give: (auth: { topics: TRealtimeTopic[] }) => void) => give({ topics: topics() }),
    path: SOCKET_PATH,
    withCredentials: true,
    transports: ['websocket', 'polling'],
    reconnectionAttempts: SOCKET_RECONNECT_ATTEMPTS,
    reconnectionDelay: SOCKET_RECONNECT_DELAY_MS,
    autoConnect: false,
  };
  return API_BASE_URL ? io(API_BASE_URL, options) : io(options);
}

/** What bindRealtime needs of a socket, so tests can hand it a plain emitter. */
export interface RealtimeSocket {
  on(event: string, listener: (arg: unknown) => void): unknown;
  off(event: string, listener: (arg: unknown) => void): unknown;
  connect(): unknown;
}

export interface RealtimeHooks {
  /** A notification:new payload, before its lists refetch: the bell can show it at once. */
  onNotification?: (notification: TNotification) => void;
  /** The handshake was refused for want of a session: the user query should check again. */
  onUnauthenticated?: () => void;
  /** For tests; real time otherwise. */
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
}

/** A server-side disconnect this soon after connecting counts against the reconnect budget. */
const STABLE_AFTER_MS = 60_000;

/**
 * Wires a socket to the query cache: every spec event invalidates the keys of the shared
 * table (shared/realtime/events.ts), a (re)connect refetches what may have missed events, and a disconnect made by the server (it ends sockets when the
 * session they opened with runs out) is followed by one fresh attempt, which a live session
 * passes. Returns the unbinding function.
 */
export function bindRealtime(socket: RealtimeSocket, client: QueryClient, hooks: RealtimeHooks = {}): () => void {
  const now = hooks.now ?? Date.now;
  const setTimer = hooks.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  let connectedBefore = false;
  let connectedAt = 0;
  let strikes = 0;
  let bound = true;

  const listeners = new Map<string, (arg: unknown) => void>();
  const listen = (event: string, fn: (arg: unknown) => void) => {
    listeners.set(event, fn);
    socket.on(event, fn);
  };

  for (const event of REALTIME_EVENT_NAMES) listen(event, (payload) => handleEvent(client, event, payload, hooks));

  listen('connect', () => {
    connectedAt = now();
    // docs/spec.md §7: after a reconnect every active query. On the first connect only the
    // server's lists: anything that changed between their first fetch and this moment sent
    // its event to nobody.
    void client.refetchQueries(connectedBefore ? { type: 'active' } : { type: 'active', predicate: isServerListQuery });
    connectedBefore = true;
  });

  listen('disconnect', (reason) => {
    // Any other reason is socket.io's to retry (up to the 5 attempts).
    if (reason !== 'io server disconnect') return;
    strikes = now() - connectedAt < STABLE_AFTER_MS ? strikes + 1 : 0;
    if (strikes >= SOCKET_RECONNECT_ATTEMPTS) return;
    setTimer(() => {
      if (bound) socket.connect();
    }, SOCKET_RECONNECT_DELAY_MS);
  });

  listen('connect_error', (error) => {
    const code = (error as { data?: { code?: string } } | undefined)?.data?.code;
    if (code === 'UNAUTHENTICATED') hooks.onUnauthenticated?.();
  });

  return () => {
    bound = false;
    for (const [event, fn] of listeners) socket.off(event, fn);
  };
}

/** The realtime table's keys are request paths ('/api/...'); the user query's key is not one. */
function isServerListQuery(query: { queryKey: readonly unknown[] }): boolean {
  const head = query.queryKey[0];
  return typeof head === 'string' && head.startsWith('/api/');
}

/** Checks the payload against the contract; a malformed one refreshes nothing rather than throwing. */
export function handleEvent(client: QueryClient, event: TRealtimeEvent, payload: unknown, hooks: RealtimeHooks = {}) {
  const parsed = REALTIME_EVENTS[event].safeParse(payload);
  if (!parsed.success) return;
  if (event === 'notification:new' && hooks.onNotification) {
    const { resourceId: _id, ...notification } = parsed.data as TNotification & { resourceId: string };
    hooks.onNotification(notification);
  }
  for (const queryKey of queryKeysFor(event, parsed.data as never)) void client.invalidateQueries({ queryKey });
}

/** How long a client event waits for the server's acknowledgement. */
const ACK_TIMEOUT_MS = 5_000;

/**
 * Sends a client event (shared/realtime/client-events.ts) and resolves with the server's
 * acknowledgement, typed from the event's declaration. It never rejects: no answer in time (the
 * socket is down, the server is gone) is a refusal like the others.
 */
export async function emitWithAck<E extends ClientEvent>(
  socket: Socket,
  event: E,
  payload: TClientPayload<E>,
  timeoutMs = ACK_TIMEOUT_MS,
): Promise<TAck<TAckData<E>>> {
  try {
    return (await socket.timeout(timeoutMs).emitWithAck(event.name, payload)) as TAck<TAckData<E>>;
  } catch {
    return { ok: false, error: 'The server did not answer. Please try again.', code: 'INTERNAL' };
  }
}

/** Listens to a signal (shared/realtime/signals.ts); a payload that fails its schema is dropped. Returns the unsubscribe. */
export function onSignal<S extends Signal>(
  socket: Socket,
  signal: S,
  listener: (payload: TSignalPayload<S>) => void,
): () => void {
  const fn = (payload: unknown) => {
    const parsed = signal.payload.safeParse(payload);
    if (parsed.success) listener(parsed.data as TSignalPayload<S>);
  };
  socket.on(signal.name, fn);
  return () => void socket.off(signal.name, fn);
}

/**
 * Keeps this socket in a resource room: asks now and after every reconnect (a new socket starts
 * in no room, and the server checks its policy again). `onAnswer` gets each answer, a refusal
 * included. Returns the function that leaves.
 */
export function keepInRoom(
  socket: Socket,
  room: string,
  onAnswer: (ack: TAck<TAckData<typeof roomJoin>>) => void = () => {},
): () => void {
  const join = () => void emitWithAck(socket, roomJoin, { room }).then(onAnswer);
  socket.on('connect', join);
  if (socket.connected) join();
  return () => {
    socket.off('connect', join);
    if (socket.connected) void emitWithAck(socket, roomLeave, { room });
  };
}
