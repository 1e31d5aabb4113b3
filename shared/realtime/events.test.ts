import { describe, expect, it } from 'vitest';
import { REALTIME_EVENTS, REALTIME_EVENT_NAMES, queryKeysFor, type TQueryKey } from './events';

/** docs/spec.md §7: the only cached lists an event may refresh. */
const SPEC_PATHS = [
  '/api/mentor/plans',
  '/api/mentors/{id}/plans',
  '/api/mentor/subscriptions',
  '/api/mentor/earnings',
  '/api/courses',
  '/api/tutor/courses',
  '/api/courses/{id}',
  '/api/jobs',
  '/api/jobs/{id}',
  '/api/talent/gigs',
  '/api/talent/my-gigs',
  '/api/talent/gigs/{id}',
  '/api/talent/my-bids',
  '/api/notifications',
  '/api/notifications/unread-count',
];

const ids = { resourceId: 'r1', mentorId: 'm1', gigId: 'g1' };
const paths = (keys: TQueryKey[]) => keys.map((k) => k.join('/'));

describe('queryKeysFor', () => {
  it('covers every spec event and nothing else', () => {
    expect(REALTIME_EVENT_NAMES.sort()).toEqual(
      [
        'mentor_plan:created',
        'mentor_plan:updated',
        'mentor_plan:deleted',
        'subscription:created',
        'subscription:updated',
        'course:created',
        'course:updated',
        'course:deleted',
        'job:created',
        'job:updated',
        'gig:created',
        'gig:updated',
        'bid:created',
        'notification:new',
        'data:updated',
      ].sort(),
    );
  });

  it.each([
    ['mentor_plan:created', ['/api/mentor/plans', '/api/mentors/m1/plans']],
    ['mentor_plan:updated', ['/api/mentor/plans', '/api/mentors/m1/plans']],
    ['mentor_plan:deleted', ['/api/mentor/plans', '/api/mentors/m1/plans']],
    ['subscription:created', ['/api/mentor/subscriptions', '/api/mentor/earnings']],
    ['subscription:updated', ['/api/mentor/subscriptions', '/api/mentor/earnings']],
    ['course:created', ['/api/courses', '/api/tutor/courses']],
    ['course:updated', ['/api/courses', '/api/tutor/courses', '/api/courses/r1']],
    ['course:deleted', ['/api/courses', '/api/tutor/courses', '/api/courses/r1']],
    ['job:created', ['/api/jobs']],
    ['job:updated', ['/api/jobs', '/api/jobs/r1']],
    ['gig:created', ['/api/talent/gigs', '/api/talent/my-gigs']],
    ['gig:updated', ['/api/talent/gigs', '/api/talent/my-gigs', '/api/talent/gigs/r1']],
    ['bid:created', ['/api/talent/my-bids', '/api/talent/my-gigs', '/api/talent/gigs/g1']],
    ['notification:new', ['/api/notifications', '/api/notifications/unread-count']],
  ] as const)('%s refreshes %j', (event, expected) => {
    const payload = REALTIME_EVENTS[event].parse({ ...ids, ...notification }) as never;
    expect(paths(queryKeysFor(event, payload))).toEqual(expected);
  });

  it('data:updated refreshes the keys it carries', () => {
    const queryKeys = [['/api/courses', 'c9'], ['/api/talent/my-bids']];
    expect(queryKeysFor('data:updated', { queryKeys })).toEqual(queryKeys);
    expect(REALTIME_EVENTS['data:updated'].safeParse({ queryKeys: [] }).success).toBe(false);
  });

  it('only ever names the spec cache paths', () => {
    const templates = SPEC_PATHS.map((p) => new RegExp(`^${p.replace('{id}', '[^/]+')}$`));
    for (const event of REALTIME_EVENT_NAMES.filter((e) => e !== 'data:updated')) {
      const payload = REALTIME_EVENTS[event].parse({ ...ids, ...notification }) as never;
      for (const path of paths(queryKeysFor(event, payload))) {
        expect(
          templates.some((t) => t.test(path)),
          `${event} -> ${path}`,
        ).toBe(true);
      }
    }
  });
});

const notification = {
  id: 'r1',
  type: 'chat_message',
  title: 't',
  message: 'm',
  isRead: false,
  createdAt: new Date(0).toISOString(),
  link: null,
};
