import { describe, expect, it } from 'vitest';
import {
  ACTIVITIES,
  activitiesOf,
  conversationsFor,
  largestHeld,
  pairOf,
  percentile,
  floors,
  requestsPerSecond,
  rng,
  roleOf,
  scaled,
  timeline,
  verdict,
  type StepFigures,
} from './model';

const step = (over: Partial<StepFigures> = {}): StepFigures => ({
  members: 100,
  seconds: 600,
  routes: [{ route: 'GET /api/jobs', count: 50, p50: 20, p99: 200, failures: 0 }],
  chat: { sent: 10, delivered: 10, p99: 40 },
  heap: [{ start: 90, end: 100 }],
  rss: [{ highest: 300 }],
  unconnected: 0,
  ...over,
});

describe('percentile', () => {
  it('takes the nearest rank', () => {
    const xs = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(xs, 50)).toBe(50);
    expect(percentile(xs, 99)).toBe(99);
    expect(percentile(xs, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([1, 2, 3], 0)).toBe(1);
  });
  it('is NaN for no samples', () => expect(percentile([], 50)).toBeNaN());
});

describe('the schedule', () => {
  it('polls notifications every 30 s, spread over the first 30 s', () => {
    const notifications = ACTIVITIES.find((a) => a.name === 'notifications')!;
    const times = timeline([notifications], 300, rng(1)).map((e) => e.at);
    expect(times[0]).toBeGreaterThanOrEqual(0);
    expect(times[0]).toBeLessThan(30);
    expect(times.length).toBe(10);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeCloseTo(30, 6);
  });
  it('sends a chat message every 20 to 60 s', () => {
    const chat = ACTIVITIES.find((a) => a.name === 'chat')!;
    const times = timeline([chat], 3_600, rng(2)).map((e) => e.at);
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(20);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(60);
    // About one every 40 s on average.
    expect(times.length).toBeGreaterThan(75);
    expect(times.length).toBeLessThan(105);
  });
  it('is in time order and the same for the same seed', () => {
    const a = timeline(ACTIVITIES, 600, rng(3));
    expect(a).toEqual(timeline(ACTIVITIES, 600, rng(3)));
    expect(a.map((e) => e.at)).toEqual([...a.map((e) => e.at)].sort((x, y) => x - y));
  });
  it('gives half the members a chat partner and a quarter a lesson', () => {
    const roles = Array.from({ length: 100 }, (_, i) => roleOf(i, 100));
    expect(roles.filter((r) => r.chatting).length).toBe(50);
    expect(roles.filter((r) => r.learning).length).toBe(25);
    expect(activitiesOf({ chatting: false, learning: false }).map((a) => a.name)).not.toContain('chat');
    expect(activitiesOf({ chatting: true, learning: true }).map((a) => a.name)).toContain('lesson');
  });
  it('keeps chat pairs whole and the same at every step', () => {
    expect(Array.from({ length: 7 }, (_, i) => roleOf(i, 7)).filter((r) => r.chatting).length).toBe(4);
    expect(Array.from({ length: 5 }, (_, i) => roleOf(i, 5)).filter((r) => r.chatting).length).toBe(2);
    expect(pairOf(5)).toEqual({ conversation: 1, partner: 4 });
    expect(pairOf(4)).toEqual({ conversation: 1, partner: 5 });
    expect(conversationsFor(5)).toBe(1);
    expect(conversationsFor(6)).toBe(2);
    expect(conversationsFor(100)).toBe(25);
  });
});

describe('the load a step stands for', () => {
  it('is about 0.12 requests a second a member', () => {
    expect(requestsPerSecond(0)).toBe(0);
    expect(requestsPerSecond(2_000) / 2_000).toBeCloseTo(0.116, 2);
  });
});

describe('the scale', () => {
  it('is the issue national scale times the fraction, at least one of each', () => {
    expect(scaled(0.1).notifications).toBe(1_000_000);
    expect(scaled(1).members).toBe(1_000_000);
    expect(scaled(0.000001).courses).toBe(1);
  });
});

describe('the verdict on a step', () => {
  it('holds when every goal is met', () => expect(verdict(step())).toEqual([]));
  it('breaks on a slow route, a failure, lost or slow chat, a socket or memory growth', () => {
    expect(verdict(step({ routes: [{ route: 'GET /x', count: 1, p50: 1, p99: 1_001, failures: 0 }] }))).toEqual([
      'GET /x p99 1001 ms > 1000',
    ]);
    expect(verdict(step({ routes: [{ route: 'GET /x', count: 1, p50: 1, p99: 1, failures: 2 }] }))).toEqual([
      'GET /x: 2 failed',
    ]);
    expect(verdict(step({ chat: { sent: 10, delivered: 9, p99: 10 } }))).toEqual(['chat delivered 9 of 10']);
    expect(verdict(step({ chat: { sent: 10, delivered: 10, p99: 251 } }))).toEqual(['chat p99 251 ms > 250']);
    expect(verdict(step({ unconnected: 1 }))).toEqual(['1 sockets not connected']);
    expect(verdict(step({ heap: [{ start: 100, end: 153 }] }))).toEqual(['app 1 heap 100 → 153 MB']);
    expect(verdict(step({ heap: [{ start: 100, end: 152 }] }))).toEqual([]);
    // A minute may end before the old generation is collected: printed, not judged.
    expect(verdict(step({ seconds: 60, heap: [{ start: 87, end: 195 }] }))).toEqual([]);
  });
  it('judges RSS only against the previous round of the same member count, at its highest', () => {
    // A new load's working size: RSS grew within the step and is not judged.
    expect(verdict(step({ rss: [{ highest: 445 }] }))).toEqual([]);
    // The second round rises above where the first peaked: RSS keeps growing.
    expect(verdict(step({ rss: [{ highest: 363, previousRound: 300 }] }))).toEqual([
      'app 1 RSS highest 300 → 363 MB since the last round',
    ]);
    expect(verdict(step({ rss: [{ highest: 362, previousRound: 300 }] }))).toEqual([]);
    // Decision 101's third round at 2,000 members: the floor swung 278 → 422 MB, the highest held.
    expect(verdict(step({ rss: [{ highest: 489, previousRound: 484 }] }))).toEqual([]);
  });
  it('reads a floor early and late, so a saw-tooth peak is not a leak', () => {
    // Used heap climbs between collections and drops at each: flat.
    expect(floors([262, 278, 326, 394, 417, 417, 434, 243])).toEqual({ start: 262, end: 243 });
    // The floor rises: a leak.
    expect(floors([200, 260, 210, 250, 320, 380, 330, 400])).toEqual({ start: 200, end: 330 });
    expect(floors([250])).toEqual({ start: 250, end: 250 });
  });
  it('reports the largest step before the first that broke', () => {
    expect(
      largestHeld([
        { members: 100, why: [] },
        { members: 250, why: [] },
        { members: 500, why: ['slow'] },
        { members: 1_000, why: [] },
      ]),
    ).toBe(250);
    expect(largestHeld([{ members: 100, why: ['slow'] }])).toBe(0);
    // Memory rounds: the third of three broke, so that count did not hold.
    expect(
      largestHeld([
        { members: 1_000, why: [] },
        { members: 2_000, why: [] },
        { members: 2_000, why: [] },
        { members: 2_000, why: ['app 2 RSS'] },
      ]),
    ).toBe(1_000);
    expect(largestHeld([2_000, 2_000, 2_000].map((members, i) => ({ members, why: i === 2 ? ['x'] : [] })))).toBe(0);
  });
});
