import { describe, expect, it } from 'vitest';
import type { Schedule } from './availability-slots';
import { freeMentors, type Inputs } from './free-this-week';

const now = new Date('2027-10-04T06:00:00Z'); // a Monday
const mornings: Schedule = {
  timeZone: 'Africa/Lagos',
  weekly: [{ weekday: 3, start: '09:00', end: '10:00' }],
  bufferMinutes: 0,
  minNoticeHours: 12,
  horizonDays: 30,
};
const inputs = (over: Partial<Inputs> = {}): Inputs => ({
  schedules: new Map([['a', mornings]]),
  overrides: new Map(),
  busy: new Map(),
  ...over,
});

describe('freeMentors', () => {
  it('keeps a mentor with a free slot within 7 days', () => {
    expect(freeMentors([{ mentorId: 'a', minutes: 60 }], inputs(), now)).toEqual(['a']);
  });

  it('drops a mentor without a schedule, with the week off, or booked up', () => {
    expect(freeMentors([{ mentorId: 'none', minutes: null }], inputs(), now)).toEqual([]);
    expect(
      freeMentors(
        [{ mentorId: 'a', minutes: 60 }],
        inputs({ overrides: new Map([['a', [{ date: '2027-10-06', kind: 'off', start: null, end: null }]]]) }),
        now,
      ),
    ).toEqual([]);
    const booked = {
      startAt: new Date('2027-10-06T08:00:00Z'),
      endAt: new Date('2027-10-06T09:00:00Z'),
      bufferMinutes: 0,
    };
    expect(freeMentors([{ mentorId: 'a', minutes: 60 }], inputs({ busy: new Map([['a', [booked]]]) }), now)).toEqual(
      [],
    );
  });

  it('looks no further than 7 days', () => {
    expect(freeMentors([{ mentorId: 'a', minutes: 60 }], inputs(), new Date('2027-10-06T12:00:00Z'))).toEqual(['a']);
    const late: Schedule = { ...mornings, weekly: [] };
    const extra = new Map([['a', [{ date: '2027-10-12', kind: 'extra', start: '09:00', end: '10:00' }]]]);
    expect(
      freeMentors(
        [{ mentorId: 'a', minutes: 60 }],
        inputs({ schedules: new Map([['a', late]]), overrides: extra }),
        now,
      ),
    ).toEqual([]);
  });
});
