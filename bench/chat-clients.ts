import { createInterface } from 'node:readline';
import { io, type Socket } from 'socket.io-client';

/**
 * The chat bench's receiving side, in its own process (and core): one socket per member, each
 * in its conversation's room, recording each message's delay from the send time it carries.
 * Protocol, one JSON line each: in {members: [{cookie, room, url}], warmUp} (url: the app process
 * the socket connects to, and its origin); out {connected, joined}; in "done"; out the results.
 */
interface Setup {
  members: Array<{ cookie: string; room: string; url: string }>;
  /** Bodies starting with this are the warm-up's, not measured. */
  warmUp: string;
}

const lines = createInterface({ input: process.stdin });
const next = () => new Promise<string>((resolve) => lines.once('line', resolve));
const setup = JSON.parse(await next()) as Setup;

const now = () => performance.timeOrigin + performance.now();
const latencies: number[] = [];
let connected = 0;
let joined = 0;
const sockets: Socket[] = [];

async function connect({ cookie, room, url }: Setup['members'][number]) {
  const socket = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie, origin: url },
    reconnection: false,
    forceNew: true,
  });
  socket.on('chat:message', (p: { message: { body: string } }) => {
    if (!p.message.body.startsWith(setup.warmUp)) latencies.push(now() - Number(p.message.body));
  });
  sockets.push(socket);
  const ok = await new Promise<boolean>((resolve) => {
    socket.once('connect', () => resolve(true));
    socket.once('connect_error', () => resolve(false));
  });
  if (!ok) return;
  connected++;
  const ack = (await socket
    .timeout(10_000)
    .emitWithAck('room:join', { room })
    .catch(() => null)) as { ok?: boolean } | null;
  if (ack?.ok) joined++;
}

// Fifty handshakes at a time: a thousand at once would measure the session lookups instead.
for (let i = 0; i < setup.members.length; i += 50) await Promise.all(setup.members.slice(i, i + 50).map(connect));
process.stdout.write(`${JSON.stringify({ connected, joined })}\n`);

await next();
const sorted = Float64Array.from(latencies).sort();
const at = (p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
process.stdout.write(`${JSON.stringify({ received: sorted.length, p50: at(50), p99: at(99), max: at(100) })}\n`);
sockets.forEach((s) => s.disconnect());
process.exit(0);
