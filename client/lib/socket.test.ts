import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SOCKET_RECONNECT_ATTEMPTS, SOCKET_RECONNECT_DELAY_MS } from '#shared/constants';
import { REALTIME_EVENT_NAMES } from '#shared/realtime/events';
import { bindRealtime, type RealtimeSocket } from './socket';

/** Stands in for a socket.io client: the test plays the server's part with `emit`. */
class FakeSocket implements RealtimeSocket {
  listeners = new Map<string, Set<(arg: unknown) => void>>();
  connects = 0;
  on(event: string, fn: (arg: unknown) => void) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(fn);
  }
  off(event: string, fn: (arg: unknown) => void) {
    this.listeners.get(event)?.delete(fn);
  }
  connect() {
    this.connects += 1;
  }
  emit(event: string, arg?: unknown) {
    for (const fn of this.listeners.get(event) ?? []) fn(arg);
  }
  count() {
    return [...this.listeners.values()].reduce((n, s) => n + s.size, 0);
  }
}

const notification = {
  id: 'n1',
  resourceId: 'n1',
  type: 'admin_broadcast',
  title: 'Maintenance tonight',
  message: 'We will be down for 10 minutes.',
  isRead: false,
  createdAt: '2026-01-02T10:00:00.000Z',
  link: null,
};

let client: QueryClient;
let socket: FakeSocket;
let invalidated: unknown[][];

beforeEach(() => {
  client = new QueryClient();
  socket = new FakeSocket();
  invalidated = [];
  vi.spyOn(client, 'invalidateQueries').mockImplementation(async (filters) => {
    invalidated.push([...(filters?.queryKey ?? [])]);
  });
  vi.spyOn(client, 'refetchQueries').mockResolvedValue();
});

afterEach(() => vi.useRealTimers());

describe('bindRealtime', () => {
  it('listens to every spec event', () => {
    bindRealtime(socket, client);
    for (const event of REALTIME_EVENT_NAMES) expect(socket.listeners.get(event)?.size, event).toBe(1);
  });

  it('invalidates the keys of the shared table', () => {
    bindRealtime(socket, client);
    socket.emit('course:updated', { resourceId: 'c7' });
    expect(invalidated).toEqual([['/api/courses'], ['/api/tutor/courses'], ['/api/courses', 'c7']]);
  });

  it('data:updated invalidates the keys it carries', () => {
    bindRealtime(socket, client);
    socket.emit('data:updated', { queryKeys: [['/api/notifications'], ['/api/notifications/unread-count']] });
    expect(invalidated).toEqual([['/api/notifications'], ['/api/notifications/unread-count']]);
  });

  it('notification:new hands the notification over, then refreshes the bell', () => {
    const onNotification = vi.fn();
    bindRealtime(socket, client, { onNotification });
    socket.emit('notification:new', notification);
    const { resourceId: _r, ...expected } = notification;
    expect(onNotification).toHaveBeenCalledWith(expected);
    expect(invalidated).toEqual([['/api/notifications'], ['/api/notifications/unread-count']]);
  });

  it('ignores a payload that breaks the contract', () => {
    const onNotification = vi.fn();
    bindRealtime(socket, client, { onNotification });
    socket.emit('notification:new', { id: 'n1' });
    socket.emit('data:updated', { queryKeys: [] });
    socket.emit('job:updated', undefined);
    expect(onNotification).not.toHaveBeenCalled();
    expect(invalidated).toEqual([]);
  });

  it('refetches every active query on a reconnect, and only the server lists on the first connect', () => {
    bindRealtime(socket, client);
    socket.emit('connect');
    const first = vi.mocked(client.refetchQueries).mock.calls[0]![0] as {
      type: string;
      predicate: (q: unknown) => boolean;
    };
    expect(first.type).toBe('active');
    // Events sent between a list's first fetch and the connect reached nobody.
    expect(first.predicate({ queryKey: ['/api/notifications', { limit: 20, offset: 0 }] })).toBe(true);
    expect(first.predicate({ queryKey: ['user'] })).toBe(false);
    socket.emit('disconnect', 'transport close');
    socket.emit('connect');
    expect(client.refetchQueries).toHaveBeenLastCalledWith({ type: 'active' });
  });

  it('connects again after the server ends the socket, but not in a loop', () => {
    vi.useFakeTimers();
    let now = 0;
    bindRealtime(socket, client, { now: () => now });
    socket.emit('connect');
    // A long-lived socket ended by the session's end: one fresh try after the delay.
    now = 6 * 3_600_000;
    socket.emit('disconnect', 'io server disconnect');
    expect(socket.connects).toBe(0);
    vi.advanceTimersByTime(SOCKET_RECONNECT_DELAY_MS);
    expect(socket.connects).toBe(1);
    // Ended again and again right after connecting: give up after the allowed attempts.
    for (let i = 0; i < SOCKET_RECONNECT_ATTEMPTS + 2; i++) {
      socket.emit('connect');
      socket.emit('disconnect', 'io server disconnect');
      vi.advanceTimersByTime(SOCKET_RECONNECT_DELAY_MS);
    }
    expect(socket.connects).toBe(SOCKET_RECONNECT_ATTEMPTS);
  });

  it('leaves the other disconnect reasons to socket.io', () => {
    vi.useFakeTimers();
    bindRealtime(socket, client);
    socket.emit('connect');
    socket.emit('disconnect', 'transport close');
    vi.advanceTimersByTime(10 * SOCKET_RECONNECT_DELAY_MS);
    expect(socket.connects).toBe(0);
  });

  it('asks for a session check when the handshake is refused for want of one', () => {
    const onUnauthenticated = vi.fn();
    bindRealtime(socket, client, { onUnauthenticated });
    socket.emit('connect_error', Object.assign(new Error('xhr poll error'), { data: undefined }));
    expect(onUnauthenticated).not.toHaveBeenCalled();
    socket.emit(
      'connect_error',
      Object.assign(new Error('Please log in to continue.'), { data: { code: 'UNAUTHENTICATED' } }),
    );
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
  });

  it('unbinds everything it bound, and a pending reconnect does not fire', () => {
    vi.useFakeTimers();
    const unbind = bindRealtime(socket, client);
    expect(socket.count()).toBeGreaterThan(REALTIME_EVENT_NAMES.length);
    socket.emit('connect');
    socket.emit('disconnect', 'io server disconnect');
    unbind();
    expect(socket.count()).toBe(0);
    vi.advanceTimersByTime(SOCKET_RECONNECT_DELAY_MS);
    expect(socket.connects).toBe(0);
  });
});
