import { QueryClient, QueryObserver } from '@tanstack/react-query';
import type { Socket } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOPIC_PATHS } from '#shared/realtime/events';
import { topicsWatcher, watchedTopics } from './socket-topics';

/** A query a page shows: an observer subscribed to it, as a mounted useQuery is. */
function show(client: QueryClient, queryKey: string[]): () => void {
  const observer = new QueryObserver(client, { queryKey, queryFn: () => new Promise(() => {}), enabled: false });
  return observer.subscribe(() => {});
}

type Answer = { ok: true; data: { topics: string[] } } | { ok: false; error: string; code: string };

/** The socket's side of topics:watch: what was sent, answered at once unless `hold` keeps the answers back. */
function fakeSocket(hold = false) {
  const handlers = new Map<string, () => void>();
  const sent: unknown[] = [];
  const pending: Array<(answer?: Answer) => void> = [];
  const socket = {
    connected: true,
    on: (event: string, fn: () => void) => handlers.set(event, fn),
    off: (event: string) => handlers.delete(event),
    timeout: () => ({
      emitWithAck: (name: string, payload: { topics: string[] }) => {
        sent.push([name, payload.topics]);
        const ok: Answer = { ok: true, data: payload };
        return hold ? new Promise<Answer>((r) => pending.push((a = ok) => r(a))) : Promise.resolve(ok);
      },
    }),
  };
  return { socket: socket as unknown as Socket, sent, pending, connect: () => handlers.get('connect')?.() };
}

describe('the topics of the lists on screen (decision 093)', () => {
  let client: QueryClient;
  beforeEach(() => {
    vi.useFakeTimers();
    client = new QueryClient();
  });
  afterEach(() => {
    vi.useRealTimers();
    client.clear();
  });

  it('reads each topic from the paths its events refresh', () => {
    expect([...TOPIC_PATHS.jobs]).toEqual(['/api/jobs']);
    expect([...TOPIC_PATHS.gigs].sort()).toEqual(['/api/talent/gigs', '/api/talent/my-gigs']);
    expect([...TOPIC_PATHS.courses].sort()).toEqual(['/api/courses', '/api/tutor/courses']);
    expect([...TOPIC_PATHS['mentor-plans']].sort()).toEqual(['/api/mentor/plans', '/api/mentors']);
  });

  it('watches the topics of queries with an observer, not of those only cached', () => {
    const board = show(client, ['/api/jobs', 'q=analyst']);
    show(client, ['/api/talent/gigs', 'abc']);
    show(client, ['/api/notifications']);
    expect(watchedTopics(client.getQueryCache().getAll())).toEqual(['jobs', 'gigs']);
    board();
    expect(client.getQueryCache().find({ queryKey: ['/api/jobs', 'q=analyst'] })).toBeDefined();
    expect(watchedTopics(client.getQueryCache().getAll())).toEqual(['gigs']);
  });

  it('tells the server once a navigation has settled, only when the set changed', async () => {
    const { socket, sent } = fakeSocket();
    const topics = topicsWatcher(client);
    expect(topics.handshake()).toEqual([]);
    const stop = topics.keep(socket);
    // One navigation: the old page's query goes and the new one's comes in the same task.
    const courses = show(client, ['/api/courses']);
    await vi.runAllTimersAsync();
    expect(sent).toEqual([['topics:watch', ['courses']]]);

    courses();
    const board = show(client, ['/api/jobs']);
    await vi.runAllTimersAsync();
    expect(sent).toEqual([
      ['topics:watch', ['courses']],
      ['topics:watch', ['jobs']],
    ]);

    // Another list of the same topic: nothing to say.
    const detail = show(client, ['/api/jobs', 'job-1']);
    await vi.runAllTimersAsync();
    expect(sent).toHaveLength(2);

    stop();
    board();
    detail();
    await vi.runAllTimersAsync();
    expect(sent).toHaveLength(2);
  });

  it('after a connection, says the set only if it moved since the handshake named it', async () => {
    const { socket, sent, connect } = fakeSocket();
    const topics = topicsWatcher(client);
    show(client, ['/api/talent/gigs']);
    expect(topics.handshake()).toEqual(['gigs']);
    topics.keep(socket);
    connect();
    expect(sent).toEqual([]);

    // A page came while the socket was connecting: the handshake named the set before it.
    expect(topics.handshake()).toEqual(['gigs']);
    show(client, ['/api/jobs']);
    connect();
    await vi.runAllTimersAsync();
    expect(sent).toEqual([['topics:watch', ['jobs', 'gigs']]]);
  });

  it('sends one message at a time, and what changed meanwhile once the answer comes', async () => {
    const { socket, sent, pending } = fakeSocket(true);
    const topics = topicsWatcher(client);
    topics.handshake();
    topics.keep(socket);
    const courses = show(client, ['/api/courses']);
    await vi.runAllTimersAsync();
    courses();
    show(client, ['/api/jobs']);
    await vi.runAllTimersAsync();
    // The first is not answered yet: the second waits, so the server cannot apply them out of order.
    expect(sent).toEqual([['topics:watch', ['courses']]]);
    pending.shift()!();
    await vi.runAllTimersAsync();
    expect(sent).toEqual([
      ['topics:watch', ['courses']],
      ['topics:watch', ['jobs']],
    ]);
  });

  it("sends the set again after a refusal, the server's set being unknown then", async () => {
    const { socket, sent, pending } = fakeSocket(true);
    const topics = topicsWatcher(client);
    topics.handshake();
    topics.keep(socket);
    show(client, ['/api/jobs']);
    await vi.runAllTimersAsync();
    pending.shift()!({ ok: false, error: 'You are sending too fast. Please slow down.', code: 'RATE_LIMITED' });
    await vi.advanceTimersByTimeAsync(1_999);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([
      ['topics:watch', ['jobs']],
      ['topics:watch', ['jobs']],
    ]);
  });

  it('refreshes a list shown again after its events went elsewhere, not one fetched as the page opened', async () => {
    const { socket } = fakeSocket();
    const topics = topicsWatcher(client);
    topics.handshake();
    topics.keep(socket);
    client.setQueryData(['/api/jobs', 'job-1'], { applicantCount: 0 });
    const fetched = vi.fn(async () => ({ applicantCount: 1 }));
    const observe = () =>
      new QueryObserver(client, { queryKey: ['/api/jobs', 'job-1'], queryFn: fetched, staleTime: 30_000 }).subscribe(
        () => {},
      );
    // On the job, then away: the topic is left while the answer stays cached.
    const away = observe();
    await vi.runAllTimersAsync();
    away();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetched).not.toHaveBeenCalled();
    // Back within 30 s: TanStack Query would show the cached answer; the topic's return fetches it.
    observe();
    await vi.runAllTimersAsync();
    expect(fetched).toHaveBeenCalledTimes(1);
    expect(client.getQueryData(['/api/jobs', 'job-1'])).toEqual({ applicantCount: 1 });
  });
});
