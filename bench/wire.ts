import { createServer, connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP proxy in front of the app that counts the bytes each way, as they cross the wire (headers,
 * compressed bodies, everything the service worker fetches too), and can shape the link like a
 * slow mobile network: one shared bandwidth each way and a fixed round trip, for every
 * connection the browser opens. Browser-side throttling (CDP) misses what a service worker
 * fetches, and counts bodies rather than the wire.
 */
export interface Link {
  /** Bits per second each way, shared by every connection. */
  bitsPerSecond: number;
  /** Round trip in ms: half of it is added each way. */
  rttMs: number;
}

export interface WireProxy {
  url: string;
  /** Bytes sent to the browser, and from it, since the start or the last reset. */
  down(): number;
  up(): number;
  reset(): void;
  close(): Promise<void>;
}

/** Pieces small enough that one large response does not hold the link in one lump. */
const PIECE = 4 * 1024;

/**
 * One direction of the link: pieces leave in arrival order, no sooner than half the round trip,
 * at the link's rate. One queue and one timer: a timer per piece could fire out of order (timers
 * round to whole milliseconds) and swap bytes within a connection.
 */
function pipe(link: Link | undefined, count: (n: number) => void) {
  let freeAt = 0;
  const queue: Array<{ to: Socket; piece: Buffer | null; at: number }> = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const drain = () => {
    timer = undefined;
    const now = performance.now();
    while (queue.length && queue[0]!.at <= now) {
      const { to, piece } = queue.shift()!;
      if (piece === null) to.end();
      else if (to.writable) to.write(piece);
    }
    if (queue.length) timer = setTimeout(drain, Math.max(1, queue[0]!.at - now));
  };
  const send = (to: Socket, piece: Buffer | null, at: number) => {
    queue.push({ to, piece, at });
    if (!timer) timer = setTimeout(drain, Math.max(0, at - performance.now()));
  };
  return (from: Socket, to: Socket) => {
    from.on('data', (chunk: Buffer) => {
      count(chunk.length);
      if (!link) {
        to.write(chunk);
        return;
      }
      for (let at = 0; at < chunk.length; at += PIECE) {
        const piece = chunk.subarray(at, at + PIECE);
        const sendAt = Math.max(performance.now() + link.rttMs / 2, freeAt);
        freeAt = sendAt + (piece.length * 8 * 1000) / link.bitsPerSecond;
        send(to, piece, freeAt);
      }
    });
    // An end goes after the last piece already queued.
    from.on('end', () => (link ? send(to, null, freeAt) : to.end()));
    from.on('error', () => to.destroy());
  };
}

export async function startWireProxy(target: number, link?: Link): Promise<WireProxy> {
  let down = 0;
  let up = 0;
  const toBrowser = pipe(link, (n) => (down += n));
  const toApp = pipe(link, (n) => (up += n));
  const sockets = new Set<Socket>();
  const server = createServer((browser) => {
    const app = connect(target, '127.0.0.1');
    for (const s of [browser, app]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    }
    toApp(browser, app);
    toBrowser(app, browser);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    down: () => down,
    up: () => up,
    reset: () => {
      down = 0;
      up = 0;
    },
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
