import { createInterface } from 'node:readline';
import { io, type Socket } from 'socket.io-client';
import { chatRoom } from '#shared/chat/chat.realtime';
import type { TRealtimeTopic } from '#shared/realtime/topics';
import { activitiesOf, interval, firstAt, pairOf, percentile, rng, roleOf, type ActivityName } from './model';
import type { Fixture } from './seed';

/**
 * The simulated members (decision 077), in their own process on the load core. Each member has
 * its session cookie and a socket.io connection, and does the activities of model.ts at their
 * rates through the HTTP API, as the browser client does. Protocol, one JSON line each:
 * in {base, fixture}; then per step in {members, seconds}, out the step's figures; in "done".
 */
interface Setup {
  base: string;
  fixture: Fixture;
}

const lines = createInterface({ input: process.stdin });
const queue: string[] = [];
const waiting: Array<(l: string) => void> = [];
lines.on('line', (l) => (waiting.length ? waiting.shift()!(l) : queue.push(l)));
const next = () => new Promise<string>((resolve) => (queue.length ? resolve(queue.shift()!) : waiting.push(resolve)));
const { base, fixture } = JSON.parse(await next()) as Setup;

const now = () => performance.timeOrigin + performance.now();
const COURSE_WORDS = ['business', 'Python', 'farming', 'Excel', ''];
const JOB_WORDS = ['analyst', 'developer', 'Lagos', ''];
const GIG_WORDS = ['designer', 'logo', ''];
const TALENT_WORDS = ['designer', 'writer', ''];
const PROPOSAL = 'I have done this kind of work for small businesses in Lagos and can start this week. '.repeat(2);

/** Per route: latencies of answers that counted, and failures (status or network error). */
const routes = new Map<string, { ms: number[]; failures: number; statuses: Set<string> }>();
const chat = { sent: new Map<string, number>(), delivered: 0, ms: [] as number[] };

function record(route: string, ms: number, ok: boolean, status: string) {
  let r = routes.get(route);
  if (!r) routes.set(route, (r = { ms: [], failures: 0, statuses: new Set() }));
  if (ok) r.ms.push(ms);
  else {
    r.failures++;
    if (r.statuses.size < 3) r.statuses.add(status);
  }
}

/** One request as the browser makes it; anything but a 2xx is a failure. */
async function call(cookie: string, route: string, method: string, path: string, body?: unknown) {
  const started = performance.now();
  try {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        cookie,
        ...(method === 'GET' ? {} : { origin: base, 'content-type': 'application/json' }),
      },
      body: body === undefined ? (method === 'GET' ? undefined : '{}') : JSON.stringify(body),
    });
    const text = await res.text();
    record(route, performance.now() - started, res.ok, `${res.status} ${text.slice(0, 120)}`);
    return res.ok ? (JSON.parse(text) as Record<string, unknown>) : undefined;
  } catch (err) {
    record(route, performance.now() - started, false, (err as Error).message);
    return undefined;
  }
}

interface Member {
  index: number;
  cookie: string;
  userId: string;
  socket?: Socket;
  /** The chat page's socket of a chatting member. */
  chatSocket?: Socket;
  connected: boolean;
  timers: NodeJS.Timeout[];
  applied: number;
  bid: number;
  random: () => number;
}

const members: Member[] = [];
const pick = <T>(m: Member, xs: T[]) => xs[Math.floor(m.random() * xs.length)]!;
const BROWSE_TOPICS: TRealtimeTopic[][] = [['courses'], ['jobs'], ['gigs'], []];
const q = (word: string) => (word ? `?q=${encodeURIComponent(word)}` : '');

const actions: Record<ActivityName, (m: Member) => Promise<unknown>> = {
  dashboard: (m) =>
    Promise.all([
      call(m.cookie, 'GET /api/user', 'GET', '/api/user'),
      call(m.cookie, 'GET /api/notifications', 'GET', '/api/notifications?limit=20&offset=0'),
      call(m.cookie, 'GET /api/chat/unread-count', 'GET', '/api/chat/unread-count'),
      call(m.cookie, 'GET /api/user/enrollments', 'GET', '/api/user/enrollments'),
    ]),
  user: (m) => call(m.cookie, 'GET /api/user', 'GET', '/api/user'),
  notifications: (m) => call(m.cookie, 'GET /api/notifications', 'GET', '/api/notifications?limit=20&offset=0'),
  extend: (m) => call(m.cookie, 'POST /api/session/extend', 'POST', '/api/session/extend'),
  async browse(m) {
    const kind = Math.floor(m.random() * 4);
    // The page opened shows this kind's lists: the shell's socket watches their topic (the
    // talent directory has none), as client/lib/socket-topics.ts tells the server.
    m.socket?.emit('topics:watch', { topics: BROWSE_TOPICS[kind] });
    if (kind === 0) {
      await call(m.cookie, 'GET /api/courses?q', 'GET', `/api/courses${q(pick(m, COURSE_WORDS))}`);
      await call(m.cookie, 'GET /api/courses/:id', 'GET', `/api/courses/${pick(m, fixture.courseIds)}`);
    } else if (kind === 1) {
      await call(m.cookie, 'GET /api/jobs?q', 'GET', `/api/jobs${q(pick(m, JOB_WORDS))}`);
      await call(m.cookie, 'GET /api/jobs/:id', 'GET', `/api/jobs/${pick(m, fixture.jobIds)}`);
    } else if (kind === 2) {
      await call(m.cookie, 'GET /api/talent/gigs?q', 'GET', `/api/talent/gigs${q(pick(m, GIG_WORDS))}`);
      await call(m.cookie, 'GET /api/talent/gigs/:id', 'GET', `/api/talent/gigs/${pick(m, fixture.gigIds)}`);
    } else {
      await call(m.cookie, 'GET /api/talent?q', 'GET', `/api/talent${q(pick(m, TALENT_WORDS))}`);
      await call(m.cookie, 'GET /api/talent/:id', 'GET', `/api/talent/${pick(m, fixture.talentIds)}`);
    }
  },
  async chat(m) {
    const conversationId = fixture.conversations[pairOf(m.index).conversation]!;
    if (m.chatSocket?.connected) {
      const started = performance.now();
      const ack = (await m.chatSocket
        .timeout(5_000)
        .emitWithAck('chat:typing', { conversationId })
        .catch((err: Error) => ({ ok: false, error: err.message }))) as { ok?: boolean; error?: string };
      record('WS chat:typing', performance.now() - started, ack.ok === true, ack.error ?? 'refused');
    }
    const body = `${now()} ${m.index}`;
    const sent = await call(
      m.cookie,
      'POST /api/chat/conversations/:id/messages',
      'POST',
      `/api/chat/conversations/${conversationId}/messages`,
      { body, clientId: `${m.index}-${Date.now()}` },
    );
    // Counted as sent once the server took it; the partner's socket may have it already.
    if (sent && !chat.sent.has(body)) chat.sent.set(body, 1);
    else if (sent) chat.sent.delete(body);
  },
  lesson(m) {
    const { courseId, lessonId } = fixture.lessons[m.index % fixture.lessons.length]!;
    return call(
      m.cookie,
      'POST /api/courses/:id/lessons/:lessonId/progress',
      'POST',
      `/api/courses/${courseId}/lessons/${lessonId}/progress`,
      {
        scrolledToEnd: false,
      },
    );
  },
  apply(m) {
    const job = fixture.jobIds[(m.index * 97 + m.applied++) % fixture.jobIds.length]!;
    return call(m.cookie, 'POST /api/jobs/:id/applications', 'POST', `/api/jobs/${job}/applications`, {
      coverLetter: 'I would like to apply: my experience fits the role.',
    });
  },
  bid(m) {
    const gig = fixture.gigIds[(m.index * 89 + m.bid++) % fixture.gigIds.length]!;
    return call(m.cookie, 'POST /api/talent/gigs/:id/bids', 'POST', `/api/talent/gigs/${gig}/bids`, {
      amount: 5_000_000,
      deliveryDays: 7,
      proposal: PROPOSAL,
    });
  },
};

/**
 * A socket as the client opens it (websocket first, polling after), once connected or refused,
 * naming the topics of the lists its page shows (decision 093): the shell's, on the dashboard,
 * the course recommendations; a chat page's own socket, none.
 */
async function open(cookie: string, topics: TRealtimeTopic[]): Promise<Socket | undefined> {
  const socket = io(base, {
    auth: { topics },
    path: '/socket.io',
    transports: ['websocket', 'polling'],
    extraHeaders: { cookie, origin: base },
    reconnection: false,
    forceNew: true,
  });
  const ok = await new Promise<boolean>((resolve) => {
    socket.once('connect', () => resolve(true));
    socket.once('connect_error', () => resolve(false));
  });
  return ok ? socket : undefined;
}

/**
 * The member's shell socket (every member), and for a chatting member the chat page's own socket
 * in the conversation's room (decision 041: an open conversation is a second socket).
 */
async function connect(m: Member, count: number) {
  m.socket = await open(m.cookie, ['courses']);
  m.connected = m.socket !== undefined;
  if (!m.connected || !roleOf(m.index, count).chatting) return;
  const page = await open(m.cookie, []);
  m.connected = page !== undefined;
  if (!page) return;
  m.chatSocket = page;
  const partnerId = fixture.members[pairOf(m.index).partner]!.userId;
  const conversationId = fixture.conversations[pairOf(m.index).conversation]!;
  page.on('chat:message', (p: { message: { id: string; body: string; senderId: string | null } }) => {
    if (p.message.senderId !== partnerId) return;
    const arrived = now();
    if (chat.sent.has(p.message.body)) chat.sent.delete(p.message.body);
    else chat.sent.set(p.message.body, 0);
    chat.delivered++;
    chat.ms.push(arrived - Number(p.message.body.split(' ')[0]));
    // The open conversation marks what arrived as read, as the chat page does.
    void call(
      m.cookie,
      'POST /api/chat/conversations/:id/read',
      'POST',
      `/api/chat/conversations/${conversationId}/read`,
      { messageId: p.message.id },
    );
  });
  const ack = (await page
    .timeout(10_000)
    .emitWithAck('room:join', { room: chatRoom(conversationId) })
    .catch(() => null)) as { ok?: boolean } | null;
  if (!ack?.ok) record('WS room:join', 0, false, JSON.stringify(ack));
}

/** The member's activities on their timers until `stop`. */
function start(m: Member, count: number) {
  for (const a of activitiesOf(roleOf(m.index, count))) {
    const run = () => {
      void actions[a.name](m);
      m.timers.push(setTimeout(run, interval(a, m.random) * 1_000));
    };
    m.timers.push(setTimeout(run, firstAt(a, m.random) * 1_000));
  }
}

for (;;) {
  const line = await next();
  if (line === 'done') break;
  const {
    members: count,
    seconds,
    preflight,
  } = JSON.parse(line) as {
    members: number;
    seconds: number;
    preflight?: boolean;
  };
  // New members arrive: sockets fifty at a time, as the other benches' clients.
  const arriving: Member[] = [];
  for (let i = members.length; i < count; i++) {
    const { cookie, userId } = fixture.members[i]!;
    arriving.push({ index: i, cookie, userId, connected: false, timers: [], applied: 0, bid: 0, random: rng(i + 1) });
  }
  members.push(...arriving);
  for (let i = 0; i < arriving.length; i += 50)
    await Promise.all(arriving.slice(i, i + 50).map((m) => connect(m, count)));
  // The warm-up's preflight: every activity once by member 0 (chatting and learning), so that a
  // route the model calls wrongly shows as a failure before any step.
  if (preflight) for (const a of activitiesOf(roleOf(0, count))) await actions[a.name](members[0]!);
  if (!preflight) routes.clear();
  chat.sent.clear();
  chat.delivered = 0;
  chat.ms = [];
  for (const m of members) start(m, count);
  await new Promise((r) => setTimeout(r, seconds * 1_000));
  for (const m of members) m.timers.splice(0).forEach(clearTimeout);
  // What was sent in the step has a few seconds to arrive; nothing new starts meanwhile.
  const deadline = Date.now() + 5_000;
  while ([...chat.sent.values()].some((v) => v === 1) && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 50));
  const sent = chat.delivered + [...chat.sent.values()].filter((v) => v === 1).length;
  const ms = Float64Array.from(chat.ms).sort();
  process.stdout.write(
    `${JSON.stringify({
      routes: [...routes].map(([route, r]) => {
        const sorted = Float64Array.from(r.ms).sort();
        return {
          route,
          count: r.ms.length + r.failures,
          p50: percentile(sorted, 50),
          p99: percentile(sorted, 99),
          failures: r.failures,
          statuses: [...r.statuses],
        };
      }),
      chat: { sent, delivered: chat.delivered, p50: percentile(ms, 50), p99: percentile(ms, 99) },
      unconnected: members.filter((m) => !m.connected).length,
    })}\n`,
  );
}
for (const m of members) [m.socket, m.chatSocket].forEach((s) => s?.disconnect());
process.exit(0);
