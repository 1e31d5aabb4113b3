import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findEverywhere } from '#server/features/privacy/testing/schema-walk';
import { createHarness, PASSWORD, type Harness } from '#server/test/harness';
import { mentee, mentorWithSchedule, subscribe } from '../testing/session-fixtures';
import { exportMentorSessions } from './sessions.privacy';

/** Decision 020 for decision 032's tables: exported, and nothing left of an erased member in them. */
let h: Harness;
const MINE = ['mentor_sessions.', 'mentor_availability.', 'mentor_availability_overrides.', 'mentor_session_flags.'];

beforeAll(async () => {
  h = await createHarness();
  h.clock.now = new Date('2027-08-01T06:00:00Z');
});
afterAll(() => h.close());

describe('sessions privacy', () => {
  it('exports schedule and sessions, and erases both sides', async () => {
    const mentor = await mentorWithSchedule(h);
    const [m, other] = [await mentee(h), await mentee(h)];
    const { mentorSessions, mentorAvailability, privacy } = h.services;
    await mentorAvailability.addOverride(mentor.user, { kind: 'off', date: '2027-08-20' });
    const sub = await subscribe(h, mentor, m);
    const s = await mentorSessions.book(m.user, { subscriptionId: sub, start: '2027-08-03T08:00:00Z' });
    const otherSub = await subscribe(h, mentor, other);
    const kept = await mentorSessions.book(other.user, { subscriptionId: otherSub, start: '2027-08-04T08:00:00Z' });
    await mentorSessions.cancel(m.user, s.id);

    const data = await exportMentorSessions(mentor.user.id, h.app.database.db);
    expect(data.availability).toMatchObject({ timeZone: 'Africa/Lagos' });
    expect(data.overrides).toEqual([{ date: '2027-08-20', kind: 'off', start: null, end: null }]);
    expect(data.sessions.map((x) => x.role)).toEqual(['mentor', 'mentor']);
    expect((await exportMentorSessions(m.user.id, h.app.database.db)).sessions).toMatchObject([
      { id: s.id, role: 'mentee', status: 'cancelled' },
    ]);

    await privacy.requestDeletion(m.user.id, PASSWORD);
    await privacy.requestDeletion(mentor.user.id, PASSWORD);
    h.clock.advance(8 * 86_400_000);
    await privacy.erase(m.user.id);
    const left = (await findEverywhere(h.app.database.db, [m.user.id])).filter((hit) =>
      MINE.some((t) => hit.column.startsWith(t)),
    );
    expect(left).toEqual([]);
    expect((await mentorSessions.list(other.user, { scope: 'all' })).map((x) => x.id)).toEqual([kept.id]);

    await privacy.erase(mentor.user.id);
    const mentorLeft = (await findEverywhere(h.app.database.db, [mentor.user.id])).filter((hit) =>
      MINE.some((t) => hit.column.startsWith(t)),
    );
    expect(mentorLeft).toEqual([]);
  });
});
