import { afterAll, beforeAll } from 'vitest';
import { describeAuthzMatrix, type AuthzRow } from '#server/test/authz-matrix';
import { createHarness, type Harness } from '#server/test/harness';
import { actor, type Actor } from '#server/features/courses/testing/course-fixtures';
import { EVERY_DAY_9_TO_12, mentorWithSchedule, subscribe } from '../testing/session-fixtures';

/**
 * Who may do what with schedules and sessions (decision 032), on fresh data. "mentor" and
 * "mentee" are the two people of the sessions; "otherMentor" has a schedule of their own;
 * "suspended" is a mentor suspended from mentorship. Sessions are private: anyone but their two
 * people gets 404, admins included (the admin console reads flags through the service).
 */
let h: Harness;
const WHO = ['visitor', 'member', 'mentor', 'otherMentor', 'mentee', 'otherMentee', 'suspended', 'admin'] as const;
type Who = (typeof WHO)[number];
const people = {} as Record<Who, Actor | null>;
let subscriptionId = '';
let next = 0;

beforeAll(async () => {
  h = await createHarness();
  h.clock.now = new Date('2027-06-01T06:00:00Z');
  people.visitor = null;
  people.member = await actor(h, 'general');
  people.mentor = await mentorWithSchedule(h);
  people.otherMentor = await mentorWithSchedule(h);
  people.mentee = await actor(h, 'mentee');
  people.otherMentee = await actor(h, 'mentee');
  people.suspended = await mentorWithSchedule(h);
  people.admin = await actor(h, 'admin');
  await h.services.accounts.suspend(people.suspended.user.id, { reason: 'No-shows', restrictions: ['mentorship'] });
  subscriptionId = await subscribe(h, people.mentor, people.mentee, { sessionsPerMonth: 200 });
  await subscribe(h, people.otherMentor, people.otherMentee);
});
afterAll(() => h.close());

/** A fresh free slot of "mentor": days 2-29 of June, 09:00, 10:00 or 11:00 in Lagos. */
function slot(): string {
  const n = next++;
  const day = String(2 + Math.floor(n / 3)).padStart(2, '0');
  return `2027-06-${day}T${String(8 + (n % 3)).padStart(2, '0')}:00:00.000Z`;
}
async function session(): Promise<string> {
  return (await h.services.mentorSessions.book(people.mentee!.user, { subscriptionId, start: slot() })).id;
}
async function override(): Promise<string> {
  return (await h.services.mentorAvailability.addOverride(people.mentor!.user, { kind: 'off', date: '2027-07-30' })).id;
}
// Saving the same schedule keeps the slots the session rows below book.
const schedule = { timeZone: 'Africa/Lagos', weekly: EVERY_DAY_9_TO_12, bufferMinutes: 0 };
const mentorId = () => people.mentor!.user.id;

const rows: AuthzRow[] = [
  {
    route: 'GET /api/mentor/availability',
    call: async () => ['GET', '/api/mentor/availability'],
    expect: [401, 403, 200, 200, 403, 403, 403, 403],
  },
  {
    route: 'PUT /api/mentor/availability',
    call: async () => ['PUT', '/api/mentor/availability', schedule],
    expect: [401, 403, 200, 200, 403, 403, 403, 403],
  },
  {
    route: 'POST /api/mentor/availability/overrides',
    call: async () => ['POST', '/api/mentor/availability/overrides', { kind: 'off', date: '2027-07-31' }],
    expect: [401, 403, 201, 201, 403, 403, 403, 403],
  },
  {
    route: 'DELETE /api/mentor/availability/overrides/{id}',
    call: async () => ['DELETE', `/api/mentor/availability/overrides/${await override()}`],
    expect: [401, 403, 204, 404, 403, 403, 403, 403],
  },
  {
    route: 'GET /api/mentors/{id}/slots',
    call: async () => ['GET', `/api/mentors/${mentorId()}/slots`],
    expect: [200, 200, 200, 200, 200, 200, 403, 200],
  },
  {
    route: 'GET /api/mentors/{id}/attendance',
    call: async () => ['GET', `/api/mentors/${mentorId()}/attendance`],
    expect: [200, 200, 200, 200, 200, 200, 403, 200],
  },
  {
    route: 'POST /api/mentorship/sessions',
    call: async () => ['POST', '/api/mentorship/sessions', { subscriptionId, start: slot() }],
    expect: [401, 404, 404, 404, 201, 404, 403, 404],
  },
  {
    route: 'GET /api/mentorship/sessions',
    call: async () => ['GET', '/api/mentorship/sessions?role=mentee'],
    expect: [401, 200, 200, 200, 200, 200, 403, 200],
  },
  {
    route: 'GET /api/mentorship/allowances',
    call: async () => ['GET', '/api/mentorship/allowances'],
    expect: [401, 200, 200, 200, 200, 200, 403, 200],
  },
  {
    route: 'POST /api/mentorship/sessions/{id}/reschedule',
    call: async () => ['POST', `/api/mentorship/sessions/${await session()}/reschedule`, { start: slot() }],
    expect: [401, 404, 200, 404, 200, 404, 403, 404],
  },
  {
    route: 'POST /api/mentorship/sessions/{id}/cancel',
    call: async () => ['POST', `/api/mentorship/sessions/${await session()}/cancel`],
    expect: [401, 404, 200, 404, 200, 404, 403, 404],
  },
];

describeAuthzMatrix(() => h, WHO, people, rows);
