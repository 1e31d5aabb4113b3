import { z } from 'zod';
import { ZNotification } from '../notifications/notifications.schemas';
import { REALTIME_TOPICS, type TRealtimeTopic } from './topics';

/**
 * The realtime contract (docs/spec.md §7): every server event, its payload, and the cached
 * queries it refreshes. A query key is the request path split at its ids, so that
 * `key.join('/')` gives the path back: ['/api/courses', id] is /api/courses/{id} and
 * ['/api/mentors', id, 'plans'] is /api/mentors/{id}/plans. Invalidating a key also refreshes
 * the keys it prefixes (TanStack Query matches prefixes), e.g. the paged notification lists.
 */
export type TQueryKey = readonly string[];
export const ZQueryKey = z.array(z.string().min(1).max(200)).min(1).max(5);

/** docs/spec.md §3, "Realtime event payload: resourceId": the id of what changed. */
const ZResource = z.object({ resourceId: z.string() });
const ZMentorPlanEvent = ZResource.extend({ mentorId: z.string() });
const ZBidEvent = ZResource.extend({ gigId: z.string() });

export const REALTIME_EVENTS = {
  'mentor_plan:created': ZMentorPlanEvent,
  'mentor_plan:updated': ZMentorPlanEvent,
  'mentor_plan:deleted': ZMentorPlanEvent,
  'subscription:created': ZResource,
  'subscription:updated': ZResource,
  'course:created': ZResource,
  'course:updated': ZResource,
  'course:deleted': ZResource,
  'job:created': ZResource,
  'job:updated': ZResource,
  'gig:created': ZResource,
  'gig:updated': ZResource,
  'bid:created': ZBidEvent,
  /** The presented notification; resourceId is its id. */
  'notification:new': ZNotification.extend({ resourceId: z.string() }),
  /** The generic event: the producer names the queries to refresh. */
  'data:updated': z.object({ queryKeys: z.array(ZQueryKey).min(1).max(50) }),
} as const;

export type TRealtimeEvent = keyof typeof REALTIME_EVENTS;
export type TRealtimePayload<E extends TRealtimeEvent> = z.infer<(typeof REALTIME_EVENTS)[E]>;
export const REALTIME_EVENT_NAMES = Object.keys(REALTIME_EVENTS) as TRealtimeEvent[];

/** socket.io's typed map of server-to-client events, for `Server<...>` and `Socket<...>`. */
export type TServerToClientEvents = { [E in TRealtimeEvent]: (payload: TRealtimePayload<E>) => void };
/**
 * Client events are declared one by one in client-events.ts; the server reads every one
 * through a single dispatcher that parses it with its schema, so socket.io's map stays open.
 */
export type TClientToServerEvents = Record<string, (...args: unknown[]) => void>;

type KeysOf = { [E in TRealtimeEvent]: (payload: TRealtimePayload<E>) => TQueryKey[] };

const MENTOR_PLANS = (p: { mentorId: string }): TQueryKey[] => [
  ['/api/mentor/plans'],
  ['/api/mentors', p.mentorId, 'plans'],
];
const COURSE_LISTS: TQueryKey[] = [['/api/courses'], ['/api/tutor/courses']];
const COURSE = (p: { resourceId: string }): TQueryKey[] => [...COURSE_LISTS, ['/api/courses', p.resourceId]];
const SUBSCRIPTIONS: TQueryKey[] = [['/api/mentor/subscriptions'], ['/api/mentor/earnings']];
const GIG_LISTS: TQueryKey[] = [['/api/talent/gigs'], ['/api/talent/my-gigs']];

const QUERY_KEYS: KeysOf = {
  'mentor_plan:created': MENTOR_PLANS,
  'mentor_plan:updated': MENTOR_PLANS,
  'mentor_plan:deleted': MENTOR_PLANS,
  'subscription:created': () => SUBSCRIPTIONS,
  'subscription:updated': () => SUBSCRIPTIONS,
  'course:created': () => COURSE_LISTS,
  'course:updated': COURSE,
  'course:deleted': COURSE,
  'job:created': () => [['/api/jobs']],
  'job:updated': (p) => [['/api/jobs'], ['/api/jobs', p.resourceId]],
  'gig:created': () => GIG_LISTS,
  'gig:updated': (p) => [...GIG_LISTS, ['/api/talent/gigs', p.resourceId]],
  'bid:created': (p) => [['/api/talent/my-bids'], ['/api/talent/my-gigs'], ['/api/talent/gigs', p.gigId]],
  'notification:new': () => [['/api/notifications'], ['/api/notifications/unread-count']],
  'data:updated': (p) => p.queryKeys,
};

/** The cached queries an event refreshes. */
export function queryKeysFor<E extends TRealtimeEvent>(event: E, payload: TRealtimePayload<E>): TQueryKey[] {
  return QUERY_KEYS[event](payload);
}

/** The topic (topics.ts) of each event sent to everyone who watches a list. */
const TOPIC_OF_EVENT: Partial<Record<TRealtimeEvent, TRealtimeTopic>> = {
  'job:created': 'jobs',
  'job:updated': 'jobs',
  'gig:created': 'gigs',
  'gig:updated': 'gigs',
  'course:created': 'courses',
  'course:updated': 'courses',
  'course:deleted': 'courses',
  'mentor_plan:created': 'mentor-plans',
  'mentor_plan:updated': 'mentor-plans',
  'mentor_plan:deleted': 'mentor-plans',
};

/** The topic of an event sent to everyone, or undefined for the others (sent to their users). */
export const topicOf = (event: TRealtimeEvent): TRealtimeTopic | undefined => TOPIC_OF_EVENT[event];

/** Any id: the heads of the keys an event refreshes do not depend on its payload. */
const ANY_PAYLOAD = { resourceId: '-', mentorId: '-', gigId: '-' } as never;

/**
 * The request paths (query keys' first element) a topic's events refresh: a page with a query
 * under one of them watches the topic. Read from the table above, so the two cannot disagree.
 */
export const TOPIC_PATHS = {} as Record<TRealtimeTopic, ReadonlySet<string>>;
for (const topic of REALTIME_TOPICS) {
  const events = REALTIME_EVENT_NAMES.filter((e) => TOPIC_OF_EVENT[e] === topic);
  TOPIC_PATHS[topic] = new Set(events.flatMap((e) => QUERY_KEYS[e](ANY_PAYLOAD).map((key) => key[0]!)));
}
