import { describe, expect, it } from 'vitest';
import { addDays, localDate, localDateTime, offsetAt, weekdayOf, zonedDateTime, zonedInstant } from './zoned-time';

describe('zoned time', () => {
  it('Lagos has no daylight saving: 09:00 is 08:00Z in March and October', () => {
    expect(zonedInstant('2027-03-27', '09:00', 'Africa/Lagos').toISOString()).toBe('2027-03-27T08:00:00.000Z');
    expect(zonedInstant('2027-03-29', '09:00', 'Africa/Lagos').toISOString()).toBe('2027-03-29T08:00:00.000Z');
    expect(zonedInstant('2027-10-30', '09:00', 'Africa/Lagos').toISOString()).toBe('2027-10-30T08:00:00.000Z');
    expect(zonedInstant('2027-11-01', '09:00', 'Africa/Lagos').toISOString()).toBe('2027-11-01T08:00:00.000Z');
  });

  it('London keeps its wall time across both changes', () => {
    expect(zonedInstant('2027-03-27', '09:00', 'Europe/London').toISOString()).toBe('2027-03-27T09:00:00.000Z');
    expect(zonedInstant('2027-03-28', '09:00', 'Europe/London').toISOString()).toBe('2027-03-28T08:00:00.000Z');
    expect(zonedInstant('2027-10-30', '09:00', 'Europe/London').toISOString()).toBe('2027-10-30T08:00:00.000Z');
    expect(zonedInstant('2027-10-31', '09:00', 'Europe/London').toISOString()).toBe('2027-10-31T09:00:00.000Z');
  });

  it('a time in the spring gap moves forward; a repeated autumn time is the earlier instant', () => {
    expect(zonedInstant('2027-03-28', '01:30', 'Europe/London').toISOString()).toBe('2027-03-28T01:30:00.000Z');
    expect(zonedInstant('2027-10-31', '01:30', 'Europe/London').toISOString()).toBe('2027-10-31T00:30:00.000Z');
    expect(zonedInstant('2027-03-14', '02:30', 'America/New_York').toISOString()).toBe('2027-03-14T07:30:00.000Z');
  });

  it('24:00 is the next midnight; dates and weekdays', () => {
    expect(zonedInstant('2027-03-27', '24:00', 'Africa/Lagos').toISOString()).toBe('2027-03-27T23:00:00.000Z');
    expect(localDate(new Date('2027-03-27T23:30:00Z'), 'Africa/Lagos')).toBe('2027-03-28');
    expect(localDate(new Date('2027-03-27T23:30:00Z'), 'Europe/London')).toBe('2027-03-27');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(weekdayOf('2027-03-28')).toBe(0);
    expect(offsetAt(new Date('2027-07-01T12:00:00Z'), 'Europe/London')).toBe(3_600_000);
    expect(offsetAt(new Date('2027-07-01T12:00:00Z'), 'Asia/Kolkata')).toBe(19_800_000);
  });

  it('a datetime-local value and its instant, both ways, across a change', () => {
    expect(localDateTime(new Date('2027-03-27T23:30:00Z'), 'Africa/Lagos')).toBe('2027-03-28T00:30');
    expect(localDateTime(new Date('2027-07-01T12:05:00Z'), 'Europe/London')).toBe('2027-07-01T13:05');
    expect(zonedDateTime('2027-03-28T00:30', 'Africa/Lagos').toISOString()).toBe('2027-03-27T23:30:00.000Z');
    expect(zonedDateTime('2027-07-01T13:05', 'Europe/London').toISOString()).toBe('2027-07-01T12:05:00.000Z');
    expect(zonedDateTime('2027-01-15T13:05', 'Europe/London').toISOString()).toBe('2027-01-15T13:05:00.000Z');
    const instant = new Date('2027-10-31T00:30:00Z');
    expect(zonedDateTime(localDateTime(instant, 'Europe/London'), 'Europe/London')).toEqual(instant);
  });
});
