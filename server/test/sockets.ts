import { io as connectClient, type Socket } from 'socket.io-client';
import { SOCKET_PATH } from '../realtime/realtime-server';

/**
 * Real socket.io clients for integration tests: websocket only, no reconnection, each a fresh
 * connection. The caller keeps them in its own list and disconnects them after its tests.
 */
export function openTestSocket(port: number, headers: Record<string, string>): Socket {
  return connectClient(`http://127.0.0.1:${port}`, {
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
