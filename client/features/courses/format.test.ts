import { describe, expect, it } from 'vitest';
import { canTeach, formatClock, formatDuration, plural } from './format';

describe('formatDuration', () => {
  it.each([
    [0, ''],
    [20, 'under a minute'],
    [90, '2m'],
    [45 * 60, '45m'],
    [3600, '1h'],
    [2 * 3600 + 5 * 60, '2h 5m'],
  ])('%d s is %j', (s, text) => expect(formatDuration(s)).toBe(text));
});

describe('formatClock', () => {
  it.each([
    [0, '0:00'],
    [245, '4:05'],
    [3750, '1:02:30'],
  ])('%d s is %j', (s, text) => expect(formatClock(s)).toBe(text));
});

it('counts in words', () => {
  expect(plural(1, 'lesson')).toBe('1 lesson');
  expect(plural(1200, 'learner')).toBe('1,200 learners');
});

it('lets whoever holds tutor or mentor teach, whatever their primary role', () => {
  expect(canTeach({ roles: ['general', 'tutor'] })).toBe(true);
  expect(canTeach({ roles: ['mentor'] })).toBe(true);
  expect(canTeach({ roles: ['general', 'employer'] })).toBe(false);
  expect(canTeach(undefined)).toBe(false);
});
