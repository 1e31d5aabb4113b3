import { io, type Socket } from 'socket.io-client';
import { request } from 'node:http';
import { SOCKET_PATH } from '#server/realtime/realtime-server';
import { record } from '#server/test/sockets';

/** Requests to the cluster as one member's browser makes them: the session cookie, JSON, through nginx. */
export function client(base: string, cookie = '') {
  return async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(body === undefined || body instanceof FormData ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      redirect: 'manual',
    });
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, text, json: json as Record<string, unknown> };
  };
}

/** Signs in through nginx and answers the Cookie header. */
export async function signIn(base: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const sid = /sid=[^;]+/.exec(res.headers.get('set-cookie') ?? '');
  if (res.status !== 200 || !sid) throw new Error(`login ${res.status}: ${await res.text()}`);
  return sid[0];
}

/**
 * A member's socket through nginx the way the browser opens it: long-polling first (the handshake,
 * then more polls that must reach the same node), then the upgrade to a websocket.
 */
export function memberSocket(base: string, cookie: string, events: string[]) {
  const socket: Socket = io(base, {
    path: SOCKET_PATH,
    transports: ['polling', 'websocket'],
    extraHeaders: { cookie, origin: base },
    reconnection: false,
    forceNew: true,
  });
  const seen = record(socket, events);
  const upgraded = new Promise<void>((resolve, reject) => {
    socket.once('connect_error', reject);
    socket.io.engine?.once('upgrade', () => resolve());
    socket.once('connect', () => socket.io.engine.once('upgrade', () => resolve()));
  });
  return { socket, seen, upgraded };
}

/**
 * A failed sign-in from `localAddress` (any 127.x.y.z reaches a loopback listener): the
 * per-address limit then counts that address alone, apart from the rest of the test's requests.
 * Answers the status and which node nginx says served it is read from its access log.
 */
export function failedSignInFrom(base: string, localAddress: string, n: number): Promise<number> {
  const body = JSON.stringify({ username: `nobody${n}`, password: 'Wrong-password-1' });
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}/api/login`,
      { method: 'POST', localAddress, headers: { 'content-type': 'application/json', 'content-length': body.length } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
