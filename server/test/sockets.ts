import { io as connectClient, type Socket } from 'socket.io-client';
import { SOCKET_PATH } from '../realtime/realtime-server';

/**
 * Real socket.io clients for integration tests: websocket only, no reconnection, each a fresh
 * connection. The caller keeps them in its own list and disconnects them after its tests.
 */
export function openTestSocket(port: number, headers: Record<string, string>, auth?: Record<string, unknown>): Socket {
  return connectClient(`http://127.0.0.1:${port}`, {
    ...(auth ? { auth } : {}),
    path: SOCKET_PATH,
    transports: ['websocket'],
    extraHeaders: headers,
    reconnection: false,
    forceNew: true,
  });
}

/** Resolves once the server accepted the handshake; rejects with its connect_error. */
export function connected(socket: Socket): Promise<Socket> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Every payload a socket receives for the named events, and a way to wait for one. */
export function record(socket: Socket, events: string[]) {
  const got = new Map<string, unknown[]>(events.map((e) => [e, []]));
  for (const event of events) socket.on(event, (payload: unknown) => got.get(event)!.push(payload));
  return {
    of: (event: string) => got.get(event)!,
    /** Resolves with the first payload of `event` that `match` accepts; fails after `ms`. */
    async next(event: string, match: (payload: never) => boolean = () => true, ms = 5_000): Promise<unknown> {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = got.get(event)!.find((p) => match(p as never));
        if (found !== undefined) return found;
        if (Date.now() > deadline)
          throw new Error(`no matching ${event} within ${ms} ms; got ${JSON.stringify(got.get(event))}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
  };
}

/** Resolves when the server closes this socket. */
export function disconnected(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    if (!socket.connected) return resolve('already');
    socket.once('disconnect', (reason) => resolve(reason));
  });
}

/**
 * Resolves once every packet the server wrote to this socket before now has arrived: the answer to
 * a harmless request travels behind them on the same ordered connection. Tests wait on this, never on
 * a fixed delay, before checking what a socket heard.
 */
export async function flush(socket: Socket): Promise<void> {
  await socket.timeout(30_000).emitWithAck('room:leave', { room: 'flush:0' });
}
