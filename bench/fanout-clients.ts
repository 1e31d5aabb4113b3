import { createInterface } from 'node:readline';
import { io, type Socket } from 'socket.io-client';

/**
 * The fan-out bench's receiving side, in its own process (and core): connects one socket.io
 * client per cookie over websocket, then records each event's delay from its send time.
 * Protocol on stdin/stdout, one JSON line each: in {url, origin, cookies}; out {ready};
 * in "done"; out the results.
 */
interface Setup {
  url: string;
  origin: string;
  cookies: string[];
}

const lines = createInterface({ input: process.stdin });
const next = () => new Promise<string>((resolve) => lines.once('line', resolve));
const setup = JSON.parse(await next()) as Setup;

const now = () => performance.timeOrigin + performance.now();
const latencies: number[] = [];
let refused = 0;
const sockets: Socket[] = [];

async function connect(cookie: string) {
  const socket = io(setup.url, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie, origin: setup.origin },
    reconnection: false,
    forceNew: true,
  });
  socket.on('notification:new', (n: { message: string }) => latencies.push(now() - Number(n.message)));
  await new Promise<void>((resolve) => {
    socket.once('connect', resolve);
    socket.once('connect_error', () => {
      refused++;
      resolve();
    });
  });
  sockets.push(socket);
}

// Fifty handshakes at a time: a thousand at once would measure the session lookups instead.
for (let i = 0; i < setup.cookies.length; i += 50) await Promise.all(setup.cookies.slice(i, i + 50).map(connect));
process.stdout.write(`${JSON.stringify({ ready: true, connected: setup.cookies.length - refused })}\n`);

await next();
const sorted = Float64Array.from(latencies).sort();
const at = (p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
process.stdout.write(
  `${JSON.stringify({ received: sorted.length, refused, p50: at(50), p99: at(99), max: at(100) })}\n`,
);
sockets.forEach((s) => s.disconnect());
process.exit(0);
