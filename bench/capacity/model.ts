/**
 * The capacity bench's user model (decision 077): what one simulated member does and how often,
 * the scale of the seeded data, percentiles and the verdict on one step of the ramp. Pure: no
 * network, no clock of its own, so the scheduling and the verdict are unit-tested.
 */

/** One kind of thing a member does, every `everyS` seconds on average (uniform in [min, max]). */
export interface Activity {
  name: ActivityName;
  /** Seconds between two of them: drawn uniformly from [min, max] each time. */
  minS: number;
  maxS: number;
  /** Who does it: every member, the half with a conversation open, or the quarter playing a lesson. */
  who: 'all' | 'chatting' | 'learning';
  /** Why this rate: the spec line or the reasoning of decision 077. */
  source: string;
}

export type ActivityName =
  'dashboard' | 'user' | 'notifications' | 'extend' | 'browse' | 'chat' | 'lesson' | 'apply' | 'bid';

export const ACTIVITIES: readonly Activity[] = [
  { name: 'dashboard', minS: 300, maxS: 900, who: 'all', source: 'a return to the dashboard every 5-15 min' },
  { name: 'user', minS: 300, maxS: 300, who: 'all', source: 'spec: GET /api/user polled every 5 minutes' },
  { name: 'notifications', minS: 30, maxS: 30, who: 'all', source: 'spec: notifications poll every 30 s' },
  { name: 'extend', minS: 300, maxS: 300, who: 'all', source: 'spec: session extended at most once every 300 s' },
  { name: 'browse', minS: 30, maxS: 90, who: 'all', source: 'a list or search, then a detail page, every 30-90 s' },
  { name: 'chat', minS: 20, maxS: 60, who: 'chatting', source: 'issue 30: a message every 20-60 s' },
  { name: 'lesson', minS: 30, maxS: 30, who: 'learning', source: 'issue 30: lesson progress every 30 s' },
  { name: 'apply', minS: 600, maxS: 1_200, who: 'all', source: 'one job application per 10-20 min of activity' },
  { name: 'bid', minS: 600, maxS: 1_200, who: 'all', source: 'one gig bid per 10-20 min of activity' },
];

/** A deterministic generator (mulberry32), so a run's schedule can be replayed and tested. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * What member `index` does, the same at every step: members 4k and 4k+1 chat with each other
 * (conversation k; a pair is active once both are in the step), every fourth plays a lesson.
 */
export function roleOf(index: number, count: number): { chatting: boolean; learning: boolean } {
  return { chatting: index % 4 < 2 && (index | 1) < count, learning: index % 4 === 0 };
}

/** The conversation of a chatting member (index into Fixture.conversations) and its partner. */
export const pairOf = (index: number) => ({ conversation: Math.floor(index / 4), partner: index ^ 1 });

/** Conversations needed for `members` members. */
export const conversationsFor = (members: number) => Math.floor(members / 4) + (members % 4 >= 2 ? 1 : 0);

export const activitiesOf = (role: { chatting: boolean; learning: boolean }) =>
  ACTIVITIES.filter((a) => a.who === 'all' || (a.who === 'chatting' ? role.chatting : role.learning));

/** Seconds until the next one of `a`. */
export const interval = (a: Activity, random: () => number) => a.minS + (a.maxS - a.minS) * random();

/**
 * The first time of each activity: a uniform point in its first interval, so that members who
 * arrive together do not all poll in the same second (a real crowd's phases are spread).
 */
export const firstAt = (a: Activity, random: () => number) => interval(a, random) * random();

/** Every (time, activity) of one member from 0 to `seconds`, in time order. */
export function timeline(
  activities: readonly Activity[],
  seconds: number,
  random: () => number,
): Array<{ at: number; name: ActivityName }> {
  const out: Array<{ at: number; name: ActivityName }> = [];
  for (const a of activities)
    for (let t = firstAt(a, random); t < seconds; t += interval(a, random)) out.push({ at: t, name: a.name });
  return out.sort((x, y) => x.at - y.at);
}

/** Requests a second that `members` make on average: the load each step stands for. */
export function requestsPerSecond(members: number): number {
  let total = 0;
  for (let i = 0; i < members; i++)
    for (const a of activitiesOf(roleOf(i, members))) total += REQUESTS_PER[a.name] / ((a.minS + a.maxS) / 2);
  return total;
}

/** HTTP requests one activity makes (members.ts): the dashboard's four, browse's list and detail. */
export const REQUESTS_PER: Record<ActivityName, number> = {
  dashboard: 4,
  user: 1,
  notifications: 1,
  extend: 1,
  browse: 2,
  chat: 2,
  lesson: 1,
  apply: 1,
  bid: 1,
};

/** The national scale; PGlite gets a tenth, `--capacity-scale` any fraction. */
export const NATIONAL = {
  members: 1_000_000,
  talents: 100_000,
  jobs: 100_000,
  gigs: 100_000,
  courses: 20_000,
  notifications: 10_000_000,
  messages: 5_000_000,
};
export type Scale = typeof NATIONAL;

export function scaled(fraction: number): Scale {
  return Object.fromEntries(
    Object.entries(NATIONAL).map(([k, v]) => [k, Math.max(1, Math.round(v * fraction))]),
  ) as Scale;
}

/** The p-th percentile (0-100) of ascending `sorted` by the nearest-rank method; NaN when empty. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export interface StepFigures {
  members: number;
  routes: Array<{ route: string; count: number; p50: number; p99: number; failures: number }>;
  chat: { sent: number; delivered: number; p99: number };
  /** How long the step was held, seconds. */
  seconds: number;
  /** Live JS heap of each app process early and late in the step, MB (`floors` of its heap used). */
  heap: Array<{ start: number; end: number }>;
  /**
   * RSS of each app process, MB: the highest sample of this step and, when this step repeats the
   * previous one's member count (a memory round), the previous round's highest.
   */
  rss: Array<{ highest: number; previousRound?: number }>;
  /** Members whose socket did not connect. */
  unconnected: number;
}

export const GOALS = {
  routeP99Ms: 1_000,
  chatP99Ms: 250,
  /** Shorter steps print the heap but do not judge it. */
  heapJudgedFromS: 300,
  heapGrowth: 1.2,
  heapSlackMb: 32,
  rssGrowth: 1.1,
  rssSlackMb: 32,
};

/**
 * A memory reading over a step, sampled every few seconds: the floor (lowest sample) of the
 * first quarter and of the last. A heap's used size climbs between collections and drops at
 * each, so a sample taken near a peak reads as growth; a leak raises the floor.
 */
export function floors(samples: number[]): { start: number; end: number } {
  const quarter = Math.max(1, Math.floor(samples.length / 4));
  return { start: Math.min(...samples.slice(0, quarter)), end: Math.min(...samples.slice(-quarter)) };
}

/**
 * Why a step breaks the goals (empty when it held): every route's p99 ≤ 1 s, no failure, every
 * socket connected, chat 100 % delivered with p99 ≤ 250 ms, and memory flat (decision 099):
 * - no leak within a step of 5 minutes or more: no app's live-heap floor late in the step above
 *   1.2x its early floor plus 32 MB (requests in flight when a sample is read are part of it).
 *   In a shorter step the last quarter may hold no full collection: an app at 1,000 members read
 *   87 → 195 MB over a 60-s step, garbage the next mark-compact takes;
 * - RSS flat across rounds: a step that repeats the previous one's member count rises, at its
 *   highest, to at most 1.1x the previous round's highest plus 32 MB. Within one step RSS is not
 *   judged: V8 and the allocator grow to a new load's working size and keep what they took
 *   (the heap of an app that grew 268 → 445 MB of RSS at 1,500 members stayed at 94-103 MB).
 *   Not the floor: over three 10-minute rounds at 2,000 members an app's late RSS floor swung
 *   256-487 MB with the collector's timing while its highest stayed at 483-493 MB and its live
 *   heap at 91-109 MB (decision 101). A leak raises the highest too.
 */
export function verdict(s: StepFigures): string[] {
  const why: string[] = [];
  for (const r of s.routes) {
    if (r.p99 > GOALS.routeP99Ms) why.push(`${r.route} p99 ${Math.round(r.p99)} ms > ${GOALS.routeP99Ms}`);
    if (r.failures > 0) why.push(`${r.route}: ${r.failures} failed`);
  }
  if (s.unconnected > 0) why.push(`${s.unconnected} sockets not connected`);
  if (s.chat.sent > 0 && s.chat.delivered < s.chat.sent)
    why.push(`chat delivered ${s.chat.delivered} of ${s.chat.sent}`);
  if (s.chat.p99 > GOALS.chatP99Ms) why.push(`chat p99 ${Math.round(s.chat.p99)} ms > ${GOALS.chatP99Ms}`);
  for (const [i, m] of s.heap.entries())
    if (s.seconds >= GOALS.heapJudgedFromS && m.end > m.start * GOALS.heapGrowth + GOALS.heapSlackMb)
      why.push(`app ${i + 1} heap ${Math.round(m.start)} → ${Math.round(m.end)} MB`);
  for (const [i, m] of s.rss.entries())
    if (m.previousRound !== undefined && m.highest > m.previousRound * GOALS.rssGrowth + GOALS.rssSlackMb)
      why.push(
        `app ${i + 1} RSS highest ${Math.round(m.previousRound)} → ${Math.round(m.highest)} MB since the last round`,
      );
  return why;
}

/**
 * The largest step that held before the first that broke (0 when the first broke); when that
 * one repeats the count before it (memory rounds), the count did not hold.
 */
export function largestHeld(steps: Array<{ members: number; why: string[] }>): number {
  let held = 0;
  for (const s of steps) {
    // A memory round that broke takes back the rounds of its count before it.
    if (s.why.length)
      return s.members === held ? Math.max(0, ...steps.filter((x) => x.members < held).map((x) => x.members)) : held;
    held = s.members;
  }
  return held;
}
